/**
 * Reads and checks an export zip completely before anything is written (SPEC §2 "restore data"):
 * the zip itself, the manifest and its versions, that the zip holds exactly the entries the manifest
 * lists (nothing else, no path of its own making), each entry's size and sha256, and every report
 * against the contract. Any failure is a RestoreError with a code the dialog translates. Pure.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { pir, type Pir } from '@/lib/contract';
import { RestoreError } from './errors';
import { fileOwner } from './file-owner';
import { sha256Hex } from '@/lib/hash/sha256';
import { isAllowedPath, manifestHead, manifestSchema, MANIFEST_PATH, reportPath, type Manifest, type ManifestFile } from './manifest';

export { RestoreError, type RestoreErrorCode } from './errors';

interface RestoreFile {
  entry: ManifestFile;
  bytes: Uint8Array;
}

export interface RestoreBundle {
  manifest: Manifest;
  reports: Pir[];
  files: RestoreFile[];
  /** downloads a report no longer offers (an older copy of its files): checked, not restored */
  notOffered: number;
}

/** The storage versions this app writes (IndexedDB, query cache); an export made with newer ones is refused. */
export interface AppVersions {
  db: number;
  cache: number;
}

/**
 * Brings a record the export holds (the manifest with its file records, a report) up to date, or says
 * it is newer than this app: `migrate` of lib/local-data/record-versions, given by the caller so that
 * this module stays pure.
 */
export type UpToDate = (kind: 'manifest' | 'report', stored: unknown) => { ok: true; record: unknown } | { ok: false; reason: 'newer' | 'unreadable' };

/** What a restore may unpack: the tablet's free space where it is known (SPEC §2 "restore data"). */
export interface RestoreLimits {
  maxUnpackedBytes: number;
}

