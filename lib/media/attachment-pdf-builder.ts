/**
 * Builds a local attachment's PDF at submit in a worker: pdf-lib holds the main thread for about a
 * quarter of a second per document, a visible freeze while the submission starts. Where the worker
 * cannot start, the same function runs here.
 */
import { workerCall } from '@/lib/workers/worker-call';
import { contentBytes, type FileContent } from '@/lib/local-data/file-content';
import { ATTACHMENT_PDF_CONTENT_TYPE } from './attachment-pdf';

/** Pages as stored: a Blob goes to the worker as a handle, and the worker reads its bytes. */
export interface AttachmentPdfRequest {
  pages: FileContent[];
  title: string;
}
export type AttachmentPdfReply = { ok: true; pdf: Blob } | { ok: false; error: string };

const inWorker = workerCall<AttachmentPdfRequest, AttachmentPdfReply>(
  () => new Worker(new URL('./attachment-pdf.worker.ts', import.meta.url), { type: 'module', name: 'attachment-pdf' }),
);

/** The PDF; throws as buildAttachmentPdfBuffer does (no pages, a page neither JPEG nor PNG). */
export async function buildAttachmentPdfOffThread(pages: FileContent[], title: string): Promise<Blob> {
  const reply = await inWorker({ pages, title });
  if (reply?.ok) return reply.pdf;
  if (reply) throw new TypeError(reply.error);
  const { buildAttachmentPdfBuffer } = await import('./attachment-pdf');
  const bytes = await buildAttachmentPdfBuffer(await Promise.all(pages.map(contentBytes)), { title });
  return new Blob([bytes], { type: ATTACHMENT_PDF_CONTENT_TYPE });
}
