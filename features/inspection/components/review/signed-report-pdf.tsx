'use client';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { DownloadIcon, FileTextIcon, Loader2Icon, RefreshCwIcon, Share2Icon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pir } from '@/lib/contract';
import { getFile } from '@/lib/local-data/files-store';
import { formatBytes } from '@/lib/format/bytes';
import { serverNow } from '@/lib/clock/clock';
import { reviewImages } from '@/features/inspection/model/review';
import { INSPECTOR_SIGNATURE_IMAGE, MASTER_SIGNATURE_IMAGE, reportPdfContent, reportPdfName } from '@/features/inspection/model/report-pdf/content';
import type { ReportPdfImage } from '@/features/inspection/model/report-pdf/render';
import { buildReportPdfOffThread, ReportPdfFontsMissingError } from '@/features/inspection/data/report-pdf/builder';
import { saveDownload } from '@/lib/save-download';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useResolvedReview } from './use-review';

// pdf.js is loaded only when the PDF is opened
const PdfDocument = dynamic(() => import('@/components/pdf/pdf-document').then((m) => m.PdfDocument), { ssr: false, loading: () => null });

async function bytesOf(id: string | null): Promise<ArrayBuffer | null> {
  if (!id) return null;
  const f = await getFile(id);
  if (!f?.content) return null;
  return f.content instanceof Blob ? f.content.arrayBuffer() : f.content;
}

type State = { status: 'idle' } | { status: 'building' } | { status: 'ready'; blob: Blob; ms: number; started: number } | { status: 'failed'; message: string };

/** Whether the inspection is finished and signed (or refused): the signed PDF can be made. */
function canMakeSignedPdf(report: Pir): boolean {
  const s = report.inspectionSignatures;
  return ['readytosubmit', 'submitting', 'submitted'].includes(report.status) && Boolean(s.inspectorSignature) && (s.masterRefuses || Boolean(s.masterSignature)) && !!report.extended;
}

/** The signed report as a PDF, made on the tablet in a worker, in the review's language. */
export function SignedReportPdf({ report }: { report: Pir }) {
  const t = useTranslations('review.pdf');
  const locale = useLocale();
  const review = useResolvedReview(report);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const ready = canMakeSignedPdf(report);
  const built = useRef<string | null>(null);

  const build = useCallback(async () => {
    if (!review) return;
    setState({ status: 'building' });
    try {
      const started = performance.now();
      const s = report.inspectionSignatures;
      const pictures = reviewImages(review.sections);
      const images: ReportPdfImage[] = [];
      for (const [id, fileId] of [
        ...pictures.map((p) => [p.fileId, p.fileId] as const),
        [MASTER_SIGNATURE_IMAGE, s.masterRefuses ? null : s.masterSignature] as const,
        [INSPECTOR_SIGNATURE_IMAGE, s.inspectorSignature] as const,
      ]) {
        const bytes = await bytesOf(fileId);
        if (bytes) images.push({ id, bytes });
      }
      const content = reportPdfContent(report, review.sections, review.deps);
      const bytes = await buildReportPdfOffThread({ content, images, title: `${content.title} ${report.code}`, date: report.extended?.pir.endOfInspection ?? serverNow().toISOString() });
      setState({ status: 'ready', blob: new Blob([bytes], { type: 'application/pdf' }), ms: performance.now() - started, started });
    } catch (e) {
      setState({ status: 'failed', message: e instanceof ReportPdfFontsMissingError ? t('fontsMissing') : e instanceof Error ? e.message : String(e) });
    }
  }, [report, review, t]);

  // made once the inspection is finished, and again in another language or after a change
  const key = ready && review ? `${report.id}:${locale}:${report.lastUpdateDate}:${report.status === 'submitted' ? '' : report.status}:${report.inspectionSignatures.fingerprint ?? ''}` : null;
  useEffect(() => {
    if (!key || built.current === key) return;
    built.current = key;
    void build();
  }, [key, build]);

  if (!ready) return <p className="text-base text-muted-foreground">{t('notYet')}</p>;

  const blob = state.status === 'ready' ? state.blob : null;
  const file = blob ? new File([blob], reportPdfName(report), { type: 'application/pdf' }) : null;
  const canShare = !!file && typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });

  return (
    <section aria-labelledby="signed-pdf-title" className="flex flex-col gap-3 rounded-xl border p-4" data-testid="signed-pdf" data-state={state.status} data-build-ms={state.status === 'ready' ? Math.round(state.ms) : undefined}
      data-build-start={state.status === 'ready' ? Math.round(state.started) : undefined}
    >
      <h3 id="signed-pdf-title" className="flex items-center gap-2 text-xl font-semibold">
        <FileTextIcon className="size-5" aria-hidden /> {t('title')}
      </h3>
      <p className="text-base">{t('intro')}</p>
      <p role="status" className="text-base text-muted-foreground">
        {state.status === 'building' && (
          <span className="inline-flex items-center gap-2">
            <Loader2Icon className="size-4 motion-safe:animate-spin" aria-hidden /> {t('building')}
          </span>
        )}
        {state.status === 'ready' && t('ready', { size: formatBytes(state.blob.size, locale) })}
        {state.status === 'failed' && <span className="text-destructive">{t('failed', { message: state.message })}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="lg" disabled={!blob} onClick={() => setOpen(true)} data-testid="signed-pdf-open">
          <FileTextIcon aria-hidden /> {t('open')}
        </Button>
        <Button size="lg" variant="outline" disabled={!blob} onClick={() => blob && saveDownload(blob, reportPdfName(report))} data-testid="signed-pdf-download">
          <DownloadIcon aria-hidden /> {t('download')}
        </Button>
        {canShare && (
          <Button size="lg" variant="outline" onClick={() => void navigator.share({ files: [file], title: reportPdfName(report) }).catch(() => undefined)}>
            <Share2Icon aria-hidden /> {t('share')}
          </Button>
        )}
        {state.status === 'failed' && (
          <Button size="lg" variant="outline" onClick={() => void build()}>
            <RefreshCwIcon aria-hidden /> {t('build')}
          </Button>
        )}
      </div>
      {blob && <PdfDialog open={open} onOpenChange={setOpen} blob={blob} title={t('viewerTitle')} description={reportPdfName(report)} />}
    </section>
  );
}

function PdfDialog({ open, onOpenChange, blob, title, description }: { open: boolean; onOpenChange: (o: boolean) => void; blob: Blob; title: string; description: string }) {
  const t = useTranslations('review.pdf');
  const [data, setData] = useState<{ bytes: ArrayBuffer; width: number } | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    // pdf.js takes the bytes over: each opening gets its own copy
    void blob.arrayBuffer().then((bytes) => live && setData({ bytes, width: Math.min(880, Math.floor(window.innerWidth * 0.95) - 72) }));
    return () => {
      live = false;
      setData(null);
    };
  }, [open, blob]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-h-[95dvh] max-w-[min(960px,95vw)] overflow-auto" data-testid="signed-pdf-viewer">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {data && <PdfDocument data={data.bytes} width={data.width} pageLabel={(n, total) => t('page', { n, total })} onReady={() => undefined} onError={() => undefined} />}
      </DialogContent>
    </Dialog>
  );
}
