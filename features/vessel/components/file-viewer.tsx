'use client';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { AlertTriangleIcon, CloudDownloadIcon, CloudOffIcon, DownloadIcon, Loader2Icon, MinusIcon, PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Pir } from '@/lib/contract';
import { useOnline } from '@/lib/hooks/use-online';
import { href } from '@/lib/routes/shell-path';
import { downloadName, findVesselFile, viewerKind, type VesselFile } from '@/features/vessel/model/files';
import { canZoomIn, canZoomOut, zoomPercent } from '@/features/vessel/model/zoom';
import { useErrorText } from '@/components/shared/use-error-text';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format/bytes';
import { KindIcon, useVesselLabels, VesselHeader } from './vessel-common';
import { useObjectUrl } from '@/features/vessel/components/use-object-url';
import { saveBytes, useStoredFile } from '../data/use-stored-file';
import { useElementSize, useZoom, type PinchPreview } from './use-zoom';

/** SPEC §8: the PDF may take this long to prepare before the viewer gives up with a message. */
const PDF_PREPARING_MS = 10_000;

// pdf.js is loaded with the viewer only: no other route downloads it.
const PdfDocument = dynamic(() => import('@/components/pdf/pdf-document').then((m) => m.PdfDocument), { ssr: false, loading: () => null });

/** /pir/{id}/vessel/file/{fileId}: one file of the report, from the tablet's copy. */
export function FileViewer({ report, fileKey }: { report: Pir; fileKey: string }) {
  const t = useTranslations('vessel');
  const file = findVesselFile(report, fileKey);
  if (!file) {
    return (
      <div className="flex flex-col gap-6">
        <VesselHeader report={report} title={t('title')} back={{ href: href.vessel(report.id), label: t('backToFiles') }} />
        <p role="alert" className="rounded-lg border border-dashed p-6 text-muted-foreground">
          {t('viewer.notFound')}
        </p>
      </div>
    );
  }
  return <Viewer report={report} file={file} />;
}

