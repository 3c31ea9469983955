/**
 * Image type and pixel size read from the first bytes, without decoding anything (a small
 * PNG can announce 12000×12000 pixels). PNG: the IHDR chunk; JPEG: the first start-of-frame marker;
 * TIFF: the first IFD's ImageWidth/ImageLength. Anything else, or a header cut short, gives null.
 */
type ImageType = 'png' | 'jpeg' | 'tiff';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** A signature pad is 500×200 units, stored at twice that (lib/signature/stroke.ts): ample room. */
export const SIGNATURE_MAX = { width: 2000, height: 1000 } as const;
/** Pictures are resized on the tablet into 3000×5000 (SPEC §9); either orientation is accepted. */
export const PICTURE_MAX = { long: 5000, short: 3000 } as const;

export function isPng(b: Uint8Array): boolean {
  return b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a;
}
export function isJpeg(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}
export function isTiff(b: Uint8Array): boolean {
  return b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a));
}

export function readImageHeader(b: Uint8Array): ImageHeader | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (isPng(b)) {
    // the first chunk must be IHDR: length 13, then width and height (big-endian)
    if (b.length < 24 || String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
    return { type: 'png', width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (isJpeg(b)) {
    let i = 2;
    while (i + 4 <= b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = dv.getUint16(i + 2);
      if (len < 2) return null;
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) {
        if (i + 9 > b.length) return null;
        return { type: 'jpeg', height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
      }
      if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
      i += 2 + len;
    }
    return null;
  }
  if (isTiff(b)) {
    const le = b[0] === 0x49;
    const u16 = (o: number) => dv.getUint16(o, le);
    const u32 = (o: number) => dv.getUint32(o, le);
    const ifd = u32(4);
    if (ifd + 2 > b.length) return null;
    const n = u16(ifd);
    let width = 0;
    let height = 0;
    for (let k = 0; k < n; k++) {
      const e = ifd + 2 + k * 12;
      if (e + 12 > b.length) return null;
      const tag = u16(e);
      const type = u16(e + 2);
      const value = type === 3 ? u16(e + 8) : u32(e + 8);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return width > 0 && height > 0 ? { type: 'tiff', width, height } : null;
  }
  return null;
}

/** Whether a signature image may be decoded: PNG or JPEG within SIGNATURE_MAX. */
export function signatureFits(h: ImageHeader): boolean {
  return (h.type === 'png' || h.type === 'jpeg') && h.width > 0 && h.height > 0 && h.width <= SIGNATURE_MAX.width && h.height <= SIGNATURE_MAX.height;
}

/** Whether a picture is within what the tablet sends (3000×5000, either way round). */
export function pictureFits(h: ImageHeader): boolean {
  const long = Math.max(h.width, h.height);
  const short = Math.min(h.width, h.height);
  return short > 0 && long <= PICTURE_MAX.long && short <= PICTURE_MAX.short;
}
