/**
 * Draws the signed report (features/inspection/model/report-pdf/layout.ts) with pdf-lib: DejaVu Sans,
 * regular and bold, embedded as subsets (only the glyphs used), so every character an inspector types in
 * French or English and the names crews and vessels carry (Latin Extended, Greek, Cyrillic, …) prints as
 * typed; pictures and signatures embedded as they are stored (JPEG or PNG). Runs in the report PDF
 * worker; pdf-lib and fontkit are loaded only here, and the font files come from the caller.
 */
import { imageFormat } from '@/lib/media/attachment-pdf';
import { charWidthCache } from '@/lib/format/print-text';
import { A4, layoutReport, type ImageSize, type ReportPdfContent, type Tone } from './layout';

/** The TrueType files of the embedded fonts (DejaVu Sans and DejaVu Sans Bold). */
export interface ReportPdfFonts {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

export interface ReportPdfImage {
  id: string;
  bytes: ArrayBuffer;
}

export interface ReportPdfRequest {
  content: ReportPdfContent;
  images: ReportPdfImage[];
  /** document metadata */
  title: string;
  date: string;
}

const TONES: Record<Tone, [number, number, number]> = {
  ink: [0.1, 0.12, 0.16],
  muted: [0.36, 0.4, 0.46],
  accent: [0.05, 0.32, 0.55],
  danger: [0.72, 0.1, 0.1],
};

export async function renderReportPdf(req: ReportPdfRequest, fonts: ReportPdfFonts): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(req.title);
  doc.setCreator('Port inspection report app');
  doc.setProducer('pdf-lib');
  const date = new Date(req.date);
  if (!Number.isNaN(date.getTime())) {
    doc.setCreationDate(date);
    doc.setModificationDate(date);
  }
  // no ligatures: one glyph per character keeps the measured widths exact and the text extractable as typed
  const font = await doc.embedFont(fonts.regular, { subset: true, features: { liga: false } });
  const bold = await doc.embedFont(fonts.bold, { subset: true, features: { liga: false } });
  // a string may be drawn in either weight: only what both draw counts as printable
  const boldSet = new Set(bold.getCharacterSet());
  const covered = new Set(font.getCharacterSet().filter((cp) => boldSet.has(cp)));
  const widths = { regular: charWidthCache((ch) => font.widthOfTextAtSize(ch, 1)), bold: charWidthCache((ch) => bold.widthOfTextAtSize(ch, 1)) };
  const measure = (t: string, size: number, b: boolean) => {
    const w = b ? widths.bold : widths.regular;
    let sum = 0;
    for (const ch of t) sum += w(ch, size);
    return sum;
  };

  const embedded = new Map<string, Awaited<ReturnType<typeof doc.embedJpg>>>();
  const sizes: Record<string, ImageSize> = {};
  for (const img of req.images) {
    const bytes = new Uint8Array(img.bytes);
    const format = imageFormat(bytes);
    if (!format) continue; // not JPEG nor PNG: left out, as a missing picture
    try {
      const e = format === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
      embedded.set(img.id, e);
      sizes[img.id] = { width: e.width, height: e.height };
    } catch {
      /* an unreadable image is left out */
    }
  }

  const pages = layoutReport(req.content, measure, sizes, (cp) => covered.has(cp));
  const shade = rgb(0.8, 0.83, 0.87);
  for (const p of pages) {
    const page = doc.addPage([A4.width, A4.height]);
    for (const b of p.blocks) {
      if (b.kind === 'text') {
        if (b.text) page.drawText(b.text, { x: b.x, y: b.y, size: b.size, font: b.bold ? bold : font, color: rgb(...TONES[b.tone]) });
      } else if (b.kind === 'image') {
        const e = embedded.get(b.id);
        if (e) page.drawImage(e, { x: b.x, y: b.y, width: b.width, height: b.height });
      } else {
        page.drawRectangle({
          x: b.x,
          y: b.y,
          width: b.width,
          height: b.height,
          ...(b.fill ? { color: b.fill === 'accent' ? rgb(...TONES.accent) : shade } : {}),
          ...(b.stroke ? { borderColor: shade, borderWidth: 0.8 } : {}),
        });
      }
    }
  }
  return doc.save({ useObjectStreams: true });
}

export async function renderReportPdfBuffer(req: ReportPdfRequest, fonts: ReportPdfFonts): Promise<ArrayBuffer> {
  const pdf = await renderReportPdf(req, fonts);
  return pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
}
