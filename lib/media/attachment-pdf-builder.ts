/**
 * Builds a local attachment's PDF at submit in a worker: pdf-lib holds the main thread for about a
 * quarter of a second per document, a visible freeze while the submission starts. Where the worker
 * cannot start, the same function runs here.
 */
import { workerCall } from '@/lib/workers/worker-call';

export interface AttachmentPdfRequest {
  pages: ArrayBuffer[];
  title: string;
}
export type AttachmentPdfReply = { ok: true; bytes: ArrayBuffer } | { ok: false; error: string };

const inWorker = workerCall<AttachmentPdfRequest, AttachmentPdfReply>(
  () => new Worker(new URL('./attachment-pdf.worker.ts', import.meta.url), { type: 'module', name: 'attachment-pdf' }),
);

/** The PDF's bytes; throws as buildAttachmentPdfBuffer does (no pages, a page neither JPEG nor PNG). */
export async function buildAttachmentPdfOffThread(pages: ArrayBuffer[], title: string): Promise<ArrayBuffer> {
  // Pages are copied, not transferred: if the worker fails, they are still here for the fallback.
  const reply = await inWorker({ pages, title });
  if (reply?.ok) return reply.bytes;
  if (reply) throw new TypeError(reply.error);
  const { buildAttachmentPdfBuffer } = await import('./attachment-pdf');
  return buildAttachmentPdfBuffer(pages, { title });
}
