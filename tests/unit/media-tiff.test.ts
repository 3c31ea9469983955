import { describe, expect, it } from 'vitest';
import UTIF from 'utif2';
import { decodeTiff, isTiff, orientationTransform, pageOffsets, TIFF_MAX_PIXELS, TiffError, uprightSize } from '@/lib/media/tiff';

/** A TIFF as a scanner would write it (UTIF's encoder: big-endian, uncompressed RGBA), each pixel from `colour`. */
function makeTiff(width: number, height: number, colour: (x: number, y: number) => [number, number, number, number]): ArrayBuffer {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgba.set(colour(x, y), (y * width + x) * 4);
  return UTIF.encodeImage(rgba, width, height);
}

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof TiffError ? e.reason : `not a TiffError: ${String(e)}`;
  }
  return 'no error';
};

describe('TIFF pictures are decoded by the app, not the browser (SPEC §5 accepts tiff)', () => {
  it('recognises a TIFF by its first bytes, either byte order', () => {
    expect(isTiff(new Uint8Array([0x49, 0x49, 42, 0]))).toBe(true); // "II*\0"
    expect(isTiff(new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8]))).toBe(true); // "MM\0*"
    expect(isTiff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(false); // a JPEG
    expect(isTiff(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false); // a PNG
    expect(isTiff(new Uint8Array([0x49, 0x49]))).toBe(false);
  });

  it('decodes every pixel of the first page, with its size', () => {
    const tiff = makeTiff(7, 5, (x, y) => [x * 30, y * 50, 200, 255]);
    const out = decodeTiff(tiff);
    expect([out.width, out.height]).toEqual([7, 5]);
    expect(out.rgba).toBeInstanceOf(Uint8ClampedArray);
    expect(out.rgba.length).toBe(7 * 5 * 4);
    const at = (x: number, y: number) => [...out.rgba.subarray((y * 7 + x) * 4, (y * 7 + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([0, 0, 200, 255]);
    expect(at(6, 4)).toEqual([180, 200, 200, 255]);
    expect(at(3, 2)).toEqual([90, 100, 200, 255]);
  });

  it('decodes a little-endian grey TIFF too', () => {
    // 2 × 2, 8-bit grey (BlackIsZero), one uncompressed strip at offset 8, IFD after it.
    const entries: [number, number, number, number][] = [
      [256, 3, 1, 2], // width
      [257, 3, 1, 2], // height
      [258, 3, 1, 8], // bits per sample
      [259, 3, 1, 1], // no compression
      [262, 3, 1, 1], // BlackIsZero
      [273, 4, 1, 8], // strip offset
      [277, 3, 1, 1], // samples per pixel
      [278, 3, 1, 2], // rows per strip
      [279, 4, 1, 4], // strip byte count
    ];
    const ifd = 12;
    const buf = new ArrayBuffer(ifd + 2 + entries.length * 12 + 4);
    const v = new DataView(buf);
    v.setUint8(0, 0x49);
    v.setUint8(1, 0x49);
    v.setUint16(2, 42, true);
    v.setUint32(4, ifd, true);
    new Uint8Array(buf).set([0, 85, 170, 255], 8);
    v.setUint16(ifd, entries.length, true);
    entries.forEach(([tag, type, count, value], i) => {
      const at = ifd + 2 + i * 12;
      v.setUint16(at, tag, true);
      v.setUint16(at + 2, type, true);
      v.setUint32(at + 4, count, true);
      if (type === 3) v.setUint16(at + 8, value, true);
      else v.setUint32(at + 8, value, true);
    });
    const out = decodeTiff(buf);
    expect([out.width, out.height]).toEqual([2, 2]);
    expect([...out.rgba]).toEqual([0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 255, 255, 255, 255, 255]);
  });

  it('refuses what is not a TIFF or is damaged, with "unreadable"', () => {
    const good = makeTiff(4, 4, () => [10, 20, 30, 255]);
    expect(reason(() => decodeTiff(new TextEncoder().encode('not a picture at all').buffer))).toBe('unreadable');
    expect(reason(() => decodeTiff(good.slice(0, 6)))).toBe('unreadable'); // cut in the header
    expect(reason(() => decodeTiff(good.slice(0, 1010)))).toBe('unreadable'); // pixels cut off
    const garbage = new Uint8Array(good.slice(0));
    garbage.fill(0xee, 8, 200); // the page's description overwritten
    expect(reason(() => decodeTiff(garbage.buffer))).toBe('unreadable');
  });

  it('refuses a file whose page list loops back on itself instead of following it for ever', () => {
    const tiff = new Uint8Array(makeTiff(2, 2, () => [0, 0, 0, 255]));
    const v = new DataView(tiff.buffer);
    const first = v.getUint32(4);
    const entries = v.getUint16(first);
    v.setUint32(first + 2 + entries * 12, first); // the next page is the first one again
    expect(() => pageOffsets(tiff)).toThrow(TiffError);
    expect(reason(() => decodeTiff(tiff.buffer))).toBe('unreadable');
  });

  it(`refuses a picture over ${TIFF_MAX_PIXELS / 1e6} million pixels before decoding it, with "tooLarge"`, () => {
    const tiff = new Uint8Array(makeTiff(2, 2, () => [0, 0, 0, 255]));
    const v = new DataView(tiff.buffer);
    const first = v.getUint32(4);
    const entries = v.getUint16(first);
    for (let i = 0; i < entries; i++) {
      const at = first + 2 + i * 12;
      const tag = v.getUint16(at);
      // Width and height claim 10000 × 10000; the file stays 2 × 2 pixels long.
      if (tag === 256 || tag === 257) {
        v.setUint16(at + 2, 4); // LONG
        v.setUint32(at + 8, 10_000);
      }
    }
    expect(reason(() => decodeTiff(tiff.buffer))).toBe('tooLarge');
  });
});

describe('a TIFF stands upright like a camera JPEG (Orientation tag 274)', () => {
  /** Where the stored picture's top-left and top-right corners land on the upright canvas. */
  function corners(orientation: number, stored: { width: number; height: number }) {
    const up = uprightSize(stored.width, stored.height, orientation);
    const [a, b, c, d, e, f] = orientationTransform(orientation, up.width, up.height);
    const at = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f].map((n) => n + 0);
    const name = ([x, y]: number[]) => `${y === 0 ? 'top' : y === up.height ? 'bottom' : '?'}-${x === 0 ? 'left' : x === up.width ? 'right' : '?'}`;
    return { up, topLeft: name(at(0, 0)), topRight: name(at(stored.width, 0)), bottomRight: name(at(stored.width, stored.height)) };
  }

  // TIFF 6.0: where the stored first row and first column are to be seen.
  it.each([
    [1, { width: 40, height: 30 }, 'top-left', 'top-right'],
    [2, { width: 40, height: 30 }, 'top-right', 'top-left'], // row 0 at the top, column 0 on the right
    [3, { width: 40, height: 30 }, 'bottom-right', 'bottom-left'], // row 0 at the bottom, column 0 on the right
    [4, { width: 40, height: 30 }, 'bottom-left', 'bottom-right'], // row 0 at the bottom, column 0 on the left
    [5, { width: 30, height: 40 }, 'top-left', 'bottom-left'], // row 0 on the left, column 0 at the top
    [6, { width: 30, height: 40 }, 'top-right', 'bottom-right'], // row 0 on the right, column 0 at the top
    [7, { width: 30, height: 40 }, 'bottom-right', 'top-right'], // row 0 on the right, column 0 at the bottom
    [8, { width: 30, height: 40 }, 'bottom-left', 'top-left'], // row 0 on the left, column 0 at the bottom
  ])('orientation %i', (orientation, stored, topLeft, topRight) => {
    const c = corners(orientation, stored);
    expect(c.up).toEqual(orientation >= 5 ? { width: 40, height: 30 } : stored);
    expect([c.topLeft, c.topRight]).toEqual([topLeft, topRight]);
    // The whole picture lands on the canvas: its opposite corner is a corner too.
    expect(c.bottomRight).not.toContain('?');
  });

  it('reads the tag from the file (and takes an unknown value as upright)', () => {
    const turned = decodeTiff(UTIF.encodeImage(new Uint8Array(3 * 2 * 4).fill(255), 3, 2, { t274: [6] } as never));
    expect(turned.orientation).toBe(6);
    expect(uprightSize(turned.width, turned.height, turned.orientation)).toEqual({ width: 2, height: 3 });
    expect(decodeTiff(UTIF.encodeImage(new Uint8Array(4 * 4).fill(255), 2, 2)).orientation).toBe(1);
    expect(decodeTiff(UTIF.encodeImage(new Uint8Array(4 * 4).fill(255), 2, 2, { t274: [9] } as never)).orientation).toBe(1);
  });
});
