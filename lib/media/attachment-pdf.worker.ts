/// <reference lib="webworker" />
/** The attachment PDF worker (see attachment-pdf-builder.ts): pdf-lib's work off the main thread. */
import { buildAttachmentPdfBuffer } from './attachment-pdf';
import type { AttachmentPdfReply, AttachmentPdfRequest } from './attachment-pdf-builder';
import { serveWorkerCalls } from '@/lib/workers/worker-call';

serveWorkerCalls<AttachmentPdfRequest, AttachmentPdfReply>(async ({ pages, title }) => {
  try {
    const bytes = await buildAttachmentPdfBuffer(pages, { title });
    return { reply: { ok: true, bytes }, transfer: [bytes] };
  } catch (e) {
    return { reply: { ok: false, error: e instanceof Error ? e.message : String(e) } };
  }
});
