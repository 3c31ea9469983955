import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { encodePng } from '../../server/seed/png';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import {
  A4_HEIGHT_PT,
  A4_WIDTH_PT,
  attachmentPdfName,
  buildAttachmentPdf,
  imageFormat,
  PAGE_MARGIN_PT,
  placeOnPage,
} from '@/lib/media/attachment-pdf';

/** A w × h JPEG of one colour. */
function makeJpeg(width: number, height: number, rgb: [number, number, number] = [200, 120, 40]): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...rgb, 255], i * 4);
  return jpeg.encode({ data, width, height }, 80).data;
}

/** A w × h RGB PNG of one colour. */
function makePng(width: number, height: number): Uint8Array {
  return new Uint8Array(encodePng(width, height, 3, () => [30, 90, 160]));
}

type Matrix = [number, number, number, number, number, number];
/** PDF: a `cm` operator sets CTM = M × CTM. */
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Where each image (`Do`) lands on the page: the unit square through the current matrix. */
function placements(doc: PDFDocument, page: PDFPage): { x: number; y: number; width: number; height: number }[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  let text = '';
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const flate = s.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode';
    text += (flate ? zlib.inflateSync(Buffer.from(s.contents)) : Buffer.from(s.contents)).toString('latin1') + '\n';
  }
  const out: { x: number; y: number; width: number; height: number }[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const tokens = text.split(/\s+/).filter(Boolean);
  const operands: string[] = [];
  for (const tok of tokens) {
    if (tok === 'q') stack.push(ctm);
    else if (tok === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (tok === 'cm') ctm = multiply(operands.slice(-6).map(Number) as Matrix, ctm);
    else if (tok === 'Do') {
      const [a, b, c, d, e, f] = ctm;
      const xs = [e, a + e, c + e, a + c + e];
      const ys = [f, b + f, d + f, b + d + f];
      out.push({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
    } else {
      operands.push(tok);
      continue;
    }
    operands.length = 0;
  }
  return out;
}

describe('attachment PDF (SPEC §9: A4 pages, images centred)', () => {
  it('names the file type_uid.pdf like remote attachments', () => {
    expect(attachmentPdfName('MFR', 'a1b2')).toBe('MFR_a1b2.pdf');
  });

  it('has one A4 page (595.28 × 841.89 pt) per image, in order, for JPEG and PNG pages', async () => {
    const pages = [makeJpeg(300, 200), makePng(120, 400), makeJpeg(64, 64)];
    const pdf = await buildAttachmentPdf(pages, { title: 'MFR_x.pdf' });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(pages.length);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect(width).toBeCloseTo(595.28, 2);
      expect(height).toBeCloseTo(841.89, 2);
    }
    expect(doc.getTitle()).toBe('MFR_x.pdf');
  });

  it('centres each image and keeps it within the margins, aspect ratio kept', async () => {
    const sizes: [number, number][] = [
      [4000, 3000], // landscape: limited by the width
      [1000, 4000], // tall: limited by the height
      [50, 70], // small: scaled up to fit as well
    ];
    const doc = await PDFDocument.load(await buildAttachmentPdf(sizes.map(([w, h]) => makeJpeg(w / 10, h / 10))));
    doc.getPages().forEach((page, i) => {
      const drawn = placements(doc, page);
      expect(drawn).toHaveLength(1);
      const r = drawn[0]!;
      const [w, h] = sizes[i]!;
      // centred
      expect(r.x + r.width / 2).toBeCloseTo(A4_WIDTH_PT / 2, 1);
      expect(r.y + r.height / 2).toBeCloseTo(A4_HEIGHT_PT / 2, 1);
      // within the margins, touching them on one axis
      expect(r.x).toBeGreaterThanOrEqual(PAGE_MARGIN_PT - 0.01);
      expect(r.y).toBeGreaterThanOrEqual(PAGE_MARGIN_PT - 0.01);
      expect(Math.min(r.x, r.y)).toBeCloseTo(PAGE_MARGIN_PT, 1);
      // aspect ratio
      expect(r.width / r.height).toBeCloseTo(w / h, 2);
    });
  });

  it('places by arithmetic the same way (pure)', () => {
    const r = placeOnPage(2000, 1000);
    expect(r.width).toBeCloseTo(A4_WIDTH_PT - 2 * PAGE_MARGIN_PT, 5);
    expect(r.height).toBeCloseTo(r.width / 2, 5);
    expect(r.x).toBeCloseTo(PAGE_MARGIN_PT, 5);
    expect(r.y).toBeCloseTo((A4_HEIGHT_PT - r.height) / 2, 5);
    expect(() => placeOnPage(0, 10)).toThrow();
  });

  it('gives the same bytes for the same pages (the announced sha256 stays true)', async () => {
    const pages = [makeJpeg(80, 60)];
    expect(Buffer.from(await buildAttachmentPdf(pages)).equals(Buffer.from(await buildAttachmentPdf(pages)))).toBe(true);
  });

  it('refuses an empty attachment and pages that are not JPEG or PNG', async () => {
    await expect(buildAttachmentPdf([])).rejects.toThrow();
    await expect(buildAttachmentPdf([new TextEncoder().encode('not a picture')])).rejects.toThrow();
    expect(imageFormat(makeJpeg(4, 4))).toBe('jpeg');
    expect(imageFormat(makePng(4, 4))).toBe('png');
    expect(imageFormat(new Uint8Array([0x49, 0x49, 0x2a, 0x00]))).toBeNull();
  });
});
