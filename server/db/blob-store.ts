/**
 * File bytes on disk, one file per SHA-256 under `<data>/blobs/<first two hex>/<hash>`.
 * The `blobs` table lists them (hash and size; its `data` column is only read for bytes stored in the
 * database before this store existed). An upload is streamed to `<data>/blobs/tmp/`, hashed as it
 * arrives, and renamed into place only when its size and hash are the announced ones, so a refused
 * upload leaves nothing behind and no upload is ever held whole in memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { fsyncDir, fsyncFile, mkdirDurable } from '../ops/durable';

// (the schema module opens the database and moves old bytes here: it imports this one, not the reverse)
type DB = Database.Database;

export const BLOB_DIR = 'blobs';
const TMP = 'tmp';
const SHA = /^[0-9a-f]{64}$/;

/** The blob directory of a database (next to its file). */
export function blobDir(db: DB): string {
  return path.join(path.dirname(path.resolve(db.name)), BLOB_DIR);
}

export function blobPath(db: DB, sha: string): string {
  if (!SHA.test(sha)) throw new Error('not a SHA-256');
  return path.join(blobDir(db), sha.slice(0, 2), sha);
}

function tmpDir(db: DB): string {
  const dir = path.join(blobDir(db), TMP);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A fresh temporary file name for an upload. */
export function tmpPath(db: DB): string {
  return path.join(tmpDir(db), `${crypto.randomBytes(12).toString('hex')}.part`);
}

/**
 * Moves a verified temporary file into place (an identical file already there is kept). The
 * file's bytes are flushed to the disk before the rename and its folder after it, so once this returns
 * the bytes survive a power cut under their final name (the caller acknowledges only then).
 */
export function commitTmp(db: DB, tmp: string, sha: string): void {
  const target = blobPath(db, sha);
  mkdirDurable(path.dirname(target));
  if (fs.existsSync(target)) {
    fs.rmSync(tmp, { force: true });
    return;
  }
  fsyncFile(tmp);
  fs.renameSync(tmp, target);
  fsyncDir(path.dirname(target));
}

/** Writes bytes in place (seed, generated PDFs): through a temporary file, so a crash never leaves half a file. */
export function writeBlobFile(db: DB, sha: string, bytes: Uint8Array): void {
  const target = blobPath(db, sha);
  if (fs.existsSync(target)) return;
  const tmp = tmpPath(db);
  fs.writeFileSync(tmp, bytes, { mode: 0o600 });
  commitTmp(db, tmp, sha);
}

/** The whole bytes of a blob (small files: signatures), from disk or from a database made before the store. */
export function readBlob(db: DB, sha: string): Buffer | undefined {
  try {
    return fs.readFileSync(blobPath(db, sha));
  } catch {
    const row = db.prepare('SELECT data FROM blobs WHERE sha256 = ? AND length(data) > 0').get(sha) as { data: Buffer } | undefined;
    return row?.data;
  }
}

/** The first `n` bytes of a blob (enough to tell its type). */
export function readBlobHead(db: DB, sha: string, n = 4096): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(blobPath(db, sha), 'r');
    const buf = Buffer.alloc(n);
    const got = fs.readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, got);
  } catch {
    return readBlob(db, sha)?.subarray(0, n);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Whether the bytes of a blob are on disk (else they may still be in the database's `data` column). */
export function blobOnDisk(db: DB, sha: string): boolean {
  return fs.existsSync(blobPath(db, sha));
}

/** Moves bytes kept in the database (before this store) to disk; run at start. */
export function moveLegacyBlobs(db: DB): number {
  const rows = db.prepare('SELECT sha256 FROM blobs WHERE length(data) > 0').all() as { sha256: string }[];
  const get = db.prepare('SELECT data FROM blobs WHERE sha256 = ?');
  const clear = db.prepare("UPDATE blobs SET data = X'' WHERE sha256 = ?");
  for (const { sha256 } of rows) {
    if (!SHA.test(sha256)) continue;
    writeBlobFile(db, sha256, (get.get(sha256) as { data: Buffer }).data);
    clear.run(sha256);
  }
  return rows.length;
}

const UNREFERENCED = `SELECT sha256 FROM blobs b
   WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = b.sha256)
     AND NOT EXISTS (SELECT 1 FROM announced a WHERE a.sha256 = b.sha256)
     AND NOT EXISTS (SELECT 1 FROM kept_files k WHERE k.sha256 = b.sha256)`;

/**
 * Deletes the blobs among `shas` that no file and no announcement references (after a release or a
 * save that announced other files). Call outside a transaction, after the change that dropped them.
 */
export function dropUnreferenced(db: DB, shas: Iterable<string>): number {
  const check = db.prepare(`${UNREFERENCED} AND b.sha256 = ?`);
  const del = db.prepare('DELETE FROM blobs WHERE sha256 = ?');
  let n = 0;
  for (const sha of new Set(shas)) {
    const gone = db.transaction(() => (check.get(sha) ? del.run(sha).changes === 1 : false))();
    if (gone) {
      fs.rmSync(blobPath(db, sha), { force: true });
      n++;
    }
  }
  return n;
}

export interface GcResult {
  /** blob rows (and their files) no file or announcement referenced */
  blobs: number;
  /** files on disk with no blob row, and temporary files of uploads that never finished */
  strays: number;
  bytes: number;
}

/**
 * `server gc`: deletes every blob no file or announcement references, files on disk that no blob row
 * lists and temporary upload files, the last two only when older than `graceMs` (an upload still
 * running, or one being renamed into place by a running server, is left alone).
 */
export function collectGarbage(db: DB, graceMs = 60 * 60 * 1000, now = Date.now()): GcResult {
  const result: GcResult = { blobs: 0, strays: 0, bytes: 0 };
  const sizeOf = db.prepare('SELECT size FROM blobs WHERE sha256 = ?');
  for (const { sha256 } of db.prepare(UNREFERENCED).all() as { sha256: string }[]) {
    const size = (sizeOf.get(sha256) as { size: number } | undefined)?.size ?? 0;
    if (SHA.test(sha256) ? dropUnreferenced(db, [sha256]) : db.prepare('DELETE FROM blobs WHERE sha256 = ?').run(sha256).changes) {
      result.blobs++;
      result.bytes += size;
    }
  }
  const dir = blobDir(db);
  if (!fs.existsSync(dir)) return result;
  const known = db.prepare('SELECT 1 FROM blobs WHERE sha256 = ?');
  const old = (file: string) => {
    try {
      const st = fs.statSync(file);
      return st.isFile() && now - st.mtimeMs > graceMs ? st.size : null;
    } catch {
      return null;
    }
  };
  for (const sub of fs.readdirSync(dir)) {
    const subDir = path.join(dir, sub);
    if (!fs.statSync(subDir).isDirectory()) continue;
    for (const name of fs.readdirSync(subDir)) {
      const file = path.join(subDir, name);
      if (sub !== TMP && known.get(name)) continue;
      const size = old(file);
      if (size === null) continue;
      fs.rmSync(file, { force: true });
      result.strays++;
      result.bytes += size;
    }
  }
  return result;
}
