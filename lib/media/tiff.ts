/**
 * TIFF pictures (SPEC §5 accepts tiff): Chrome and Firefox cannot decode TIFF, so the resize worker
 * decodes it here with UTIF.js (`utif2`, MIT, Photopea's decoder: baseline, LZW, PackBits, Deflate,
 * JPEG-in-TIFF, CCITT fax; grey, RGB, palette, CMYK) into RGBA pixels, which it then resizes and
 * re-encodes as JPEG like every other picture (resize.worker.ts).
 *
 * Pure: bytes in, pixels out, no DOM. Only the first page of a multi-page TIFF is taken.
 */
import UTIF from 'utif2';

/**
 * Largest TIFF decoded (width × height): its pixels take 4 bytes each, held at once in memory.
 * The refusal (media.refused.tooLarge in messages/) names this number: change both together.
 */
export const TIFF_MAX_PIXELS = 50_000_000;
/** More pages than this is not a picture; it also bounds the walk over a damaged file's page list. */
const MAX_PAGES = 1000;

export type TiffFailure = 'unreadable' | 'tooLarge';

export class TiffError extends Error {
  constructor(readonly reason: TiffFailure) {
    super(`tiff.${reason}`);
    this.name = 'TiffError';
  }
}

export interface DecodedTiff {
  width: number;
  height: number;
  /** width × height × 4 bytes, RGBA, rows top to bottom as stored */
  rgba: Uint8ClampedArray<ArrayBuffer>;
  /** TIFF/EXIF Orientation (tag 274), 1 to 8: how the stored rows are to be turned to stand upright */
  orientation: number;
}

/** The upright size of a w × h picture stored with `orientation` (5 to 8 are turned a quarter). */
export function uprightSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/**
 * The canvas transform [a, b, c, d, e, f] that stands a picture up on a canvas of its upright size
 * W × H, when the stored picture is then drawn at (0, 0) at its stored proportions (H × W for
 * orientations 5 to 8). The eight cases of the TIFF 6.0 Orientation tag, as EXIF uses them.
 */
export function orientationTransform(orientation: number, W: number, H: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-1, 0, 0, 1, W, 0]; // mirrored
    case 3:
      return [-1, 0, 0, -1, W, H]; // upside down
    case 4:
      return [1, 0, 0, -1, 0, H]; // mirrored upside down
    case 5:
      return [0, 1, 1, 0, 0, 0]; // mirrored, turned
    case 6:
      return [0, 1, -1, 0, W, 0]; // turned a quarter clockwise to stand up
    case 7:
      return [0, -1, -1, 0, W, H];
    case 8:
      return [0, -1, 1, 0, 0, H]; // turned a quarter anticlockwise to stand up
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** A TIFF begins "II*\0" (little-endian) or "MM\0*" (big-endian), whatever its name or content type says. */
export function isTiff(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  const [a, b, c, d] = head;
  return (a === 0x49 && b === 0x49 && c === 42 && d === 0) || (a === 0x4d && b === 0x4d && c === 0 && d === 42);
}

/**
 * The offsets of the file's pages (image file directories), following the chain from the header.
 * Throws when the chain leaves the file or loops back on itself (a damaged file), which the
 * decoder would otherwise follow for ever.
 */
export function pageOffsets(bytes: Uint8Array): number[] {
  if (!isTiff(bytes) || bytes.length < 8) throw new TiffError('unreadable');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = bytes[0] === 0x49;
  const offsets: number[] = [];
  const seen = new Set<number>();
  let at = view.getUint32(4, le);
  while (at !== 0) {
    if (seen.has(at) || at + 2 > bytes.length || offsets.length >= MAX_PAGES) throw new TiffError('unreadable');
    seen.add(at);
    offsets.push(at);
    const entries = view.getUint16(at, le);
    const next = at + 2 + entries * 12;
    if (next + 4 > bytes.length) throw new TiffError('unreadable');
    at = view.getUint32(next, le);
  }
  if (offsets.length === 0) throw new TiffError('unreadable');
  return offsets;
}

type Ifd = UTIF.IFD & { t256?: number[]; t257?: number[]; t274?: number[]; t273?: number[]; t279?: number[]; t324?: number[]; t325?: number[] };

/** Every strip (or tile) of the page lies within the file: a cut-off file is refused, not shown half black. */
function dataWithin(page: Ifd, length: number): boolean {
  const offsets = page.t273 ?? page.t324;
  const counts = page.t279 ?? page.t325;
  if (!offsets?.length || !counts?.length) return false;
  return offsets.every((o, i) => o >= 0 && o + (counts[i] ?? counts[0]!) <= length);
}

/**
 * Decodes the first page of a TIFF to RGBA. Throws TiffError('unreadable') for a damaged or
 * unsupported file and TiffError('tooLarge') past TIFF_MAX_PIXELS (checked before any pixel is
 * decompressed).
 */
export function decodeTiff(buffer: ArrayBuffer): DecodedTiff {
  pageOffsets(new Uint8Array(buffer));
  let page: Ifd | undefined;
  try {
    const ifds = UTIF.decode(buffer) as Ifd[];
    page = ifds.find((ifd) => (ifd.t256?.[0] ?? 0) > 0 && (ifd.t257?.[0] ?? 0) > 0);
  } catch {
    throw new TiffError('unreadable');
  }
  if (!page) throw new TiffError('unreadable');
  const width = page.t256![0]!;
  const height = page.t257![0]!;
  if (width * height > TIFF_MAX_PIXELS) throw new TiffError('tooLarge');
  if (!dataWithin(page, buffer.byteLength)) throw new TiffError('unreadable');
  let rgba: Uint8Array;
  try {
    UTIF.decodeImage(buffer, page);
    rgba = UTIF.toRGBA8(page);
  } catch {
    // UTIF throws strings and numbers as well as Errors for what it cannot read.
    throw new TiffError('unreadable');
  }
  if (!(page.width > 0 && page.height > 0) || rgba.length !== page.width * page.height * 4) throw new TiffError('unreadable');
  const orientation = page.t274?.[0] ?? 1;
  return {
    width: page.width,
    height: page.height,
    rgba: new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length),
    orientation: Number.isInteger(orientation) && orientation >= 1 && orientation <= 8 ? orientation : 1,
  };
}
