/**
 * The signed report's fonts: DejaVu Sans from the npm package dejavu-fonts-ttf, which
 * scripts/build.mjs copies to /pdf-fonts/ in the static export, where the service worker precaches them
 * with the rest of the app. So they are fetched from the app's own origin, online or not, and only by the
 * PDF worker (or its main-thread fallback): no page loads them.
 */
import type { ReportPdfFonts } from '../../model/report-pdf/render';

export const REPORT_PDF_FONT_URLS = { regular: '/pdf-fonts/DejaVuSans.ttf', bold: '/pdf-fonts/DejaVuSans-Bold.ttf' } as const;

/** Said by the worker when the fonts are not there (an install that predates them, or a dev server). */
export const FONTS_MISSING = 'report-pdf-fonts-missing';

export class ReportPdfFontsMissingError extends Error {
  constructor() {
    super(FONTS_MISSING);
    this.name = 'ReportPdfFontsMissingError';
  }
}

let loading: Promise<ReportPdfFonts> | null = null;

async function fetchFont(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) throw new ReportPdfFontsMissingError();
  return res.arrayBuffer();
}

/** Both fonts, fetched once per worker (a failure is tried again on the next PDF). */
export function loadReportPdfFonts(): Promise<ReportPdfFonts> {
  loading ??= Promise.all([fetchFont(REPORT_PDF_FONT_URLS.regular), fetchFont(REPORT_PDF_FONT_URLS.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}
