import { SHELL_SEGMENT } from '@/lib/routes/shell-path';
import { InspectionScreen } from '@/features/inspection/components/inspection-screen';

/** One shell for every report; the real id is read from the address (see lib/routes/shell-path). */
export function generateStaticParams() {
  return [{ id: SHELL_SEGMENT }];
}

export default function InspectionPage() {
  return <InspectionScreen />;
}
