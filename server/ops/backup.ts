/**
 * `npm run server -- backup <dir>` and `restore <dir>`.
 *
 * Backup, safe while the server runs: SQLite's online backup API copies the database in one step (one
 * read transaction: a consistent snapshot, whatever the server commits meanwhile), then every stored
 * file that snapshot lists is copied from the file store and hashed; a file the server deleted in
 * between (a save or a release dropped it) makes the whole backup start again. The JWT secret is copied
 * too (sessions keep working after a restore). `manifest.json`, written last, lists every file with its
 * size and SHA-256: a folder without it is an incomplete backup.
 *
 * Restore: refuses a backup whose manifest is missing, whose files are missing, altered or extra; copies
 * it into a new folder next to the data folder, verifies it (server/ops/verify.ts), and only then puts
 * it in place. A non-empty data folder is kept aside (renamed `<data>.before-restore-<time>`) and only
 * with --force. Stop the server before restoring.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SECRET_FILE } from '../auth/jwt';
import { BLOB_DIR } from '../db/blob-store';
import { DB_FILE } from '../db/schema';
import { fsyncDir, fsyncFile, mkdirDurable } from './durable';
import { hashFile, openForReading, verifyDataDir, type VerifyResult } from './verify';

export const MANIFEST = 'manifest.json';
const BACKUP_FORMAT = 'pir-backup/1';

interface ManifestEntry {
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** the data folder it was made from */
  source: string;
  counts: { reports: number; files: number; blobs: number; bytes: number };
  /** every file of the backup but the manifest, by path relative to the backup folder (with /) */
  files: Record<string, ManifestEntry>;
}

interface Log {
  info(line: string): void;
}

const quiet: Log = { info: () => {} };

class BlobVanished extends Error {}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** Copies a file and returns the size and SHA-256 of the copy (read back, flushed to disk). */
function copyHashed(from: string, to: string, mode = 0o600): ManifestEntry {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, mode);
  fsyncFile(to);
  return { size: fs.statSync(to).size, sha256: hashFile(to) };
}

function listFiles(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(root, p));
    else out.push(p);
  }
  return out;
}

