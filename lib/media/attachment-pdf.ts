/**
 * A local attachment's pages, assembled into one PDF for upload (SPEC §9: A4 pages, 210 by 297 mm,
 * images centred). Each page image is scaled to fit inside the page's margins, keeping its aspect
 * ratio, and centred; one image per page, in the attachment's page order. Pure: bytes in, bytes out.
 * pdf-lib is loaded only when a PDF is built (at submit), not with the screens.
 */

/** A4 in PDF points (1 pt = 1/72 in): 210 × 297 mm = 595.28 × 841.89 pt (pdf-lib's PageSizes.A4). */
export const A4_WIDTH_PT = 595.28;
export const A4_HEIGHT_PT = 841.89;
/** 10 mm around each image, so nothing is lost when the page is printed. */
export const PAGE_MARGIN_PT = (10 / 25.4) * 72;
export const ATTACHMENT_PDF_CONTENT_TYPE = 'application/pdf';

/** SPEC §3: attachments are named type_uid.pdf, local ones as remote ones. */
export function attachmentPdfName(type: string, uid: string): string {
  return `${type}_${uid}.pdf`;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image of w × h goes on an A4 page: as large as fits within the margins, centred. */
export function placeOnPage(width: number, height: number, page = { width: A4_WIDTH_PT, height: A4_HEIGHT_PT }, margin = PAGE_MARGIN_PT): Rect {
  if (!(width > 0) || !(height > 0)) throw new RangeError('image has no size');
  const boxW = page.width - 2 * margin;
  const boxH = page.height - 2 * margin;
  const scale = Math.min(boxW / width, boxH / height);
  const w = width * scale;
  const h = height * scale;
  return { x: (page.width - w) / 2, y: (page.height - h) / 2, width: w, height: h };
}

export type PageImageFormat = 'jpeg' | 'png';

/** The format of image bytes, by their signature (the content type of a stored file may be vague). */
export function imageFormat(bytes: Uint8Array): PageImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

/**
 * One PDF with one A4 page per image. Images must be JPEG or PNG (pages are stored as JPEG after
 * resizing). The output carries no dates, so the same pages always give the same bytes.
 */
export async function buildAttachmentPdf(pages: readonly (ArrayBuffer | Uint8Array)[], opts: { title?: string } = {}): Promise<Uint8Array> {
  if (pages.length === 0) throw new RangeError('an attachment needs at least one page');
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  if (opts.title) doc.setTitle(opts.title);
  for (const raw of pages) {
    // pdf-lib reads a JPEG through its whole underlying buffer: a view into a larger one is copied.
    const bytes = !(raw instanceof Uint8Array) ? new Uint8Array(raw) : raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw : new Uint8Array(raw);
    const format = imageFormat(bytes);
    if (!format) throw new TypeError('a page is neither JPEG nor PNG');
    const image = format === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
    const page = doc.addPage([A4_WIDTH_PT, A4_HEIGHT_PT]);
    page.drawImage(image, placeOnPage(image.width, image.height));
  }
  return doc.save({ useObjectStreams: false });
}

/** The same PDF as a buffer of its own (to store, hash, or transfer from a worker). */
export async function buildAttachmentPdfBuffer(pages: readonly (ArrayBuffer | Uint8Array)[], opts: { title?: string } = {}): Promise<ArrayBuffer> {
  const pdf = await buildAttachmentPdf(pages, opts);
  return pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
}
