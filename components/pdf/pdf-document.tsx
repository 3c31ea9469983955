'use client';
/**
 * The PDF pages, drawn by react-pdf (pdf.js). Loaded only by the file viewer, through a dynamic import,
 * so no other route downloads pdf.js. The worker is the app's own copy (scripts/build.mjs copies it
 * to out/ and the service worker precaches it), never a CDN; pdf.js is given the bytes, so it
 * fetches nothing itself. It must be set here, in the module that renders react-pdf's components.
 */
import 'react-pdf/dist/Page/TextLayer.css';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';

/**
 * No font, CMap or wasm URL: nothing is fetched. Fonts that are not embedded fall back to the
 * tablet's own (pdf.js's default in browsers); pdf.js 6 has no eval path to turn off.
 */
const OPTIONS = { enableXfa: false, stopAtErrors: false } as const;

export interface PdfDocumentProps {
  data: ArrayBuffer;
  /** CSS width of each page */
  width: number;
  pageLabel: (n: number, count: number) => string;
  onReady: () => void;
  onError: (error: unknown) => void;
}

export function PdfDocument({ data, width, pageLabel, onReady, onError }: PdfDocumentProps) {
  const [pages, setPages] = useState(0);
  // height / width of each page, known once it loads: the page boxes then take their zoomed size at
  // once (before the canvas is redrawn), so the viewer can keep the zoom's focal point in view.
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  return (
    <Document
      file={data}
      options={OPTIONS}
      suspense={false}
      loading={null}
      error={null}
      noData={null}
      onLoadSuccess={(pdf) => setPages(pdf.numPages)}
      onLoadError={onError}
      onSourceError={onError}
      className="flex flex-col items-center gap-4"
    >
      {Array.from({ length: pages }, (_, i) => (
        <section
          key={i}
          aria-label={pageLabel(i + 1, pages)}
          data-testid="pdf-page"
          data-page={i + 1}
          className="overflow-hidden bg-white shadow-md ring-1 ring-black/10"
          style={{ width, height: ratios[i] ? Math.floor(width * ratios[i]) : undefined }}
        >
          <Page
            pageNumber={i + 1}
            width={width}
            devicePixelRatio={ratio}
            suspense={false}
            loading={null}
            error={null}
            renderAnnotationLayer={false}
            renderTextLayer
            onLoadSuccess={(p) => setRatios((r) => (r[i] ? r : { ...r, [i]: p.originalHeight / p.originalWidth }))}
            onRenderSuccess={i === 0 ? onReady : undefined}
            onRenderError={onError}
            onLoadError={onError}
          />
        </section>
      ))}
    </Document>
  );
}
