/**
 * Acknowledged means durable: file bytes and the directory entry that names them are
 * flushed to the disk (fsync) before a reply says they are stored. SQLite does the same for its rows
 * with `synchronous = FULL` (server/db/schema.ts).
 *
 * `durability.fsync` exists only so that bench/durability.ts can measure what the flushes cost; the
 * server never turns it off.
 */
import fs from 'node:fs';
import path from 'node:path';

export const durability = { fsync: true };

/** Flushes a file's bytes (and its size) to the disk. */
export function fsyncFile(file: string): void {
  if (!durability.fsync) return;
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Flushes a directory's entries (a file created, renamed into it or deleted from it) to the disk. */
export function fsyncDir(dir: string): void {
  if (!durability.fsync) return;
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fs.fsyncSync(fd);
  } catch (e) {
    // some file systems refuse fsync on a directory (EINVAL): nothing more can be done there
    if ((e as NodeJS.ErrnoException).code !== 'EINVAL') throw e;
  } finally {
    fs.closeSync(fd);
  }
}

/** Creates a directory (and missing parents), flushing each new entry into its parent. */
export function mkdirDurable(dir: string, mode = 0o700): void {
  const created = fs.mkdirSync(dir, { recursive: true, mode });
  if (created === undefined) return;
  // `created` is the first directory made: flush it and every one below it into their parents
  for (let d = dir; ; ) {
    const parent = path.dirname(d);
    fsyncDir(parent);
    if (d === created || parent === d) break;
    d = parent;
  }
}
