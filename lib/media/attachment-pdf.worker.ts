/// <reference lib="webworker" />
/** The attachment PDF worker (see attachment-pdf-builder.ts): pdf-lib's work off the main thread. */
import { ATTACHMENT_PDF_CONTENT_TYPE, buildAttachmentPdfBuffer } from './attachment-pdf';
import { contentBytes } from '@/lib/local-data/file-content';
import type { AttachmentPdfReply, AttachmentPdfRequest } from './attachment-pdf-builder';
import { serveWorkerCalls } from '@/lib/workers/worker-call';

serveWorkerCalls<AttachmentPdfRequest, AttachmentPdfReply>(async ({ pages, title }) => {
  try {
    const bytes = await buildAttachmentPdfBuffer(await Promise.all(pages.map(contentBytes)), { title });
    // made into a Blob here, so the page gets a handle and not a copy of the bytes
    return { reply: { ok: true, pdf: new Blob([bytes], { type: ATTACHMENT_PDF_CONTENT_TYPE }) } };
  } catch (e) {
    return { reply: { ok: false, error: e instanceof Error ? e.message : String(e) } };
  }
});
