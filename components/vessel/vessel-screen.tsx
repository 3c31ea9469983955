'use client';
import { AppLink as Link } from '@/components/app/app-link';
import { useTranslations } from 'next-intl';
import { ArrowLeftIcon } from 'lucide-react';

import { useAppRoute } from '@/lib/hooks/use-location-path';
import { href } from '@/lib/routes/shell-path';
import { Button } from '@/components/ui/button';
import { ReportFrame, ReportHeader } from '@/components/pir/report-frame';

/** /pir/{id}/vessel, /category/{fileType} and /file/{fileId}: the vessel files frame. */
export function VesselScreen() {
  const t = useTranslations('vessel');
  const route = useAppRoute();
  const id = route && (route.name === 'vessel' || route.name === 'vesselCategory' || route.name === 'vesselFile') ? route.id : null;
  const title =
    route?.name === 'vesselCategory'
      ? t('category', { fileType: route.fileType })
      : route?.name === 'vesselFile'
        ? t('file', { fileId: route.fileId })
        : t('title');
  return (
    <ReportFrame id={id}>
      {(report) => (
        <>
          <ReportHeader report={report} title={title} />
          <Button asChild variant="outline">
            <Link href={href.pir(report.id)}>
              <ArrowLeftIcon aria-hidden /> {t('backToReport')}
            </Link>
          </Button>
        </>
      )}
    </ReportFrame>
  );
}
