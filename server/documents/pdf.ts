/**
 * A4 PDF documents with real text (pdf-lib): a title block, label/value fields, an optional table (e.g.
 * catches), paragraphs and signature boxes. Used for the seeded forms and attachments and for the PIR
 * generated on complete-submit. Text is drawn in DejaVu Sans (npm dejavu-fonts-ttf), embedded as a subset,
 * so names and comments print as typed in any Latin, Greek or Cyrillic script; what the font cannot draw is
 * printed as its code points (lib/format/print-text.ts). Long values wrap, in fields and table cells too:
 * nothing is cut.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { charWidthCache, printable, wrapLines } from '../../lib/format/print-text';
import { readImageHeader, signatureFits } from './image-size';

export interface PdfTable {
  caption: string;
  headers: string[];
  rows: string[][];
  /** relative column widths */
  widths?: number[];
}

export interface PdfSignature {
  label: string;
  image?: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
  note?: string;
}

export interface FormPdfSpec {
  authority: string;
  title: string;
  subtitle?: string;
  fields: [string, string][];
  tables?: PdfTable[];
  paragraphs?: { heading: string; text: string }[];
  signatures?: PdfSignature[];
  footer?: string;
  /** fixed document dates keep output deterministic */
  date: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BOTTOM = MARGIN + 10;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const ACCENT = rgb(0.05, 0.32, 0.55);
const RULE = rgb(0.8, 0.83, 0.87);

const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** DejaVu Sans, regular and bold, read once per thread from the npm package. */
function pdfFontFiles(): { regular: Uint8Array; bold: Uint8Array } {
  fontFiles ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

/**
 * fontkit, parsing each font file once per thread: pdf-lib asks it to parse the file for every document,
 * which cost more than the rest of a small document (the seed makes hundreds). A parsed font is only read
 * from, so documents can share it.
 */
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create: (buffer: Uint8Array, postscriptName?: string) => {
    let font = parsed.get(buffer);
    if (!font) {
      font = fontkit.create(buffer, postscriptName);
      parsed.set(buffer, font);
    }
    return font;
  },
};

/** The document's two fonts and what they print: text made printable, widths and wrapping. */
async function embedFonts(pdf: PDFDocument) {
  pdf.registerFontkit(sharedFontkit);
  const files = pdfFontFiles();
  // no ligatures: one glyph per character keeps measured widths exact and the text extractable as typed
  const font = await pdf.embedFont(files.regular, { subset: true, features: { liga: false } });
  const bold = await pdf.embedFont(files.bold, { subset: true, features: { liga: false } });
  const boldSet = new Set(bold.getCharacterSet());
  const covered = new Set(font.getCharacterSet().filter((cp) => boldSet.has(cp)));
  const widths = new Map<PDFFont, (ch: string, size: number) => number>([
    [font, charWidthCache((ch) => font.widthOfTextAtSize(ch, 1))],
    [bold, charWidthCache((ch) => bold.widthOfTextAtSize(ch, 1))],
  ]);
  const print = (text: string) => printable(text, (cp) => covered.has(cp));
  /** lines of `text` (made printable) no wider than `width` */
  const wrap = (text: string, f: PDFFont, size: number, width: number) => {
    const w = widths.get(f)!;
    return wrapLines(print(text), width, (ch) => w(ch, size));
  };
  return { font, bold, print, wrap };
}

export async function renderFormPdf(spec: FormPdfSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // metadata is stored as UTF-16: any text goes as it is
  pdf.setTitle(spec.subtitle ? `${spec.title} - ${spec.subtitle}` : spec.title);
  pdf.setAuthor(spec.authority);
  pdf.setProducer('IOTC PIR reference server');
  pdf.setCreator('IOTC PIR reference server');
  pdf.setCreationDate(spec.date);
  pdf.setModificationDate(spec.date);
  const { font, bold, print, wrap } = await embedFonts(pdf);
  const width = A4[0] - 2 * MARGIN;
  /** the most a block kept together may take: a taller one flows line by line across pages */
  const pageRoom = A4[1] - MARGIN - BOTTOM;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  let pageNo = 1;
  const footer = () => {
    // one run of text (single spaces), so a reader extracts the footer as one line apart from the page's content
    const text = print(`${spec.footer ?? spec.title} · page ${pageNo}`);
    page.drawText(text, { x: MARGIN, y: 28, size: 8, font, color: MUTED });
  };
  /** room for a block of `h` points on this page, else a new page; a block taller than a page just flows */
  const need = (h: number) => {
    if (h <= pageRoom && y - h < BOTTOM) {
      footer();
      page = pdf.addPage(A4);
      pageNo += 1;
      y = A4[1] - MARGIN;
    }
  };
  /** draws one line already made printable at the current baseline */
  const draw = (line: string, x: number, size: number, f = font, color = INK) => {
    if (line) page.drawText(line, { x, y, size, font: f, color });
  };
  /** a wrapped paragraph, each line paged on its own */
  const lines = (s: string, x: number, w: number, size: number, step: number, f = font, color = INK) => {
    for (const line of wrap(s, f, size, w)) {
      need(step);
      draw(line, x, size, f, color);
      y -= step;
    }
  };

  // title block
  page.drawRectangle({ x: MARGIN, y: y - 4, width, height: 3, color: ACCENT });
  y -= 22;
  lines(spec.authority.toUpperCase(), MARGIN, width, 9, 12, bold, ACCENT);
  y -= 12;
  lines(spec.title, MARGIN, width, 18, 22, bold);
  if (spec.subtitle) {
    lines(spec.subtitle, MARGIN, width, 11, 14, font, MUTED);
    y -= 8;
  }

  // fields, two columns of label/value; a long value wraps in its column and the row grows. Each column is
  // drawn whole before the next, so the text reads (and is selected) value by value, not line by line.
  const colW = width / 2;
  for (let i = 0; i < spec.fields.length; i += 2) {
    const pair = spec.fields.slice(i, i + 2);
    const labels = pair.map(([label]) => wrap(label, bold, 7.5, colW - 12));
    const values = pair.map(([, value]) => wrap(value || '-', font, 10.5, colW - 12));
    const h = Math.max(...pair.map((_, j) => labels[j]!.length * 12 + 1 + values[j]!.length * 13)) + 4;
    if (h <= pageRoom) {
      need(h);
      const top = y;
      pair.forEach((_, j) => {
        y = top;
        for (const line of labels[j]!) {
          draw(line, MARGIN + j * colW, 7.5, bold, MUTED);
          y -= 12;
        }
        y -= 1;
        for (const line of values[j]!) {
          draw(line, MARGIN + j * colW, 10.5);
          y -= 13;
        }
      });
      y = top - h;
    } else {
      // a value longer than a page: the pair's fields one after the other, at full width, flowing on
      for (const [label, value] of pair) {
        lines(label, MARGIN, width, 7.5, 12, bold, MUTED);
        y -= 1;
        lines(value || '-', MARGIN, width, 10.5, 13);
        y -= 4;
      }
    }
  }

  for (const table of spec.tables ?? []) {
    y -= 8;
    need(60);
    lines(table.caption, MARGIN, width, 12, 18, bold, ACCENT);
    const weights = table.widths ?? table.headers.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    const cols = weights.map((w) => (w / total) * width);
    const shadeColor = rgb(0.94, 0.96, 0.98);
    /** a row of wrapped cells: 17 points for one line, 11 more for each further line */
    const row = (cells: string[], f: PDFFont, shade: boolean) => {
      const wrapped = cells.map((cell, k) => wrap(cell, f, 9, cols[k]! - 8));
      const n = Math.max(1, ...wrapped.map((c) => c.length));
      const h = 17 + 11 * (n - 1);
      if (h <= pageRoom) {
        need(h);
        if (shade) page.drawRectangle({ x: MARGIN, y: y - h + 12, width, height: h, color: shadeColor });
        const top = y;
        let x = MARGIN + 4;
        wrapped.forEach((c, k) => {
          y = top;
          for (const line of c) {
            draw(line, x, 9, f);
            y -= 11;
          }
          x += cols[k]!;
        });
        y = top - h;
        return;
      }
      // a cell longer than a page: the row flows line by line across pages
      for (let l = 0; l < n; l++) {
        need(11);
        let x = MARGIN + 4;
        wrapped.forEach((c, k) => {
          draw(c[l] ?? '', x, 9, f);
          x += cols[k]!;
        });
        y -= l === n - 1 ? 17 : 11;
      }
    };
    row(table.headers, bold, true);
    table.rows.forEach((r, k) => row(r, font, k % 2 === 1));
    page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: MARGIN + width, y: y + 12 }, thickness: 0.6, color: RULE });
    y -= 6;
  }

  for (const p of spec.paragraphs ?? []) {
    y -= 6;
    need(40);
    lines(p.heading, MARGIN, width, 11, 16, bold, ACCENT);
    lines(p.text || '-', MARGIN, width, 10, 14);
  }

  if (spec.signatures?.length) {
    y -= 10;
    const boxW = (width - 20 * (spec.signatures.length - 1)) / spec.signatures.length;
    const labels = spec.signatures.map((sig) => wrap(sig.label, bold, 8, boxW));
    const notes = spec.signatures.map((sig) => (sig.note ? wrap(sig.note, font, 8, boxW - 12) : []));
    const labelH = (Math.max(...labels.map((l) => l.length)) - 1) * 10;
    const noteH = Math.max(0, ...notes.map((n) => n.length)) * 10;
    // the boxes and their labels stay together; only a note longer than a page would flow on
    need(labelH + 96 + noteH);
    const top = y;
    const boxTop = top - labelH;
    for (const [k, sig] of spec.signatures.entries()) {
      const x = MARGIN + k * (boxW + 20);
      labels[k]!.forEach((line, n) => page.drawText(line, { x, y: top - n * 10, size: 8, font: bold, color: MUTED }));
      page.drawRectangle({ x, y: boxTop - 82, width: boxW, height: 74, borderColor: RULE, borderWidth: 0.8 });
      // the header is read before anything is decoded: an image beyond a signature's size (a
      // decompression bomb) or of another type than it claims leaves the box empty
      const header = sig.image ? readImageHeader(sig.image.bytes) : null;
      if (sig.image && header && signatureFits(header)) {
        try {
          const img = header.type === 'png' ? await pdf.embedPng(sig.image.bytes) : await pdf.embedJpg(sig.image.bytes);
          const scale = Math.min((boxW - 10) / img.width, 64 / img.height, 1);
          page.drawImage(img, { x: x + 5, y: boxTop - 78, width: img.width * scale, height: img.height * scale });
        } catch {
          /* an unreadable signature image leaves the box empty */
        }
      }
    }
    // the notes (the signers' names) under their boxes, each whole; notes longer than a page flow on, one after the other
    const fits = labelH + 96 + noteH <= pageRoom;
    y = boxTop - 94;
    for (const [k, note] of notes.entries()) {
      if (fits) y = boxTop - 94;
      for (const line of note) {
        if (!fits) need(10);
        draw(line, MARGIN + k * (boxW + 20) + 6, 8, font, MUTED);
        y -= 10;
      }
    }
    y = fits ? boxTop - 94 - noteH - 10 : y - 10;
  }

  footer();
  return pdf.save({ useObjectStreams: true });
}

/** A short one-page document (vessel-file attachments, authorisations). */
export function renderSimplePdf(opts: {
  authority: string;
  title: string;
  subtitle?: string;
  fields: [string, string][];
  body?: string;
  date: Date;
}): Promise<Uint8Array> {
  return renderFormPdf({
    authority: opts.authority,
    title: opts.title,
    subtitle: opts.subtitle,
    fields: opts.fields,
    paragraphs: opts.body ? [{ heading: 'Details', text: opts.body }] : [],
    date: opts.date,
  });
}
