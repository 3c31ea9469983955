/// <reference lib="webworker" />
/**
 * The resize worker (see resize.ts): decodes a picture with createImageBitmap (EXIF orientation
 * applied) — or, for a TIFF, which Chrome and Firefox cannot decode, with UTIF.js (tiff.ts) —
 * draws it at its stored size on an OffscreenCanvas and re-encodes it as JPEG.
 */
// Types only: the worker bundle must not pull in resize.ts, which creates this worker.
import type { ResizeReply, ResizeRequest } from './resize';
import { decodeTiff, isTiff, orientationTransform, TiffError, uprightSize } from './tiff';
import { serveWorkerCalls } from '@/lib/workers/worker-call';

/** Same arithmetic as fitWithin in resize.ts (unit-tested there): within the box, never enlarged. */
function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  if (scale === 1) return { width: Math.round(width), height: Math.round(height) };
  return {
    width: Math.max(1, Math.min(maxWidth, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxHeight, Math.round(height * scale))),
  };
}

/**
 * A TIFF is known by its first bytes (a mislabelled file too) and decoded here, its Orientation tag
 * applied when drawn; anything else is decoded by the browser, which applies the EXIF orientation.
 */
async function decode(blob: Blob): Promise<{ bitmap: ImageBitmap; orientation: number }> {
  if (isTiff(new Uint8Array(await blob.slice(0, 4).arrayBuffer()))) {
    const { width, height, rgba, orientation } = decodeTiff(await blob.arrayBuffer());
    return { bitmap: await createImageBitmap(new ImageData(rgba, width, height)), orientation };
  }
  return { bitmap: await createImageBitmap(blob, { imageOrientation: 'from-image' }), orientation: 1 };
}

/**
 * The picture as resized, drawn again at most `edge` px on its longer side; null when that is not
 * smaller, or when it fails: the picture is kept all the same, and its card makes the copy later.
 */
async function smallCopy(resized: OffscreenCanvas, { edge, quality }: { edge: number; quality: number }): Promise<ArrayBuffer | null> {
  const size = fitWithin(resized.width, resized.height, edge, edge);
  if (size.width === resized.width && size.height === resized.height) return null;
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(resized, 0, 0, size.width, size.height);
    return await (await canvas.convertToBlob({ type: 'image/jpeg', quality })).arrayBuffer();
  } catch {
    return null;
  }
}

async function resize(req: ResizeRequest): Promise<ResizeReply> {
  let bitmap: ImageBitmap;
  let orientation: number;
  try {
    ({ bitmap, orientation } = await decode(req.blob));
  } catch (e) {
    return { ok: false, error: e instanceof TiffError ? e.reason : 'unreadable' };
  }
  try {
    if (!(bitmap.width > 0 && bitmap.height > 0)) return { ok: false, error: 'unreadable' };
    const upright = uprightSize(bitmap.width, bitmap.height, orientation);
    const size = fitWithin(upright.width, upright.height, req.maxWidth, req.maxHeight);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false, error: 'unreadable' };
    // JPEG has no transparency: transparent PNG areas become white, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.setTransform(...orientationTransform(orientation, size.width, size.height));
    const drawn = uprightSize(size.width, size.height, orientation); // back to the stored proportions
    ctx.drawImage(bitmap, 0, 0, drawn.width, drawn.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: req.quality });
    const small = req.small ? await smallCopy(canvas, req.small) : null;
    return {
      ok: true,
      bytes: await blob.arrayBuffer(),
      width: size.width,
      height: size.height,
      sourceWidth: upright.width,
      sourceHeight: upright.height,
      ...(small ? { small } : {}),
    };
  } catch {
    return { ok: false, error: 'unreadable' };
  } finally {
    bitmap.close();
  }
}

serveWorkerCalls<ResizeRequest, ResizeReply>(async (req) => {
  const reply = await resize(req);
  return { reply, transfer: reply.ok ? [reply.bytes, ...(reply.small ? [reply.small] : [])] : [] };
});
