'use client';
import { useAppRoute } from '@/lib/hooks/use-location-path';
import { ReportFrame } from '@/components/report/report-frame';
import { VesselFiles } from './vessel-files';
import { FileViewer } from './file-viewer';

/**
 * /pir/{id}/vessel, /category/{fileType} and /file/{fileId} (SPEC §2): the vessel files page with
 * its segments, and the file viewer. The ids come from the address (the routes are pre-rendered
 * once with `_` ids).
 */
export function VesselScreen() {
  const route = useAppRoute();
  const id = route && (route.name === 'vessel' || route.name === 'vesselCategory' || route.name === 'vesselFile') ? route.id : null;
  return (
    <ReportFrame id={id}>
      {(report) =>
        route?.name === 'vesselFile' ? (
          <FileViewer key={route.fileId} report={report} fileKey={route.fileId} />
        ) : (
          <VesselFiles report={report} segment={route?.name === 'vesselCategory' ? route.fileType : 'pictures'} />
        )
      }
    </ReportFrame>
  );
}
