/**
 * Builds the signed report's PDF in a worker: the layout of a long report and the
 * embedding of its pictures would hold the main thread for far more than 50 ms. Where the worker
 * cannot start, the same function runs here.
 */
import { workerCall } from '@/lib/workers/worker-call';
import type { ReportPdfRequest } from '../../model/report-pdf/render';
// fonts.ts only names the font files: their bytes are fetched when a PDF is made
import { FONTS_MISSING, loadReportPdfFonts, ReportPdfFontsMissingError } from './fonts';

export type ReportPdfReply = { ok: true; bytes: ArrayBuffer } | { ok: false; error: string };

export { ReportPdfFontsMissingError };

const inWorker = workerCall<ReportPdfRequest, ReportPdfReply>(
  () => new Worker(new URL('./report-pdf.worker.ts', import.meta.url), { type: 'module', name: 'report-pdf' }),
);

export async function buildReportPdfOffThread(req: ReportPdfRequest): Promise<ArrayBuffer> {
  // images are copied, not transferred: if the worker fails they are still here for the fallback
  const reply = await inWorker(req);
  if (reply?.ok) return reply.bytes;
  if (reply?.error === FONTS_MISSING) throw new ReportPdfFontsMissingError();
  if (reply) throw new Error(reply.error);
  const { renderReportPdfBuffer } = await import('../../model/report-pdf/render');
  return renderReportPdfBuffer(req, await loadReportPdfFonts());
}
