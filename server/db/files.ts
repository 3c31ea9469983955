/** Bytes (by content hash) and downloadable files (kind + numeric id → downloadLink). */
import crypto from 'node:crypto';
import type { FILE_KINDS } from '../../lib/contract/index';
import { writeBlobFile } from './blob-store';
import type { DB } from './schema';

export type FileKind = (typeof FILE_KINDS)[number];

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Stores bytes once per content hash (on disk, listed in `blobs`); returns the hash. */
export function putBlob(db: DB, bytes: Uint8Array, sha?: string): string {
  const hash = sha ?? sha256Hex(bytes);
  writeBlobFile(db, hash, bytes);
  listBlob(db, hash, bytes.byteLength);
  return hash;
}

/** Lists bytes already on disk (an upload renamed into place). */
export function listBlob(db: DB, sha: string, size: number): void {
  db.prepare("INSERT OR IGNORE INTO blobs (sha256, size, data) VALUES (?, ?, X'')").run(sha, size);
}

export interface NewFile {
  kind: FileKind;
  name: string;
  contentType: string;
  bytes?: Uint8Array;
  /** an existing blob instead of bytes */
  sha256?: string;
  size?: number;
  reportId?: number | null;
  createdAt?: string;
}

export function addFile(db: DB, f: NewFile): number {
  let sha = f.sha256;
  let size = f.size;
  if (f.bytes) {
    sha = putBlob(db, f.bytes);
    size = f.bytes.byteLength;
  }
  if (!sha || size === undefined) throw new Error('addFile needs bytes or an existing blob');
  const info = db
    .prepare('INSERT INTO files (kind, name, content_type, size, sha256, report_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(f.kind, f.name, f.contentType, size, sha, f.reportId ?? null, f.createdAt ?? new Date().toISOString());
  return Number(info.lastInsertRowid);
}

export interface StoredFileRow {
  id: number;
  kind: FileKind;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
}

export function getFile(db: DB, kind: FileKind, id: number): StoredFileRow | undefined {
  return db
    .prepare(
      `SELECT f.id, f.kind, f.name, f.content_type, f.size, f.sha256
         FROM files f JOIN blobs b ON b.sha256 = f.sha256
        WHERE f.id = ? AND f.kind = ?`,
    )
    .get(id, kind) as StoredFileRow | undefined;
}
