/// <reference lib="webworker" />
/**
 * The resize worker (see resize.ts): decodes a picture with createImageBitmap (EXIF orientation
 * applied), draws it at its stored size on an OffscreenCanvas and re-encodes it as JPEG.
 */
// Types only: the worker bundle must not pull in resize.ts, which creates this worker.
import type { ResizeReply, ResizeRequest } from './resize';
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

async function resize(req: ResizeRequest): Promise<ResizeReply> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(req.blob, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  try {
    if (!(bitmap.width > 0 && bitmap.height > 0)) return { ok: false, error: 'unreadable' };
    const size = fitWithin(bitmap.width, bitmap.height, req.maxWidth, req.maxHeight);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false, error: 'unreadable' };
    // JPEG has no transparency: transparent PNG areas become white, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: req.quality });
    return { ok: true, bytes: await blob.arrayBuffer(), width: size.width, height: size.height };
  } catch {
    return { ok: false, error: 'unreadable' };
  } finally {
    bitmap.close();
  }
}

serveWorkerCalls<ResizeRequest, ResizeReply>(async (req) => {
  const reply = await resize(req);
  return { reply, transfer: reply.ok ? [reply.bytes] : [] };
});
