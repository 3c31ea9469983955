import { describe, expect, it } from 'vitest';
import { fitWithin, isAcceptedImage, JPEG_QUALITY, MediaError, resizeImage, RESIZE_MAX_HEIGHT, RESIZE_MAX_WIDTH } from '@/lib/media/resize';

describe('images the inspector may add (SPEC §5)', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['PHOTO.JPG', 'image/jpeg'],
    ['scan.jpeg', 'image/jpeg'],
    ['bow.png', 'image/png'],
    ['page.tiff', 'image/tiff'],
    ['page.tif', 'image/tiff'],
    ['photo.jpg', ''], // a picker that gives no content type: the extension decides
    ['image', 'image/jpeg'], // a camera capture without a name: the content type decides
    ['', 'image/png'],
  ])('accepts %j (%j)', (name, type) => {
    expect(isAcceptedImage({ name, type })).toBe(true);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['notes.txt', ''],
    ['report.pdf', 'application/pdf'],
    ['photo.jpg', 'application/octet-stream'], // the content type must contain "image"
    ['animation.gif', 'image/gif'], // an image, but not a picture type of the spec
    ['photo.webp', 'image/webp'],
    ['photo.heic', 'image/heic'],
    ['vector.svg', 'image/svg+xml'],
    ['image', 'image/gif'],
    ['', ''],
    ['archive.jpg.zip', 'application/zip'],
  ])('refuses %j (%j)', (name, type) => {
    expect(isAcceptedImage({ name, type })).toBe(false);
  });

  it('refuses a non-image before any work, with a MediaError naming the file', async () => {
    const txt = Object.assign(new Blob(['hello'], { type: 'text/plain' }), { name: 'notes.txt' });
    const err = await resizeImage(txt).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect((err as MediaError).reason).toBe('notImage');
    expect((err as MediaError).fileName).toBe('notes.txt');
  });
});

describe('resize bounds (SPEC §9: at most 3000 by 5000, JPEG quality 70)', () => {
  it('uses the spec constants', () => {
    expect([RESIZE_MAX_WIDTH, RESIZE_MAX_HEIGHT, JPEG_QUALITY]).toEqual([3000, 5000, 0.7]);
  });

  it('shrinks to fit the fixed 3000 × 5000 box, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 3000, height: 2250 });
    expect(fitWithin(6000, 8000)).toEqual({ width: 3000, height: 4000 });
    expect(fitWithin(3000, 10000)).toEqual({ width: 1500, height: 5000 });
    expect(fitWithin(12000, 100)).toEqual({ width: 3000, height: 25 });
  });

  it('keeps pictures that fit, and never enlarges', () => {
    expect(fitWithin(3000, 4000)).toEqual({ width: 3000, height: 4000 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(3000, 5000)).toEqual({ width: 3000, height: 5000 });
  });

  it('refuses a picture without a size', () => {
    expect(() => fitWithin(0, 100)).toThrow();
  });
});
