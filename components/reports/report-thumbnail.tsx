'use client';
import { useTranslations } from 'next-intl';
import { ShipIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useObjectUrl } from '@/lib/hooks/use-object-url';
import { download } from '@/lib/api/transfer';
import { useOnline } from '@/lib/hooks/use-online';
import type { Pir } from '@/lib/contract';
import { remoteFileId } from '@/lib/local-data/files-store';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { firstVesselPicture } from '@/lib/reports/card';
import { cn } from '@/lib/utils';

/**
 * The report's first vessel picture: from the tablet's stored files when it was downloaded (at
 * preparation); otherwise, online, fetched with the token and kept in memory only (never stored, so
 * it says nothing about what the tablet holds offline); else, or when the image cannot be decoded,
 * a neutral placeholder.
 *
 * Give it `key={report.status}` where a report can move on while shown, so a picture downloaded by
 * the preparation is picked up when the report becomes ready.
 */
export function ReportThumbnail({ report, className }: { report: Pick<Pir, 'vesselPictures'>; className?: string }) {
  const t = useTranslations('reports.card');
  const picture = firstVesselPicture(report);
  const stored = useStoredFileUrl(picture ? remoteFileId(picture.downloadLink) : null);
  const online = useOnline();
  const remote = useQuery({
    queryKey: ['thumbnail', picture?.downloadLink],
    queryFn: async () => {
      const { bytes, contentType } = await download(picture!.downloadLink);
      return new Blob([bytes], { type: contentType });
    },
    enabled: Boolean(picture) && stored.missing && online,
    persister: undefined,
    networkMode: 'online',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const remoteUrl = useObjectUrl(stored.missing ? remote.data : undefined);
  const url = stored.url ?? remoteUrl;
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

