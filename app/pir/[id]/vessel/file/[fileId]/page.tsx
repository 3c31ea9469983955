import { SHELL_SEGMENT } from '@/lib/routes/shell-path';
import { VesselScreen } from '@/features/vessel/components/vessel-screen';

export function generateStaticParams() {
  return [{ id: SHELL_SEGMENT, fileId: SHELL_SEGMENT }];
}

export default function VesselFilePage() {
  return <VesselScreen />;
}
