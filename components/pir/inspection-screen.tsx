'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { FolderOpenIcon } from 'lucide-react';
import { pirCallId } from '@/lib/contract';
import { useAppRoute } from '@/lib/hooks/use-location-path';
import { href } from '@/lib/routes/shell-path';
import { Button } from '@/components/ui/button';
import { ReportFrame, ReportHeader } from './report-frame';

/** /pir/{id}: the inspection page frame (steps come with the inspection issue). */
export function InspectionScreen() {
  const t = useTranslations('pir');
  const route = useAppRoute();
  const id = route?.name === 'pir' ? route.id : null;
  return (
    <ReportFrame id={id}>
      {(report) => (
        <>
          <ReportHeader report={report} />
          <Button asChild variant="outline">
            <Link href={href.vessel(pirCallId(report))}>
              <FolderOpenIcon aria-hidden /> {t('vesselFiles')}
            </Link>
          </Button>
        </>
      )}
    </ReportFrame>
  );
}
