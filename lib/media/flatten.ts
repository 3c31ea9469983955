/**
 * Flattening a picture's markup: the original picture with the strokes drawn on it,
 * encoded as a new JPEG at the resize quality (SPEC §9: 70). The work runs in a module worker
 * (flatten.worker.ts, OffscreenCanvas) so the main thread never blocks; only a browser without
 * OffscreenCanvas does it on this thread, as resize.ts does.
 */
import { workerCall } from '@/lib/workers/worker-call';
import { drawMarkup } from './draw-markup';
import type { MarkupPath } from './markup';
import { JPEG_QUALITY, MediaError, RESIZED_CONTENT_TYPE, type ResizedImage } from './resize';

export interface FlattenRequest {
  blob: Blob;
  paths: MarkupPath[];
  quality: number;
}

export type FlattenReply = { ok: true; bytes: ArrayBuffer; width: number; height: number } | { ok: false };

const inWorker = workerCall<FlattenRequest, FlattenReply>(
  () => new Worker(new URL('./flatten.worker.ts', import.meta.url), { type: 'module', name: 'flatten' }),
  () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined',
);

async function onMainThread(req: FlattenRequest): Promise<FlattenReply> {
  const url = URL.createObjectURL(req.blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false };
    drawMarkup(ctx, img, canvas.width, canvas.height, req.paths);
    const out = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, RESIZED_CONTENT_TYPE, req.quality));
    return out ? { ok: true, bytes: await out.arrayBuffer(), width: canvas.width, height: canvas.height } : { ok: false };
  } catch {
    return { ok: false };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picture with the paths drawn on it, as a JPEG at quality 0.7. Throws MediaError('unreadable') when it cannot be drawn. */
export async function flattenMarkup(picture: Blob, paths: MarkupPath[]): Promise<ResizedImage> {
  const req: FlattenRequest = { blob: picture, paths, quality: JPEG_QUALITY };
  const reply = (await inWorker(req)) ?? (await onMainThread(req));
  if (!reply.ok) throw new MediaError('unreadable');
  return { bytes: reply.bytes, width: reply.width, height: reply.height, contentType: RESIZED_CONTENT_TYPE };
}
