/// <reference lib="webworker" />
/** The signed report's PDF worker (see builder.ts): layout and pdf-lib off the main thread. */
import { serveWorkerCalls } from '@/lib/workers/worker-call';
import { renderReportPdfBuffer, type ReportPdfRequest } from '../../model/report-pdf/render';
import type { ReportPdfReply } from './builder';
import { FONTS_MISSING, loadReportPdfFonts, ReportPdfFontsMissingError } from './fonts';

serveWorkerCalls<ReportPdfRequest, ReportPdfReply>(async (req) => {
  try {
    const bytes = await renderReportPdfBuffer(req, await loadReportPdfFonts());
    return { reply: { ok: true, bytes }, transfer: [bytes] };
  } catch (e) {
    if (e instanceof ReportPdfFontsMissingError) return { reply: { ok: false, error: FONTS_MISSING } };
    return { reply: { ok: false, error: e instanceof Error ? e.message : String(e) } };
  }
});
