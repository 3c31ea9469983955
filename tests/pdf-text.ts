/**
 * The text of a PDF, page by page, as pdf.js reads it (the viewer's own engine), for tests in Node.
 * pdf.js 6 uses Promise.withResolvers, which Node 20 lacks: it is given one here.
 */
import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The fonts both PDFs embed (DejaVu Sans, npm dejavu-fonts-ttf), as the tablet's worker receives them. */
export function dejaVuFonts(): { regular: Uint8Array; bold: Uint8Array } {
  const dir = `${process.cwd()}/node_modules/dejavu-fonts-ttf/ttf`;
  return { regular: fs.readFileSync(`${dir}/DejaVuSans.ttf`), bold: fs.readFileSync(`${dir}/DejaVuSans-Bold.ttf`) };
}

const P = Promise as unknown as { withResolvers?: () => unknown };
P.withResolvers ??= function withResolvers<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), useWorkerFetch: false, standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/` }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const c = await (await pdf.getPage(i)).getTextContent();
    pages.push(c.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
  }
  await pdf.cleanup();
  return pages;
}
