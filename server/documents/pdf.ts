/**
 * A4 PDF documents with real text (pdf-lib, standard Helvetica): a title block, label/value fields,
 * an optional table (e.g. catches), paragraphs and signature boxes. Used for the seeded forms and
 * attachments and for the PIR generated on complete-submit.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
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
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const ACCENT = rgb(0.05, 0.32, 0.55);
const RULE = rgb(0.8, 0.83, 0.87);

/** Standard fonts only encode WinAnsi: strip diacritics / replace what cannot be shown. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, (ch) => {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    });
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of pdfSafe(text).split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The longest prefix of `text` that fits `width` (with "..." when shortened). Linear in the text: a
 * cell never shows more characters than fit at the narrowest glyph, so the text is cut to that many
 * first, and the prefix length is found by summing glyph widths once (no re-measuring per character).
 */
export function clip(text: string, font: PDFFont, size: number, width: number): string {
  // no Helvetica glyph is narrower than 0.19 em (the straight quote); a generous cap keeps the measured text short
  const cap = Math.max(8, Math.ceil(width / (size * 0.15)) + 4);
  const cut = text.length > cap;
  const t = pdfSafe(cut ? text.slice(0, cap) : text);
  if (!cut && font.widthOfTextAtSize(t, size) <= width) return t;
  const room = width - font.widthOfTextAtSize('...', size);
  let used = 0;
  let n = 0;
  for (const ch of t) {
    const w = font.widthOfTextAtSize(ch, size);
    if (used + w > room) break;
    used += w;
    n += ch.length;
  }
  return `${t.slice(0, Math.max(1, n))}...`;
}

export async function renderFormPdf(spec: FormPdfSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfSafe(spec.subtitle ? `${spec.title} - ${spec.subtitle}` : spec.title));
  pdf.setAuthor(pdfSafe(spec.authority));
  pdf.setProducer('IOTC PIR reference server');
  pdf.setCreator('IOTC PIR reference server');
  pdf.setCreationDate(spec.date);
  pdf.setModificationDate(spec.date);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  let pageNo = 1;
  const footer = () => {
    const text = pdfSafe(`${spec.footer ?? spec.title}   -   page ${pageNo}`);
    page.drawText(text, { x: MARGIN, y: 28, size: 8, font, color: MUTED });
  };
  const need = (h: number) => {
    if (y - h < MARGIN + 10) {
      footer();
      page = pdf.addPage(A4);
      pageNo += 1;
      y = A4[1] - MARGIN;
    }
  };
  const text = (s: string, x: number, size: number, f = font, color = INK) =>
    page.drawText(pdfSafe(s), { x, y, size, font: f, color });

  // title block
  page.drawRectangle({ x: MARGIN, y: y - 4, width, height: 3, color: ACCENT });
  y -= 22;
  text(spec.authority.toUpperCase(), MARGIN, 9, bold, ACCENT);
  y -= 24;
  for (const line of wrap(spec.title, bold, 18, width)) {
    text(line, MARGIN, 18, bold);
    y -= 22;
  }
  if (spec.subtitle) {
    text(spec.subtitle, MARGIN, 11, font, MUTED);
    y -= 22;
  }

  // fields, two columns of label/value
  const colW = width / 2;
  for (let i = 0; i < spec.fields.length; i += 2) {
    need(30);
    for (let j = 0; j < 2; j++) {
      const field = spec.fields[i + j];
      if (!field) continue;
      const x = MARGIN + j * colW;
      page.drawText(pdfSafe(field[0]), { x, y, size: 7.5, font: bold, color: MUTED });
      page.drawText(clip(field[1] || '-', font, 10.5, colW - 12), { x, y: y - 13, size: 10.5, font, color: INK });
    }
    y -= 30;
  }

  for (const table of spec.tables ?? []) {
    y -= 8;
    need(60);
    text(table.caption, MARGIN, 12, bold, ACCENT);
    y -= 18;
    const weights = table.widths ?? table.headers.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    const cols = weights.map((w) => (w / total) * width);
    const row = (cells: string[], f: PDFFont, shade: boolean) => {
      need(18);
      if (shade) page.drawRectangle({ x: MARGIN, y: y - 5, width, height: 17, color: rgb(0.94, 0.96, 0.98) });
      let x = MARGIN + 4;
      cells.forEach((cell, k) => {
        page.drawText(clip(cell, f, 9, cols[k]! - 8), { x, y, size: 9, font: f, color: INK });
        x += cols[k]!;
      });
      y -= 17;
    };
    row(table.headers, bold, true);
    table.rows.forEach((r, k) => row(r, font, k % 2 === 1));
    page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: MARGIN + width, y: y + 12 }, thickness: 0.6, color: RULE });
    y -= 6;
  }

  for (const p of spec.paragraphs ?? []) {
    y -= 6;
    need(40);
    text(p.heading, MARGIN, 11, bold, ACCENT);
    y -= 16;
    for (const line of wrap(p.text || '-', font, 10, width)) {
      need(14);
      text(line, MARGIN, 10);
      y -= 14;
    }
  }

  if (spec.signatures?.length) {
    y -= 10;
    need(110);
    const boxW = (width - 20 * (spec.signatures.length - 1)) / spec.signatures.length;
    for (const [k, sig] of spec.signatures.entries()) {
      const x = MARGIN + k * (boxW + 20);
      page.drawText(pdfSafe(sig.label), { x, y, size: 8, font: bold, color: MUTED });
      page.drawRectangle({ x, y: y - 82, width: boxW, height: 74, borderColor: RULE, borderWidth: 0.8 });
      // the header is read before anything is decoded: an image beyond a signature's size (a
      // decompression bomb) or of another type than it claims leaves the box empty
      const header = sig.image ? readImageHeader(sig.image.bytes) : null;
      if (sig.image && header && signatureFits(header)) {
        try {
          const img = header.type === 'png' ? await pdf.embedPng(sig.image.bytes) : await pdf.embedJpg(sig.image.bytes);
          const scale = Math.min((boxW - 10) / img.width, 64 / img.height, 1);
          page.drawImage(img, { x: x + 5, y: y - 78, width: img.width * scale, height: img.height * scale });
        } catch {
          /* an unreadable signature image leaves the box empty */
        }
      }
      if (sig.note) page.drawText(pdfSafe(sig.note), { x: x + 6, y: y - 94, size: 8, font, color: MUTED });
    }
    y -= 104;
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
