/**
 * `npm run server -- verify`: checks a data folder. Every stored file row (`blobs`)
 * has its bytes with the right size and SHA-256, every downloadable file points at stored bytes, every
 * link a report's listing record gives (submitted forms and their attachments, pictures, documents)
 * points at an existing file, every upload a save received has its bytes, and no bytes lie on disk that
 * no row lists. Read-only: safe while the server runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BLOB_DIR } from '../db/blob-store';
import { DB_FILE } from '../db/schema';

const SHA = /^[0-9a-f]{64}$/;
const LINK = /offline-api\/files\/(pictures|documents|attachments)\/(\d+)/g;

export interface VerifyOptions {
  /**
   * Bytes on disk that no row lists but whose content matches their name (left by a crash between the
   * rename into place and the commit, or by an upload refused at its last step) are warnings instead of
   * problems: `server gc` deletes them. Default false: any orphan is a problem.
   */
  allowCompleteOrphans?: boolean;
}

export interface VerifyResult {
  ok: boolean;
  problems: string[];
  warnings: string[];
  counts: { reports: number; files: number; blobs: number; bytes: number; links: number; orphans: number; temporary: number };
}

export function hashFile(file: string): string {
  const h = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return h.digest('hex');
}

/** Opens a data folder's database for reading only (no schema change, no migration). */
export function openForReading(dataDir: string): Database.Database {
  const file = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`no database in ${dataDir} (${DB_FILE} missing)`);
  let db: Database.Database | null = null;
  try {
    // read-only: never checkpoints or recovers anything (a crashed server's log is left to the server)
    db = new Database(file, { fileMustExist: true, readonly: true });
    db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
  } catch {
    db?.close();
    // a WAL database whose shared-memory file is missing cannot be read read-only
    db = new Database(file, { fileMustExist: true });
    db.pragma('query_only = ON');
  }
  db.pragma('busy_timeout = 5000');
  return db;
}

export function verifyDataDir(dataDir: string, options: VerifyOptions = {}): VerifyResult {
  const problems: string[] = [];
  const warnings: string[] = [];
  const counts = { reports: 0, files: 0, blobs: 0, bytes: 0, links: 0, orphans: 0, temporary: 0 };
  const db = openForReading(dataDir);
  const blobRoot = path.join(dataDir, BLOB_DIR);
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') problems.push(`database integrity: ${integrity.map((r) => r.integrity_check).join('; ')}`);
    const fk = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
    for (const r of fk.slice(0, 20)) problems.push(`database: ${r.table} row ${r.rowid} points at a missing ${r.parent} row`);

    // one read transaction: a running server's later commits are not half seen
    db.transaction(() => {
      const blobs = db.prepare('SELECT sha256, size, length(data) AS inDb FROM blobs').all() as { sha256: string; size: number; inDb: number }[];
      counts.blobs = blobs.length;
      for (const b of blobs) {
        counts.bytes += b.size;
        if (!SHA.test(b.sha256)) {
          problems.push(`stored bytes listed under a name that is not a SHA-256: ${JSON.stringify(b.sha256)}`);
          continue;
        }
        if (b.inDb > 0) {
          const data = (db.prepare('SELECT data FROM blobs WHERE sha256 = ?').get(b.sha256) as { data: Buffer }).data;
          if (crypto.createHash('sha256').update(data).digest('hex') !== b.sha256) problems.push(`bytes ${b.sha256} (in the database): wrong SHA-256`);
          continue;
        }
        const file = path.join(blobRoot, b.sha256.slice(0, 2), b.sha256);
        let st: fs.Stats;
        try {
          st = fs.statSync(file);
        } catch {
          problems.push(`bytes ${b.sha256}: listed, missing on disk (${file})`);
          continue;
        }
        if (st.size !== b.size) problems.push(`bytes ${b.sha256}: ${st.size} bytes on disk, ${b.size} listed`);
        else if (hashFile(file) !== b.sha256) problems.push(`bytes ${b.sha256}: wrong SHA-256 on disk`);
      }
      const known = new Set(blobs.map((b) => b.sha256));

      const files = db.prepare('SELECT id, kind, sha256, size FROM files').all() as { id: number; kind: string; sha256: string; size: number }[];
      counts.files = files.length;
      const fileKeys = new Set<string>();
      for (const f of files) {
        fileKeys.add(`${f.kind}/${f.id}`);
        if (!known.has(f.sha256)) problems.push(`file ${f.kind}/${f.id}: its bytes ${f.sha256} are not stored`);
      }

      const reports = db.prepare('SELECT id, doc FROM reports').all() as { id: number; doc: string }[];
      counts.reports = reports.length;
      for (const r of reports) {
        for (const m of r.doc.matchAll(LINK)) {
          counts.links++;
          if (!fileKeys.has(`${m[1]}/${m[2]}`)) problems.push(`report ${r.id}: links to file ${m[1]}/${m[2]}, which does not exist`);
        }
      }

      const received = db.prepare('SELECT report_id, file_url, sha256 FROM announced WHERE received_at IS NOT NULL').all() as { report_id: number; file_url: string; sha256: string }[];
      for (const a of received) if (!known.has(a.sha256)) problems.push(`report ${a.report_id}: upload ${a.file_url} was received, its bytes ${a.sha256} are not stored`);
    })();

    // bytes no row lists (after the read above; each is looked up again, a running server may have listed it since)
    if (fs.existsSync(blobRoot)) {
      const listed = db.prepare('SELECT 1 FROM blobs WHERE sha256 = ?');
      for (const sub of fs.readdirSync(blobRoot)) {
        const dir = path.join(blobRoot, sub);
        if (!fs.statSync(dir).isDirectory()) {
          problems.push(`unexpected file in the file store: ${dir}`);
          continue;
        }
        for (const name of fs.readdirSync(dir)) {
          const file = path.join(dir, name);
          if (sub === 'tmp') {
            counts.temporary++;
            continue;
          }
          if (SHA.test(name) && name.startsWith(sub) && listed.get(name)) continue;
          counts.orphans++;
          const complete = SHA.test(name) && name.startsWith(sub) && hashFile(file) === name;
          const text = `bytes on disk that no row lists: ${file}${complete ? ' (complete; `server gc` deletes it)' : ' (not what its name says)'}`;
          if (complete && options.allowCompleteOrphans) warnings.push(text);
          else problems.push(text);
        }
      }
      if (counts.temporary) warnings.push(`${counts.temporary} temporary upload file(s) in ${path.join(blobRoot, 'tmp')} (uploads running or interrupted; never served; \`server gc\` deletes old ones)`);
    }
  } finally {
    db.close();
  }
  return { ok: problems.length === 0, problems, warnings, counts };
}