/** A manifest larger than this is not one this app wrote. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

const isZipStart = (d: Uint8Array) => d.length >= 4 && d[0] === 0x50 && d[1] === 0x4b && ((d[2] === 0x03 && d[3] === 0x04) || (d[2] === 0x05 && d[3] === 0x06));

function listEntries(data: Uint8Array): UnzipFileInfo[] {
  const infos: UnzipFileInfo[] = [];
  try {
    unzipSync(data, {
      filter: (f) => {
        infos.push(f);
        return false;
      },
    });
  } catch {
    // No end-of-central-directory record, or a directory pointing past the end: cut short or damaged.
    throw new RestoreError('damaged');
  }
  return infos;
}

function extract(data: Uint8Array, wanted: ReadonlySet<string>): Record<string, Uint8Array> {
  try {
    return unzipSync(data, { filter: (f) => wanted.has(f.name) });
  } catch {
    throw new RestoreError('damaged');
  }
}

function parseJson(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

export async function readExport(data: Uint8Array, versions: AppVersions, limits: RestoreLimits, upToDate: UpToDate): Promise<RestoreBundle> {
  if (!isZipStart(data)) throw new RestoreError('notZip');
  const entries = listEntries(data);

  // Every entry name must be one an export writes: this refuses ../, absolute paths, backslashes,
  // folders and anything else before a single byte is inflated.
  const names = new Set<string>();
  for (const e of entries) {
    if (!isAllowedPath(e.name) || names.has(e.name)) throw new RestoreError('unexpectedPath', { path: e.name.slice(0, 200) });
    names.add(e.name);
  }
  // A few hundred kilobytes can unpack to gigabytes: the sizes the zip declares are all fflate
  // inflates to, and they must fit before anything is unpacked.
  const unpacked = entries.reduce((n, e) => n + e.originalSize, 0);
  if (unpacked > limits.maxUnpackedBytes) throw new RestoreError('tooLarge', { size: unpacked, free: limits.maxUnpackedBytes });
  const manifestInfo = entries.find((e) => e.name === MANIFEST_PATH);
  if (!manifestInfo) throw new RestoreError('noManifest');
  if (manifestInfo.originalSize > MAX_MANIFEST_BYTES) throw new RestoreError('badManifest');

  // ------------------------------------------------------------ the manifest
  let raw: unknown;
  try {
    const bytes = extract(data, new Set([MANIFEST_PATH]))[MANIFEST_PATH];
    if (!bytes) throw new RestoreError('noManifest');
    raw = parseJson(bytes);
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    throw new RestoreError('badManifest');
  }
  const head = manifestHead.safeParse(raw);
  if (!head.success) throw new RestoreError('badManifest');
  const appVersion = typeof (raw as { appVersion?: unknown }).appVersion === 'string' ? String((raw as { appVersion: string }).appVersion).slice(0, 40) : '?';
  if (head.data.schema.db > versions.db || head.data.schema.cache > versions.cache) throw new RestoreError('newerVersion', { version: appVersion });
  // The manifest's format, or one of the file records it lists, newer than this app knows: refused whole.
  const current = upToDate('manifest', raw);
  if (!current.ok) throw current.reason === 'newer' ? new RestoreError('newerVersion', { version: appVersion }) : new RestoreError('badManifest');
  const parsed = manifestSchema.safeParse(current.record);
  if (!parsed.success) throw new RestoreError('badManifest');
  const manifest = parsed.data;

  // ------------------------------------------------------------ the manifest against the zip
  const reportIds = new Set<number>();
  for (const r of manifest.reports) {
    if (reportIds.has(r.id) || r.path !== reportPath(r.id)) throw new RestoreError('badManifest');
    reportIds.add(r.id);
  }
  const listed = new Map<string, number>();
  const fileIds = new Set<string>();
  for (const r of manifest.reports) listed.set(r.path, r.size);
  for (const f of manifest.files) {
    if (listed.has(f.path) || fileIds.has(f.record.id) || !reportIds.has(f.record.pirId) || !f.path.startsWith(`files/${f.record.pirId}/`)) {
      throw new RestoreError('badManifest');
    }
    listed.set(f.path, f.size);
    fileIds.add(f.record.id);
  }
  for (const e of entries) {
    if (e.name === MANIFEST_PATH) continue;
    const size = listed.get(e.name);
    if (size === undefined) throw new RestoreError('unexpectedPath', { path: e.name });
    // Checked before inflating: an entry cannot claim one size and unpack to another.
    if (e.originalSize !== size) throw new RestoreError('sizeMismatch', { path: e.name });
  }
  for (const path of listed.keys()) if (!names.has(path)) throw new RestoreError('missingEntry', { path });

  // ------------------------------------------------------------ the entries
  const content = extract(data, new Set(listed.keys()));
  async function checked(path: string, size: number, sha256: string): Promise<Uint8Array> {
    const bytes = content[path];
    if (!bytes) throw new RestoreError('missingEntry', { path });
    if (bytes.length !== size) throw new RestoreError('sizeMismatch', { path });
    if ((await sha256Hex(bytes)) !== sha256) throw new RestoreError('hashMismatch', { path });
    return bytes;
  }

  const reports: Pir[] = [];
  for (const r of manifest.reports) {
    const bytes = await checked(r.path, r.size, r.sha256);
    let json: unknown;
    try {
      json = parseJson(bytes);
    } catch {
      throw new RestoreError('badReport', { title: r.title, id: r.id, field: '' });
    }
    const upgraded = upToDate('report', json);
    if (!upgraded.ok) {
      if (upgraded.reason === 'newer') throw new RestoreError('newerVersion', { version: manifest.appVersion });
      const field = typeof json === 'object' && json !== null && !Array.isArray(json) ? 'schemaVersion' : '';
      throw new RestoreError('badReport', { title: r.title, id: r.id, field });
    }
    const report = pir.safeParse(upgraded.record);
    if (!report.success) {
      const issue = report.error.issues[0];
      throw new RestoreError('badReport', { title: r.title, id: r.id, field: issue?.path.join('.') ?? '' });
    }
    if (report.data.id !== r.id) throw new RestoreError('badReport', { title: r.title, id: r.id, field: 'id' });
    reports.push(report.data);
  }

  // Every file under the report that names it: a key of another report is refused whole.
  const byId = new Map(reports.map((r) => [r.id, r]));
  const files: RestoreFile[] = [];
  let notOffered = 0;
  for (const f of manifest.files) {
    const bytes = await checked(f.path, f.size, f.sha256);
    const report = byId.get(f.record.pirId)!;
    const owner = fileOwner(f.record.id, report);
    if (owner === 'foreign') throw new RestoreError('foreignFile', { path: f.path, title: manifest.reports.find((r) => r.id === report.id)!.title });
    if (owner === 'notOffered') notOffered++;
    else files.push({ entry: f, bytes });
  }

  return { manifest, reports, files, notOffered };
}
