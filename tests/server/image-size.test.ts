/** Pixel sizes read from image headers, before any decoding (issue 19 item 2). */
import { describe, expect, it } from 'vitest';
import { pictureFits, readImageHeader, signatureFits } from '../../server/documents/image-size';
import { tinyPng } from './helpers';

function tiff(width: number, height: number, littleEndian: boolean): Uint8Array {
  const b = new DataView(new ArrayBuffer(8 + 2 + 2 * 12 + 4));
  b.setUint8(0, littleEndian ? 0x49 : 0x4d);
  b.setUint8(1, littleEndian ? 0x49 : 0x4d);
  b.setUint16(2, 42, littleEndian);
  b.setUint32(4, 8, littleEndian);
  b.setUint16(8, 2, littleEndian);
  const entry = (k: number, tag: number, type: number, value: number) => {
    const o = 10 + k * 12;
    b.setUint16(o, tag, littleEndian);
    b.setUint16(o + 2, type, littleEndian);
    b.setUint32(o + 4, 1, littleEndian);
    if (type === 3) b.setUint16(o + 8, value, littleEndian);
    else b.setUint32(o + 8, value, littleEndian);
  };
  entry(0, 256, 3, width);
  entry(1, 257, 4, height);
  return new Uint8Array(b.buffer);
}

describe('readImageHeader', () => {
  it('reads PNG, JPEG and TIFF (both byte orders) sizes', () => {
    expect(readImageHeader(tinyPng(40, 16))).toEqual({ type: 'png', width: 40, height: 16 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc2, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0xf4, 0x03]);
    expect(readImageHeader(jpeg)).toEqual({ type: 'jpeg', width: 500, height: 200 });
    expect(readImageHeader(tiff(3000, 4000, true))).toEqual({ type: 'tiff', width: 3000, height: 4000 });
    expect(readImageHeader(tiff(300, 70000, false))).toEqual({ type: 'tiff', width: 300, height: 70000 });
  });
  it('gives null for other bytes and cut headers', () => {
    expect(readImageHeader(new Uint8Array(Buffer.from('%PDF-1.7')))).toBeNull();
    expect(readImageHeader(tinyPng().slice(0, 20))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
  });
  it('signatures fit in 2000×1000, pictures in 3000×5000 either way round', () => {
    expect(signatureFits({ type: 'png', width: 1000, height: 400 })).toBe(true);
    expect(signatureFits({ type: 'png', width: 12000, height: 12000 })).toBe(false);
    expect(signatureFits({ type: 'tiff', width: 100, height: 100 })).toBe(false);
    expect(pictureFits({ type: 'jpeg', width: 5000, height: 3000 })).toBe(true);
    expect(pictureFits({ type: 'jpeg', width: 3000, height: 5000 })).toBe(true);
    expect(pictureFits({ type: 'jpeg', width: 5001, height: 10 })).toBe(false);
    expect(pictureFits({ type: 'jpeg', width: 4000, height: 4000 })).toBe(false);
  });
});
