/// <reference lib="webworker" />
/** The flatten worker (see flatten.ts): decodes the picture, draws the markup on it, encodes a JPEG. */
// Types only from flatten.ts: the worker bundle must not pull in the module that creates this worker.
import type { FlattenReply, FlattenRequest } from './flatten';
import { drawMarkup } from './draw-markup';
import { serveWorkerCalls } from '@/lib/workers/worker-call';

async function flatten(req: FlattenRequest): Promise<FlattenReply> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(req.blob);
  } catch {
    return { ok: false };
  }
  try {
    const { width, height } = bitmap;
    if (!(width > 0 && height > 0)) return { ok: false };
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false };
    drawMarkup(ctx, bitmap, width, height, req.paths);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: req.quality });
    return { ok: true, bytes: await blob.arrayBuffer(), width, height };
  } catch {
    return { ok: false };
  } finally {
    bitmap.close();
  }
}

serveWorkerCalls<FlattenRequest, FlattenReply>(async (req) => {
  const reply = await flatten(req);
  return { reply, transfer: reply.ok ? [reply.bytes] : [] };
});
