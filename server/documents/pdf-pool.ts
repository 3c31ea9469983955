/**
 * Renders PDFs in worker threads (at most `size` at once, idle workers kept for the next submit), each
 * with a time limit: a report that takes too long has its worker terminated and its render refused, and
 * the event loop that answers every other request never runs pdf-lib itself.
 */
import { Worker } from 'node:worker_threads';
import type { FormPdfSpec } from './pdf';
import type { RenderResult } from './pdf-worker';

export const DEFAULT_PDF_TIMEOUT_MS = 30_000;

export class PdfTimeoutError extends Error {
  constructor(ms: number) {
    super(`PDF rendering took longer than ${ms} ms`);
    this.name = 'PdfTimeoutError';
  }
}

interface Job {
  spec: FormPdfSpec;
  resolve(pdf: Uint8Array): void;
  reject(e: Error): void;
}

export class PdfPool {
  private idle: Worker[] = [];
  private busy = 0;
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly timeoutMs = DEFAULT_PDF_TIMEOUT_MS,
    readonly size = 2,
  ) {}

  render(spec: FormPdfSpec): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('PDF pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ spec, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('PDF pool closed'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.busy < this.size)) {
      const job = this.queue.shift()!;
      this.busy += 1;
      this.run(job, this.idle.pop() ?? this.spawn());
    }
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    worker.unref();
    return worker;
  }

  private run(job: Job, worker: Worker): void {
    const id = this.nextId++;
    let done = false;
    const finish = (keep: boolean, settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.busy -= 1;
      if (keep && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      settle();
      this.pump();
    };
    const onMessage = (m: RenderResult | { ready: true }) => {
      if (!('id' in m) || m.id !== id) return;
      if ('pdf' in m) finish(true, () => job.resolve(m.pdf));
      else finish(true, () => job.reject(new Error(m.error)));
    };
    const onError = (e: Error) => finish(false, () => job.reject(e));
    const onExit = () => finish(false, () => job.reject(new Error('PDF worker exited')));
    const timer = setTimeout(() => finish(false, () => job.reject(new PdfTimeoutError(this.timeoutMs))), this.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, spec: job.spec });
  }
}
