/**
 * Which files an export makes smaller and how, and what that is likely to weigh. Pure.
 *
 * Only JPEG photographs are reduced: a PNG (the signatures) or a PDF is copied as it is, since turning
 * it into a JPEG would blur lines and change its type. A photograph is made to fit `maxSize` on its
 * longer side and re-encoded at `quality`; it is copied unchanged when it already fits and the
 * quality is 100 %, and kept as it was whenever the re-encoded copy would not be smaller.
 */

/**
 * Within maxSize × maxSize, aspect ratio kept, never enlarged. The same arithmetic as fitWithin in
 * lib/media/resize.ts, repeated so the export worker does not bundle that module (it creates a worker).
 */
export function fitBox(width: number, height: number, maxSize: number): { width: number; height: number } {
  const scale = Math.min(1, maxSize / width, maxSize / height);
  if (scale === 1) return { width: Math.round(width), height: Math.round(height) };
  return { width: Math.max(1, Math.min(maxSize, Math.round(width * scale))), height: Math.max(1, Math.min(maxSize, Math.round(height * scale))) };
}

export interface ImageOptions {
  /** JPEG quality, percent (1 to 100) */
  quality: number;
  /** longest side, pixels */
  maxSize: number;
}

function isJpeg(contentType: string): boolean {
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return t === 'image/jpeg' || t === 'image/jpg' || t === 'image/pjpeg';
}

/** Content that deflate cannot shrink: stored in the zip as it is (level 0). */
const COMPRESSED = [/^image\/(jpeg|jpg|pjpeg|png|gif|webp|avif|heic|heif)$/, /^application\/(pdf|zip|gzip|x-7z-compressed)$/, /^(audio|video)\//];

/** SPEC §9: deflate level 9 for data; 0 (stored) for pictures and PDFs, already compressed. */
export function compressionLevel(contentType: string): 0 | 9 {
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return COMPRESSED.some((re) => re.test(t)) ? 0 : 9;
}

/** Width and height from a JPEG or PNG header, without decoding the picture; null when unknown. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

export type ImagePlan = { action: 'copy' } | { action: 'reduce'; width: number | null; height: number | null };

/** What the export does with one file. Width and height may be unknown (the decoder then decides). */
export function planImage(file: { contentType: string; width: number | null; height: number | null }, opts: ImageOptions): ImagePlan {
  if (!isJpeg(file.contentType)) return { action: 'copy' };
  const known = file.width !== null && file.height !== null && file.width > 0 && file.height > 0;
  const fits = known && Math.max(file.width!, file.height!) <= opts.maxSize;
  if (fits && opts.quality >= 100) return { action: 'copy' };
  if (!known) return { action: 'reduce', width: null, height: null };
  const size = fitBox(file.width!, file.height!, opts.maxSize);
  return { action: 'reduce', width: size.width, height: size.height };
}

/**
 * Typical bits per pixel of a photograph at a JPEG quality (percent), from 10 to 100. Only used to
 * estimate; the dialog shows the real size once the zip is built.
 */
const BITS_PER_PIXEL: readonly [number, number][] = [
  [10, 0.35],
  [20, 0.55],
  [30, 0.7],
  [40, 0.85],
  [50, 1],
  [60, 1.2],
  [70, 1.45],
  [80, 1.9],
  [90, 2.9],
  [100, 6],
];

export function bitsPerPixel(quality: number): number {
  const q = Math.min(100, Math.max(1, quality));
  if (q <= BITS_PER_PIXEL[0]![0]) return BITS_PER_PIXEL[0]![1];
  for (let i = 1; i < BITS_PER_PIXEL.length; i++) {
    const [q1, b1] = BITS_PER_PIXEL[i]!;
    const [q0, b0] = BITS_PER_PIXEL[i - 1]!;
    if (q <= q1) return b0 + ((b1 - b0) * (q - q0)) / (q1 - q0);
  }
  return BITS_PER_PIXEL.at(-1)![1];
}

/** Pictures on the tablet are stored at JPEG quality 70 (lib/media/resize). */
const STORED_QUALITY = 70;

/** The likely size of one file in the export. */
export function estimateFileSize(file: { size: number; contentType: string; width: number | null; height: number | null }, opts: ImageOptions): number {
  const plan = planImage(file, opts);
  if (plan.action === 'copy') return file.size;
  const inPixels = (file.width ?? 0) * (file.height ?? 0);
  if (!inPixels || plan.width === null || plan.height === null) return Math.round(file.size * Math.min(1, bitsPerPixel(opts.quality) / bitsPerPixel(STORED_QUALITY)));
  const outPixels = plan.width * plan.height;
  // This picture's own density scaled to the new quality and pixel count; never more than the original.
  const estimate = file.size * (outPixels / inPixels) * (bitsPerPixel(opts.quality) / bitsPerPixel(STORED_QUALITY));
  return Math.round(Math.min(file.size, estimate));
}

/** Deflate at level 9 shrinks report JSON (indented, repetitive keys) to about a fifth. */
const JSON_RATIO = 0.2;
/** Zip local header, central directory entry and a name: about this much per entry. */
const ENTRY_OVERHEAD = 200;

export interface ScannedReport {
  id: number;
  /** bytes of the report's JSON */
  jsonSize: number;
  files: { size: number; contentType: string; width: number | null; height: number | null }[];
}

/** The likely size of the zip for these reports at these settings (base for the KiB/MiB label). */
export function estimateExportSize(reports: readonly ScannedReport[], opts: ImageOptions): number {
  let total = 1024 + ENTRY_OVERHEAD; // the manifest
  for (const r of reports) {
    total += ENTRY_OVERHEAD + Math.round(r.jsonSize * JSON_RATIO) + 300; // plus its manifest line
    for (const f of r.files) {
      const level = compressionLevel(f.contentType);
      const size = estimateFileSize(f, opts);
      total += ENTRY_OVERHEAD + 500 + (level === 0 ? size : Math.round(size * 0.5));
    }
  }
  return total;
}
