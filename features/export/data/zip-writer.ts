/**
 * Builds the export zip (SPEC §9): reports as indented JSON deflated at level 9, stored files as they
 * are (level 0) when already compressed, pictures reduced as chosen; the manifest last, listing every
 * entry with its size and sha256. Runs in the export worker; pure apart from the injected source and
 * image reducer, so Node tests drive it with fake-indexeddb and no reducer.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Pir } from '@/lib/contract';
import type { StoredFileRecord } from '@/lib/local-data/db';
import { contentBytes } from '@/lib/local-data/file-content';
import { RECORD_VERSIONS, stamp } from '@/lib/local-data/record-versions';
import { sha256Hex } from '@/lib/hash/sha256';
import { compressionLevel, imageSize, planImage, type ImageOptions } from '../model/images';
import { EXPORT_FORMAT, filePath, MANIFEST_PATH, reportPath, type Manifest, type ManifestFile, type ManifestReport } from '../model/manifest';
import { reportTitle } from '@/lib/reports/groups';

export interface ExportSettings extends ImageOptions {
  appVersion: string;
  schema: Manifest['schema'];
  device: string;
  user: Manifest['user'];
  createdAt: Date;
}

/** Where the reports and their files come from (IndexedDB in the worker), brought up to date. */
export interface ExportSource {
  reports: readonly Pir[];
  fileIds(reportId: number): Promise<string[]>;
  file(id: string): Promise<StoredFileRecord | undefined>;
}

/** Re-encodes a JPEG to fit maxSize × maxSize at quality (percent); null when it cannot be decoded. */
export type ImageReducer = (bytes: Uint8Array, opts: ImageOptions) => Promise<{ bytes: Uint8Array; width: number; height: number } | null>;

export interface ExportProgress {
  done: number;
  total: number;
  /** zip bytes written so far */
  bytes: number;
}

export interface BuiltExport {
  chunks: Uint8Array[];
  size: number;
  manifest: Manifest;
}

const encoder = new TextEncoder();

class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortError';
  }
}

export async function buildExport(
  source: ExportSource,
  settings: ExportSettings,
  deps: { reduce?: ImageReducer; onProgress?: (p: ExportProgress) => void; signal?: AbortSignal } = {},
): Promise<BuiltExport> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else {
      chunks.push(chunk);
      size += chunk.length;
    }
  });
  const mtime = settings.createdAt;

  function add(name: string, data: Uint8Array, level: 0 | 9) {
    const entry = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 9 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(data, true);
    if (failure) throw failure;
  }

  const fileIds = new Map<number, string[]>();
  for (const r of source.reports) fileIds.set(r.id, await source.fileIds(r.id));
  const total = source.reports.length + [...fileIds.values()].reduce((n, ids) => n + ids.length, 0);
  let done = 0;
  const tick = () => deps.onProgress?.({ done: ++done, total, bytes: size });
  const check = () => {
    if (deps.signal?.aborted) throw new AbortedError();
  };

  const reports: ManifestReport[] = [];
  for (const r of source.reports) {
    check();
    // Each report with its record version, as the tablet stores it: a restore migrates it from there.
    const json = encoder.encode(JSON.stringify(stamp('report', r), null, 2));
    const path = reportPath(r.id);
    add(path, json, 9);
    reports.push({
      id: r.id,
      path,
      size: json.length,
      sha256: await sha256Hex(json),
      status: r.status,
      title: reportTitle(r).slice(0, 300),
      claimedByDevice: r.claimedByDevice,
      lastUpdateDate: r.lastUpdateDate,
    });
    tick();
  }

  const files: ManifestFile[] = [];
  for (const r of source.reports) {
    let index = 0;
    for (const id of fileIds.get(r.id) ?? []) {
      check();
      const record = await source.file(id);
      // A file whose download failed has no bytes: nothing to carry (the preparation fetches it again).
      if (!record?.content) {
        tick();
        continue;
      }
      const { content, ...meta } = record;
      const original = new Uint8Array(await contentBytes(content));
      const known = meta.width !== null && meta.height !== null ? { width: meta.width, height: meta.height } : imageSize(original);
      const plan = planImage({ contentType: meta.contentType, width: known?.width ?? null, height: known?.height ?? null }, settings);
      let bytes: Uint8Array = original;
      let outMeta = meta;
      let reducedFrom: ManifestFile['original'] = null;
      if (plan.action === 'reduce' && deps.reduce) {
        const reduced = await deps.reduce(original, { quality: settings.quality, maxSize: settings.maxSize });
        const fits = known !== null && Math.max(known.width, known.height) <= settings.maxSize;
        if (reduced && !(fits && reduced.bytes.length >= original.length)) {
          bytes = reduced.bytes;
          outMeta = { ...meta, width: reduced.width, height: reduced.height, size: reduced.bytes.length, contentType: 'image/jpeg' };
          reducedFrom = { size: original.length, width: known?.width ?? null, height: known?.height ?? null };
        }
      }
      const path = filePath(r.id, ++index, meta.filename || id);
      add(path, bytes, compressionLevel(outMeta.contentType));
      files.push({ path, size: bytes.length, sha256: await sha256Hex(bytes), record: { ...outMeta, id, pirId: r.id }, original: reducedFrom });
      tick();
    }
  }

  // Stamped: its format version, and each file record's version.
  const manifest: Manifest = stamp('manifest', {
    format: EXPORT_FORMAT,
    formatVersion: RECORD_VERSIONS.manifest,
    appVersion: settings.appVersion,
    schema: settings.schema,
    device: settings.device,
    user: settings.user,
    createdAt: settings.createdAt.toISOString(),
    images: { quality: settings.quality, maxSize: settings.maxSize },
    reports,
    files,
  });
  add(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)), 9);
  zip.end();
  if (failure) throw failure;
  return { chunks, size, manifest };
}