function Viewer({ report, file }: { report: Pir; file: VesselFile }) {
  const t = useTranslations('vessel');
  const { state, fetchFile } = useStoredFile(report.id, file);
  const record = state.status === 'stored' ? state.record : null;
  const kind = record ? viewerKind(record.contentType) : file.kind;
  const zoomable = !!record && kind !== 'other';
  const { viewport, zoom, pinch, zoomIn, zoomOut } = useZoom(zoomable);
  const locale = useLocale();
  const { fileTag } = useVesselLabels();
  const size = record?.size ?? file.size;
  const details = [t(`kinds.${kind}`), file.segment !== 'pictures' && t(`segments.${file.segment}`), fileTag(file), size !== null && formatBytes(size, locale)]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="flex flex-col gap-3 sm:gap-4" data-testid="file-viewer" data-kind={kind}>
      <VesselHeader
        report={report}
        title={file.name}
        back={{ href: href.vesselCategory(report.id, file.segment), label: t('backToFiles') }}
      />
      {/* One row in every shape (on a phone a wrapped toolbar would push the picture below the fold): the details give way, the buttons keep 44 px. */}
      <div role="toolbar" aria-label={t('viewer.toolbar')} className="flex items-center gap-2 rounded-xl border bg-card p-1.5 sm:p-2">
        <span className="flex min-w-0 flex-1 items-center gap-2 px-1 text-sm text-muted-foreground sm:px-2" data-testid="viewer-details">
          <KindIcon kind={kind} className="size-4 shrink-0" />
          <span className="truncate" title={details}>
            {details}
          </span>
        </span>
        {zoomable && (
          <div className="flex shrink-0 items-center gap-1" data-testid="zoom-controls">
            <Button type="button" variant="outline" size="icon" onClick={zoomOut} disabled={!canZoomOut(zoom)} aria-label={t('viewer.zoomOut')} title={t('viewer.zoomOut')}>
              <MinusIcon aria-hidden />
            </Button>
            <output className="min-w-12 text-center text-sm font-semibold tabular-nums sm:min-w-16" aria-live="polite" data-testid="zoom-level" data-zoom={zoom}>
              {zoomPercent(zoom)} %
            </output>
            <Button type="button" variant="outline" size="icon" onClick={zoomIn} disabled={!canZoomIn(zoom)} aria-label={t('viewer.zoomIn')} title={t('viewer.zoomIn')}>
              <PlusIcon aria-hidden />
            </Button>
          </div>
        )}
        <Button
          type="button"
          variant="outline"
          className="max-sm:size-11 max-sm:px-0"
          disabled={!record}
          onClick={() => record && saveBytes(record.content, record.contentType, downloadName(record.filename || file.name, record.contentType))}
          aria-label={t('viewer.downloadName', { name: file.name })}
          title={t('viewer.download')}
        >
          <DownloadIcon aria-hidden /> <span className="max-sm:sr-only">{t('viewer.download')}</span>
        </Button>
      </div>
      {zoomable && <p className="sr-only">{t('viewer.zoomHint')}</p>}
      <div
        ref={viewport}
        data-testid="viewer-viewport"
        tabIndex={zoomable ? 0 : undefined}
        aria-label={file.name}
        className="relative h-[calc(100dvh-var(--tabbar-height)-14rem)] min-h-64 touch-pan-x max-sm:p-1.5 sm:min-h-80 touch-pan-y overflow-auto overscroll-contain rounded-xl border bg-muted/60 p-3 outline-none [scrollbar-gutter:stable] focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {state.status === 'loading' && <Busy label={t('viewer.loading')} />}
        {state.status === 'missing' && <NotStored fetching={state.fetching} error={state.error} onFetch={() => void fetchFile()} />}
        {record && kind === 'image' && <ImageView content={record.content} contentType={record.contentType} name={file.name} zoom={zoom} pinch={pinch} viewport={viewport} />}
        {record && kind === 'pdf' && <PdfView content={record.content} zoom={zoom} pinch={pinch} viewport={viewport} />}
        {record && kind === 'other' && (
          <div className="grid h-full place-items-center p-6 text-center text-muted-foreground">
            <p>{t('viewer.cannotShow')}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function Busy({ label }: { label: string }) {
  return (
    <div className="grid h-full place-items-center" role="status" data-testid="viewer-busy">
      <span className="flex flex-col items-center gap-3 text-muted-foreground">
        <Loader2Icon className="size-10 animate-spin motion-reduce:animate-none" aria-hidden />
        {label}
      </span>
    </div>
  );
}

function Failure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useTranslations('vessel.viewer');
  return (
    <div className="grid h-full place-items-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <AlertTriangleIcon className="size-10 text-destructive" aria-hidden />
        <p role="alert" data-testid="viewer-error" className="font-medium">
          {message}
        </p>
        {onRetry && (
          <Button type="button" variant="outline" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Not on the tablet: say so, and offer to fetch it when online (disabled, with the reason, offline). */
function NotStored({ fetching, error, onFetch }: { fetching: boolean; error: unknown; onFetch: () => void }) {
  const t = useTranslations('vessel.viewer');
  const errorText = useErrorText();
  const online = useOnline();
  return (
    <div className="grid h-full place-items-center p-6" data-testid="not-stored">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <CloudOffIcon className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-semibold">{t('notStored')}</p>
        <p className="text-muted-foreground">{t('notStoredHint')}</p>
        <Button type="button" onClick={onFetch} disabled={!online || fetching} aria-describedby={online ? undefined : 'fetch-offline-reason'}>
          {fetching ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <CloudDownloadIcon aria-hidden />}
          {fetching ? t('fetching') : t('fetch')}
        </Button>
        {!online && (
          <p id="fetch-offline-reason" className="text-sm text-muted-foreground">
            {t('offlineReason')}
          </p>
        )}
        {error !== null && !fetching && (
          <p role="alert" data-testid="viewer-error" className="text-sm font-medium text-destructive">
            {errorText(error)}
          </p>
        )}
      </div>
    </div>
  );
}

function pinchStyle(pinch: PinchPreview | null): React.CSSProperties | undefined {
  return pinch ? { transform: `scale(${pinch.scale})`, transformOrigin: `${pinch.originX}px ${pinch.originY}px` } : undefined;
}


function ImageView({
  content,
  contentType,
  name,
  zoom,
  pinch,
  viewport,
}: {
  content: ArrayBuffer;
  contentType: string;
  name: string;
  zoom: number;
  pinch: PinchPreview | null;
  viewport: React.RefObject<HTMLDivElement | null>;
}) {
  const errorText = useErrorText();
  const blob = useMemo(() => new Blob([content], { type: contentType }), [content, contentType]);
  const url = useObjectUrl(blob);
  const box = useElementSize(viewport);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  if (failed) return <Failure message={errorText(new Error('could not load image'))} />;
  // Zoom 1 fits the whole picture in the viewport; each step enlarges it from there.
  const fit = box && natural ? Math.min(box.width, (box.height * natural.w) / natural.h) : null;
  return (
    // On a phone the picture sits at the top of the viewport, right under the toolbar, not in the middle of the space below.
    <div className="grid min-h-full w-max min-w-full items-start justify-items-center sm:items-center" style={pinchStyle(pinch)}>
      {url && (
        <img
          src={url}
          alt={name}
          draggable={false}
          data-testid="viewer-image"
          onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth || 1, h: e.currentTarget.naturalHeight || 1 })}
          onError={() => setFailed(true)}
          className="max-w-none select-none"
          style={fit ? { width: Math.floor(fit * zoom), height: 'auto' } : { visibility: 'hidden' }}
        />
      )}
    </div>
  );
}

type PdfStatus = 'preparing' | 'ready' | 'failed' | 'timeout';

/** The PDF, with a "preparing" state of at most 10 s (SPEC §8), then a message and a retry. */
function PdfView({ content, zoom, pinch, viewport }: { content: ArrayBuffer; zoom: number; pinch: PinchPreview | null; viewport: React.RefObject<HTMLDivElement | null> }) {
  const t = useTranslations('vessel.viewer');
  const box = useElementSize(viewport);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<{ attempt: number; value: PdfStatus }>({ attempt: 0, value: 'preparing' });
  const current: PdfStatus = status.attempt === attempt ? status.value : 'preparing';

  useEffect(() => {
    const timer = setTimeout(() => setStatus((s) => (s.attempt === attempt && s.value !== 'preparing' ? s : { attempt, value: 'timeout' })), PDF_PREPARING_MS);
    return () => clearTimeout(timer);
  }, [attempt]);

  const onReady = useCallback(() => setStatus((s) => (s.attempt === attempt && s.value === 'timeout' ? s : { attempt, value: 'ready' })), [attempt]);
  const onError = useCallback(
    (e: unknown) => {
      console.warn('[viewer] the PDF could not be shown', e);
      setStatus((s) => (s.attempt === attempt && s.value === 'ready' ? s : { attempt, value: 'failed' }));
    },
    [attempt],
  );
  const pageLabel = useCallback((n: number, count: number) => t('page', { n, count }), [t]);

  if (current === 'failed' || current === 'timeout') {
    return <Failure message={current === 'timeout' ? t('pdfTimeout') : t('pdfFailed')} onRetry={() => setAttempt((a) => a + 1)} />;
  }
  const width = box ? Math.floor(box.width * zoom) : null;
  return (
    <>
      {current === 'preparing' && (
        <div className="absolute inset-0 z-10 bg-muted/80" data-testid="pdf-preparing">
          <Busy label={t('preparing')} />
        </div>
      )}
      <div className="w-max min-w-full" style={pinchStyle(pinch)} data-testid="pdf-document" data-state={current}>
        {width !== null && <PdfDocument key={attempt} data={content} width={width} pageLabel={pageLabel} onReady={onReady} onError={onError} />}
      </div>
    </>
  );
}
