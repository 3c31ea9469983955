'use client';
import { useTranslations } from 'next-intl';
import { ShipIcon } from 'lucide-react';
import { useState } from 'react';
import type { Pir } from '@/lib/contract';
import { remoteFileId } from '@/lib/local-data/files-store';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { firstVesselPicture } from '@/lib/reports/card';
import { cn } from '@/lib/utils';

/**
 * The report's first vessel picture, from the tablet's stored files when it was downloaded (at
 * preparation); otherwise, or when the image cannot be decoded, a neutral placeholder. It never
 * downloads: a card is not worth a request with the inspector's token.
 *
 * Give it `key={report.status}` where a report can move on while shown, so a picture downloaded by
 * the preparation is picked up when the report becomes ready.
 */
export function ReportThumbnail({ report, className }: { report: Pick<Pir, 'vesselPictures'>; className?: string }) {
  const t = useTranslations('reports.card');
  const picture = firstVesselPicture(report);
  const { url } = useStoredFileUrl(picture ? remoteFileId(picture.downloadLink) : null);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url !== null && failed !== url;

  return (
    <div
      className={cn('relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted text-muted-foreground', className)}
      data-testid="report-thumbnail"
      data-state={shown ? 'picture' : 'placeholder'}
      title={shown ? undefined : t('noPicture')}
    >
      {shown ? (
        // The title beside it names the vessel: the picture adds nothing a screen reader needs.
        <img src={url} alt="" className="size-full object-cover" decoding="async" draggable={false} onError={() => setFailed(url)} />
      ) : (
        <ShipIcon className="size-1/3 min-h-6 min-w-6 opacity-60" aria-hidden />
      )}
    </div>
  );
}
