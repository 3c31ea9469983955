'use client';
import { useTranslations } from 'next-intl';
import { ShipIcon } from 'lucide-react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { download } from '@/lib/api/transfer';
import { useOnline } from '@/lib/hooks/use-online';
import type { Pir, VesselPicture } from '@/lib/contract';
import { remoteFileId } from '@/lib/local-data/files-store';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { firstVesselPicture } from '@/lib/reports/card';
import { cn } from '@/lib/utils';

const THUMBNAIL = 'thumbnail';

/**
 * One object URL per downloaded picture, made when first shown and released when the query cache
 * drops or replaces the picture. Creating one is a synchronous round trip to the browser process
 * (a millisecond or more on a busy tablet), and a list of cards mounts many thumbnails at once after
 * each search: remounted cards reuse the URL instead of making a new one each time.
 */
const remoteUrls = new Map<string, { blob: Blob; url: string }>();
const watchedClients = new WeakSet<QueryClient>();

function remoteUrl(client: QueryClient, link: string, blob: Blob): string {
  if (!watchedClients.has(client)) {
    watchedClients.add(client);
    client.getQueryCache().subscribe((event) => {
      const query = event.query;
      if (query.queryKey[0] !== THUMBNAIL) return;
      const link = query.queryKey[1];
      const known = typeof link === 'string' ? remoteUrls.get(link) : undefined;
      if (!known || (event.type !== 'removed' && query.state.data === known.blob)) return;
      URL.revokeObjectURL(known.url);
      remoteUrls.delete(link as string);
    });
  }
  const known = remoteUrls.get(link);
  if (known?.blob === blob) return known.url;
  if (known) URL.revokeObjectURL(known.url);
  const url = URL.createObjectURL(blob);
  remoteUrls.set(link, { blob, url });
  return url;
}

/**
 * Card pictures downloaded at once. A list starts dozens; the browser has six connections to the
 * server, and a claim, a save or an upload must never wait behind a card's picture.
 */
const CARD_PICTURES_AT_ONCE = 2;
let picturesRunning = 0;
const picturesWaiting: (() => void)[] = [];

/** Waits for one of the card pictures' slots (or for `signal`); resolves with its release. */
async function pictureSlot(signal: AbortSignal): Promise<() => void> {
  if (picturesRunning < CARD_PICTURES_AT_ONCE) picturesRunning++;
  else {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        picturesWaiting.splice(picturesWaiting.indexOf(go), 1);
        reject(signal.reason);
      };
      picturesWaiting.push(go);
      signal.addEventListener('abort', stop, { once: true });
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The slot goes straight to the next picture waiting, or back to the pool.
    const next = picturesWaiting.shift();
    if (next) next();
    else picturesRunning--;
  };
}

/** A picture fetched with the token for a card, kept in memory only (never stored). */
function remotePictureQuery(link: string) {
  return queryOptions({
    queryKey: [THUMBNAIL, link],
    queryFn: async ({ signal }) => {
      const release = await pictureSlot(signal);
      try {
        const { content, contentType } = await download(link, { signal, priority: 'low' });
        return new Blob([content], { type: contentType });
      } finally {
        release();
      }
    },
    persister: undefined,
    networkMode: 'online',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/**
 * Starts fetching pictures the cards will show (`picturesShownFirst`): a card asks for its picture
 * only once it is drawn and has looked for a stored copy, several steps after the listing arrives.
 */
export function prefetchCardPictures(client: QueryClient, pictures: readonly Pick<VesselPicture, 'downloadLink'>[]) {
  for (const p of pictures) void client.prefetchQuery(remotePictureQuery(p.downloadLink));
}

/** The inspector left the list: the card pictures still on their way or waiting stop. */
export function stopCardPictures(client: QueryClient) {
  void client.cancelQueries({ queryKey: [THUMBNAIL] });
}

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
  const stored = useStoredFileUrl(picture ? remoteFileId(picture.downloadLink) : null, { small: true });
  const online = useOnline();
  const client = useQueryClient();
  const remote = useQuery({ ...remotePictureQuery(picture?.downloadLink ?? ''), enabled: Boolean(picture) && stored.missing && online });
  // A picture already fetched shows while the stored copy is still looked for; the stored one wins.
  const fetched = !stored.url && picture && remote.data ? remoteUrl(client, picture.downloadLink, remote.data) : null;
  const url = stored.url ?? fetched;
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

