import { ReportsScreen } from '@/components/reports/reports-screen';

export default function ReportsPage() {
  return <ReportsScreen />;
}
