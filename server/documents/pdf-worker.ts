/** The PDF worker thread: renders one FormPdfSpec per message, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { renderFormPdf, type FormPdfSpec } from './pdf';

export interface RenderRequest {
  id: number;
  spec: FormPdfSpec;
}
export type RenderResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (msg: RenderRequest) => {
  renderFormPdf(msg.spec).then(
    (pdf) => parentPort!.postMessage({ id: msg.id, pdf } satisfies RenderResult, [pdf.buffer as ArrayBuffer]),
    (e: unknown) => parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) } satisfies RenderResult),
  );
});
parentPort?.postMessage({ ready: true });
