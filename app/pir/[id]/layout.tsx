import { ReportMessages } from '@/components/pir/report-messages';

/** The report screens use the screen messages too (see components/app/screen-messages.tsx). */
export default function ReportLayout({ children }: { children: React.ReactNode }) {
  return <ReportMessages>{children}</ReportMessages>;
}
