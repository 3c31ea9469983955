import { ReportsScreen } from '@/features/reports/components/reports-screen';

export default function ReportsPage() {
  return <ReportsScreen />;
}
