/**
 * Renders PDFs in worker threads (at most `size` at once, idle workers kept for the next submit, at most
 * `maxQueued` more waiting: beyond that PdfBusyError at once), each with a time limit: a report that takes too long has its worker terminated and its render refused, and
 * the event loop that answers every other request never runs pdf-lib itself.
 */
import { Worker } from 'node:worker_threads';
import type { FormPdfSpec } from './pdf';
import type { RenderResult } from './pdf-worker';

const DEFAULT_PDF_TIMEOUT_MS = 30_000;
/** Renders waiting for a worker at most; more are refused with PdfBusyError. */
const DEFAULT_PDF_QUEUE_MAX = 4;

/** The queue is full: the caller answers 503 SERVER_BUSY with Retry-After (nothing was started). */
export class PdfBusyError extends Error {
  constructor(
    readonly queued: number,
    readonly retryAfter: number,
  ) {
    super(`PDF queue full (${queued} waiting)`);
    this.name = 'PdfBusyError';
  }
}

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

/** A place in the pool taken before the work that prepares a render (PdfPool.reserve). */
export interface PdfTicket {
  done: boolean;
}

export class PdfPool {
  private idle: Worker[] = [];
  private busy = 0;
  /** places taken by reserve() and not yet rendered or released */
  private reserved = 0;
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly timeoutMs = DEFAULT_PDF_TIMEOUT_MS,
    readonly size = 2,
    readonly maxQueued = DEFAULT_PDF_QUEUE_MAX,
  ) {}

  /** Renders waiting for a worker now. */
  get queued(): number {
    return this.queue.length;
  }

  /** Seconds a refused caller is told to wait: about one render per worker ahead of it. */
  get retryAfter(): number {
    return Math.max(2, Math.ceil((this.queue.length + this.reserved + 1) / this.size) * 2);
  }

  private full(): boolean {
    return this.busy + this.queue.length + this.reserved >= this.size + this.maxQueued;
  }

  /**
   * Takes a place for a render to come, before the work that prepares it (parsing, fingerprint, labels),
   * so that a refused caller has spent nothing; null when the workers and the queue are all taken.
   */
  reserve(): PdfTicket | null {
    if (this.closed || this.full()) return null;
    this.reserved += 1;
    return { done: false };
  }

  /** Gives back a place that was not rendered (the request ended otherwise); a no-op once rendered. */
  release(ticket: PdfTicket): void {
    if (ticket.done) return;
    ticket.done = true;
    this.reserved -= 1;
  }

  render(spec: FormPdfSpec, ticket?: PdfTicket | null): Promise<Uint8Array> {
    if (ticket && !ticket.done) {
      // its place was kept since reserve()
      ticket.done = true;
      this.reserved -= 1;
    } else if (this.full()) {
      // a bounded queue: past it, ask again later rather than wait behind everyone
      return Promise.reject(new PdfBusyError(this.queue.length, this.retryAfter));
    }
    if (this.closed) return Promise.reject(new Error('PDF pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ spec, resolve, reject });
      this.pump();
    });
  }

  /** What the health check and the metrics read: counts only. */
  stats(): { size: number; busy: number; idle: number; queued: number; closed: boolean } {
    return { size: this.size, busy: this.busy, idle: this.idle.length, queued: this.queue.length, closed: this.closed };
  }

  /**
   * Whether a worker thread answers (for the health check): a worker renders an empty request and
   * replies with an error, which proves it alive. Answered from the last probe for `cacheMs`; while
   * every worker is busy, the pool counts as alive when the queue moves (a stuck job is ended at its
   * time limit anyway).
   */
  async alive(cacheMs = 30_000, timeoutMs = 10_000): Promise<boolean> {
    if (this.closed) return false;
    if (this.lastProbe && Date.now() - this.lastProbe.at < cacheMs) return this.lastProbe.ok;
    if (this.busy >= this.size) return true;
    const ok = await Promise.race([
      this.render(null as unknown as FormPdfSpec).then(
        () => true,
        (e: Error) => !(e instanceof PdfTimeoutError) && e.message !== 'PDF worker exited' && e.message !== 'PDF pool closed',
      ),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref()),
    ]);
    this.lastProbe = { at: Date.now(), ok };
    return ok;
  }

  private lastProbe: { at: number; ok: boolean } | null = null;

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