function writeManifest(dir: string, manifest: Manifest): void {
  const tmp = path.join(dir, `.${MANIFEST}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(manifest, null, 1) + '\n', { mode: 0o600 });
  fsyncFile(tmp);
  fs.renameSync(tmp, path.join(dir, MANIFEST));
  fsyncDir(dir);
}

/** A previous backup's stored files, by path, that a new backup may hard-link instead of copying. */
function linkable(prev: string | undefined): Map<string, ManifestEntry> {
  if (!prev) return new Map();
  try {
    const m = JSON.parse(fs.readFileSync(path.join(prev, MANIFEST), 'utf8')) as Manifest;
    return new Map(Object.entries(m.files).filter(([rel]) => rel.startsWith(`${BLOB_DIR}/`)));
  } catch {
    // an interrupted backup (no manifest): nothing is linked from it, everything is copied
    return new Map();
  }
}

async function attempt(dataDir: string, outDir: string, linkDest?: string): Promise<Manifest & { linked: number }> {
  const previous = linkable(linkDest);
  let linked = 0;
  const files: Record<string, ManifestEntry> = {};
  const source = openForReading(dataDir);
  const dbCopy = path.join(outDir, DB_FILE);
  try {
    // one step for every page: a single read transaction, never restarted by the server's writes
    await source.backup(dbCopy, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  fs.chmodSync(dbCopy, 0o600);

  const copy = new Database(dbCopy, { fileMustExist: true });
  let counts: Manifest['counts'];
  let blobs: { sha256: string; size: number; inDb: number }[];
  try {
    // a self-contained file (no -wal next to it)
    copy.pragma('journal_mode = DELETE');
    blobs = copy.prepare('SELECT sha256, size, length(data) AS inDb FROM blobs').all() as typeof blobs;
    const n = (sql: string) => (copy.prepare(sql).get() as { n: number }).n;
    counts = { reports: n('SELECT COUNT(*) AS n FROM reports'), files: n('SELECT COUNT(*) AS n FROM files'), blobs: blobs.length, bytes: n('SELECT COALESCE(SUM(size), 0) AS n FROM blobs') };
  } finally {
    copy.close();
  }
  fsyncFile(dbCopy);
  files[DB_FILE] = { size: fs.statSync(dbCopy).size, sha256: hashFile(dbCopy) };

  for (const b of blobs) {
    if (b.inDb > 0) continue; // bytes kept in the database (made before the file store): copied with it
    const rel = `${BLOB_DIR}/${b.sha256.slice(0, 2)}/${b.sha256}`;
    const to = path.join(outDir, rel);
    mkdirDurable(path.dirname(to));
    let entry: ManifestEntry;
    const before = previous.get(rel);
    if (before && before.sha256 === b.sha256 && before.size === b.size) {
      // stored files never change (named by their hash): the previous backup's copy is linked, not copied again
      try {
        const from = path.join(linkDest!, rel);
        if (fs.statSync(from).size === b.size) {
          fs.linkSync(from, to);
          files[rel] = before;
          linked++;
          continue;
        }
      } catch {
        // gone or on another file system: copied below
      }
    }
    try {
      entry = copyHashed(path.join(dataDir, rel), to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobVanished(b.sha256);
      throw e;
    }
    if (entry.sha256 !== b.sha256 || entry.size !== b.size) throw new Error(`stored bytes ${b.sha256} are damaged in ${dataDir} (size ${entry.size}, SHA-256 ${entry.sha256}): run verify`);
    files[rel] = entry;
  }
  for (const dir of new Set(Object.keys(files).map((f) => path.dirname(path.join(outDir, f))))) fsyncDir(dir);

  const secret = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) files[SECRET_FILE] = copyHashed(secret, path.join(outDir, SECRET_FILE));

  const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), source: dataDir, counts, files };
  writeManifest(outDir, manifest);
  return { ...manifest, linked };
}

/**
 * `linkDest`: a previous backup (e.g. the newest one) whose stored files, when unchanged, are hard-linked
 * into the new one instead of copied: each backup is complete on its own, and takes the space of what
 * changed since (like rsync --link-dest). Linked files are trusted by name and size; restore hashes all.
 */
export async function backupDataDir(dataDir: string, outDir: string, log: Log = quiet, linkDest?: string): Promise<Manifest> {
  const src = path.resolve(dataDir);
  const out = path.resolve(outDir);
  if (!fs.existsSync(path.join(src, DB_FILE))) throw new Error(`no database in ${src}: nothing to back up`);
  if (!isEmptyDir(out)) throw new Error(`${out} is not empty: back up into a new folder`);
  if (out === src || out.startsWith(src + path.sep)) throw new Error('the backup folder must be outside the data folder');
  for (let tries = 1; ; tries++) {
    mkdirDurable(out);
    fs.chmodSync(out, 0o700);
    try {
      const { linked, ...m } = await attempt(src, out, linkDest && path.resolve(linkDest));
      log.info(`backup: ${m.counts.reports} reports, ${m.counts.files} files, ${m.counts.blobs} stored files (${(m.counts.bytes / 2 ** 20).toFixed(1)} MiB${linkDest ? `, ${linked} linked from ${linkDest}` : ''}) in ${out}`);
      return m;
    } catch (e) {
      for (const name of fs.readdirSync(out)) fs.rmSync(path.join(out, name), { recursive: true, force: true });
      if (!(e instanceof BlobVanished) || tries >= 5) throw e instanceof BlobVanished ? new Error(`stored bytes ${e.message} keep disappearing during the backup`) : e;
      log.info(`backup: the server deleted stored bytes the snapshot listed (${e.message.slice(0, 12)}…): starting again`);
    }
  }
}

/** Checks a backup folder against its manifest; returns the manifest or throws why it is refused. */
function checkBackup(dir: string): Manifest {
  const root = path.resolve(dir);
  if (!fs.existsSync(root)) throw new Error(`no backup at ${root}`);
  const mf = path.join(root, MANIFEST);
  if (!fs.existsSync(mf)) throw new Error(`incomplete backup: ${MANIFEST} is missing in ${root} (a backup writes it last)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(mf, 'utf8')) as Manifest;
  } catch {
    throw new Error(`altered backup: ${MANIFEST} is not valid JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.files !== 'object' || !manifest.files) throw new Error(`not a backup of this server (format ${JSON.stringify(manifest.format)})`);
  if (!manifest.files[DB_FILE]) throw new Error(`altered backup: the manifest lists no ${DB_FILE}`);
  const problems: string[] = [];
  for (const [rel, want] of Object.entries(manifest.files)) {
    if (rel.includes('..') || path.isAbsolute(rel)) {
      problems.push(`unsafe path ${rel}`);
      continue;
    }
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) {
      problems.push(`missing ${rel}`);
      continue;
    }
    const size = fs.statSync(file).size;
    if (size !== want.size) problems.push(`${rel}: ${size} bytes, the manifest says ${want.size}`);
    else if (hashFile(file) !== want.sha256) problems.push(`${rel}: SHA-256 differs from the manifest`);
  }
  for (const rel of listFiles(root)) if (rel !== MANIFEST && !manifest.files[rel]) problems.push(`extra file ${rel}`);
  if (problems.length) throw new Error(`refused: the backup is incomplete or altered (${problems.length} problem(s)):\n  ${problems.slice(0, 20).join('\n  ')}`);
  return manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  verify: VerifyResult;
  /** where the data folder that was there went (--force), or null */
  keptAside: string | null;
}

export function restoreDataDir(backupDir: string, dataDir: string, opts: { force?: boolean; log?: Log } = {}): RestoreResult {
  const log = opts.log ?? quiet;
  const manifest = checkBackup(backupDir);
  const target = path.resolve(dataDir);
  const occupied = !isEmptyDir(target);
  if (occupied && !opts.force) throw new Error(`${target} is not empty: stop the server and add --force to put the restored data in its place (the current folder is kept aside)`);
  const stage = `${target}.restoring-${process.pid}`;
  fs.rmSync(stage, { recursive: true, force: true });
  mkdirDurable(stage);
  fs.chmodSync(stage, 0o700);
  try {
    for (const [rel, want] of Object.entries(manifest.files)) {
      const to = path.join(stage, rel);
      mkdirDurable(path.dirname(to));
      const got = copyHashed(path.join(path.resolve(backupDir), rel), to);
      if (got.sha256 !== want.sha256) throw new Error(`${rel} changed while it was restored`);
    }
    for (const dir of new Set(Object.keys(manifest.files).map((f) => path.dirname(path.join(stage, f))))) fsyncDir(dir);
    const verify = verifyDataDir(stage);
    if (!verify.ok) throw new Error(`the restored data does not verify:\n  ${verify.problems.slice(0, 20).join('\n  ')}`);
    let keptAside: string | null = null;
    if (fs.existsSync(target)) {
      if (occupied) {
        keptAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(target, keptAside);
        log.info(`restore: the previous data folder is kept in ${keptAside}`);
      } else {
        fs.rmdirSync(target);
      }
    }
    fs.renameSync(stage, target);
    fsyncDir(path.dirname(target));
    log.info(`restore: ${manifest.counts.reports} reports, ${manifest.counts.files} files, ${manifest.counts.blobs} stored files from the backup of ${manifest.createdAt} in ${target}; verified`);
    return { manifest, verify, keptAside };
  } catch (e) {
    fs.rmSync(stage, { recursive: true, force: true });
    throw e;
  }
}
