/**
 * The page's side of the export worker: one worker per open dialog, jobs answered by promises.
 * Nothing here touches picture bytes: the worker reads IndexedDB itself and hands back a Blob.
 */
import type { ScannedReport } from '../model/images';
import type { Manifest } from '../model/manifest';
import type { WireError, WireSettings, WorkerReply, WorkerRequest } from './protocol';
import type { RestoreResult } from './restore-write';
import type { AppVersions } from '../model/zip-reader';
import type { ExportProgress } from './zip-writer';

/** A failure the dialogs translate: a RestoreError code, `cancelled`, `worker` or `unexpected`. */
export class ExportFailure extends Error {
  constructor(
    readonly code: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`exportData.errors.${code}`);
    this.name = 'ExportFailure';
  }
}

export interface ExportedZip {
  blob: Blob;
  size: number;
  reports: number;
  files: number;
  reduced: number;
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: ExportFailure) => void;
  onProgress?: (p: ExportProgress) => void;
}

export class ExportWorker {
  private readonly worker: Worker;
  private nextJob = 1;
  private readonly pending = new Map<number, Pending>();
  private checkedJob: number | null = null;
  /** the script could not start or died: every job, now or later, fails at once instead of waiting forever */
  private broken = false;

  constructor() {
    this.worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
    this.worker.addEventListener('message', (e: MessageEvent<WorkerReply>) => this.receive(e.data));
    this.worker.addEventListener('error', () => {
      this.broken = true;
      for (const p of this.pending.values()) p.reject(new ExportFailure('worker'));
      this.pending.clear();
    });
  }

  private receive(msg: WorkerReply) {
    const p = this.pending.get(msg.job);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.progress);
      return;
    }
    this.pending.delete(msg.job);
    if (msg.type === 'failed') p.reject(toFailure(msg.error));
    else p.resolve(msg);
  }

  private run(req: WorkerRequest & { job: number }, onProgress?: (p: ExportProgress) => void): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      if (this.broken) {
        reject(new ExportFailure('worker'));
        return;
      }
      this.pending.set(req.job, { resolve, reject, onProgress });
      this.worker.postMessage(req);
    });
  }

  async scan(ids: number[]): Promise<ScannedReport[]> {
    const r = await this.run({ type: 'scan', job: this.nextJob++, ids });
    return r.type === 'scanned' ? r.reports : [];
  }

  /** Builds the zip; `cancel` stops it. */
  exportZip(ids: number[], settings: WireSettings, onProgress: (p: ExportProgress) => void): { promise: Promise<ExportedZip>; cancel: () => void } {
    const job = this.nextJob++;
    const promise = this.run({ type: 'export', job, ids, settings }, onProgress).then((r) => {
      if (r.type !== 'exported') throw new ExportFailure('unexpected');
      return { blob: r.blob, size: r.size, reports: r.reports, files: r.files, reduced: r.reduced };
    });
    return { promise, cancel: () => this.worker.postMessage({ type: 'cancel', job } satisfies WorkerRequest) };
  }

  /** Reads and checks a zip completely; nothing is written until `apply`. */
  async check(file: Blob, versions: AppVersions): Promise<Manifest> {
    const job = this.nextJob++;
    this.checkedJob = null;
    const r = await this.run({ type: 'read', job, file, versions });
    if (r.type !== 'checked') throw new ExportFailure('unexpected');
    this.checkedJob = job;
    return r.manifest;
  }

  /** Writes what `check` accepted, in one transaction. */
  async apply(): Promise<RestoreResult> {
    if (this.checkedJob === null) throw new ExportFailure('unexpected');
    const job = this.checkedJob;
    this.checkedJob = null;
    const r = await this.run({ type: 'apply', job });
    if (r.type !== 'applied') throw new ExportFailure('unexpected');
    return r.result;
  }

  discard() {
    this.checkedJob = null;
    this.worker.postMessage({ type: 'discard' } satisfies WorkerRequest);
  }

  dispose() {
    for (const p of this.pending.values()) p.reject(new ExportFailure('cancelled'));
    this.pending.clear();
    this.worker.terminate();
  }
}

function toFailure(e: WireError): ExportFailure {
  return new ExportFailure(e.code, e.values);
}
