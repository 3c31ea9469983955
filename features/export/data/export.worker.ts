/// <reference lib="webworker" />
/**
 * The export worker: reads the reports and files from IndexedDB, reduces pictures (createImageBitmap
 * and OffscreenCanvas), builds the zip with fflate and hands the page a Blob; reads and checks a zip
 * to restore and writes it in one transaction. Nothing heavy runs on the page's thread.
 */
import { db } from '@/lib/local-data/db';
import { migrate } from '@/lib/local-data/record-versions';
import { checkSpace, STORAGE_MARGIN_BYTES } from '@/lib/storage/quota';
import { fitBox, type ImageOptions } from '../model/images';
import { exportSource, scanReports } from './local-source';
import type { WorkerReply, WorkerRequest } from './protocol';
import { writeRestore } from './restore-write';
import { readExport, RestoreError, type RestoreBundle } from '../model/zip-reader';
import { buildExport } from './zip-writer';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Where the browser does not say what is free, what a restore may unpack in memory at once. */
const UNKNOWN_SPACE_LIMIT = 1024 * 1024 * 1024;

/** What a restore may unpack: the tablet's free space, less the margin a claim keeps too. */
async function unpackLimit(): Promise<number> {
  const { free } = await checkSpace(0);
  return free === null ? UNKNOWN_SPACE_LIMIT : Math.max(0, free - STORAGE_MARGIN_BYTES);
}

function reply(message: WorkerReply, transfer: Transferable[] = []) {
  scope.postMessage(message, transfer);
}

async function reduceJpeg(bytes: Uint8Array, opts: ImageOptions) {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    if (!(bitmap.width > 0 && bitmap.height > 0)) return null;
    const size = fitBox(bitmap.width, bitmap.height, opts.maxSize);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: opts.quality / 100 });
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width: size.width, height: size.height };
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

const controllers = new Map<number, AbortController>();
let checked: { job: number; bundle: RestoreBundle } | null = null;

function failure(job: number, e: unknown): WorkerReply {
  if (e instanceof RestoreError) return { type: 'failed', job, error: { code: e.code, values: e.values } };
  if (e instanceof Error && e.name === 'AbortError') return { type: 'failed', job, error: { code: 'cancelled', values: {} } };
  return { type: 'failed', job, error: { code: 'unexpected', values: { message: e instanceof Error ? e.message : String(e) } } };
}

async function handle(req: WorkerRequest) {
  switch (req.type) {
    case 'scan': {
      reply({ type: 'scanned', job: req.job, reports: await scanReports(await db(), req.ids) });
      return;
    }
    case 'export': {
      const controller = new AbortController();
      controllers.set(req.job, controller);
      try {
        const source = await exportSource(await db(), req.ids);
        let last = 0;
        const built = await buildExport(
          source,
          { ...req.settings, createdAt: new Date(req.settings.createdAt) },
          {
            reduce: reduceJpeg,
            signal: controller.signal,
            onProgress: (progress) => {
              // At most about 20 updates a second: the page only redraws a bar.
              const now = performance.now();
              if (progress.done < progress.total && now - last < 50) return;
              last = now;
              reply({ type: 'progress', job: req.job, progress });
            },
          },
        );
        const blob = new Blob(built.chunks as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
        reply({
          type: 'exported',
          job: req.job,
          blob,
          size: built.size,
          reports: built.manifest.reports.length,
          files: built.manifest.files.length,
          reduced: built.manifest.files.filter((f) => f.original !== null).length,
        });
      } finally {
        controllers.delete(req.job);
      }
      return;
    }
    case 'cancel':
      controllers.get(req.job)?.abort();
      return;
    case 'read': {
      checked = null;
      let data: Uint8Array;
      try {
        data = new Uint8Array(await req.file.arrayBuffer());
      } catch {
        throw new RestoreError('unreadable');
      }
      const bundle = await readExport(data, req.versions, { maxUnpackedBytes: await unpackLimit() }, migrate);
      checked = { job: req.job, bundle };
      reply({ type: 'checked', job: req.job, manifest: bundle.manifest });
      return;
    }
    case 'apply': {
      if (!checked || checked.job !== req.job) throw new Error('nothing checked to restore');
      const result = await writeRestore(await db(), checked.bundle);
      checked = null;
      reply({ type: 'applied', job: req.job, result });
      return;
    }
    case 'discard':
      checked = null;
      return;
  }
}

scope.addEventListener('message', (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  void handle(req).catch((err: unknown) => reply(failure('job' in req ? req.job : 0, err)));
});
