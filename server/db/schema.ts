/**
 * SQLite database (better-sqlite3, WAL). One file under the data directory, created on first start.
 * Only prepared statements are used anywhere in the server.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { blobDir, moveLegacyBlobs } from './blob-store';
import { SESSIONS_TABLE } from './sessions';
import { appendAudit, ensureRecordTables } from './audit';

export type DB = Database.Database;

export const DB_FILE = 'pir.sqlite';
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS users (
  id              INTEGER PRIMARY KEY,
  username        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name            TEXT NOT NULL,
  device_name     TEXT NOT NULL DEFAULT '',
  password_hash   TEXT NOT NULL,
  inspector       INTEGER NOT NULL DEFAULT 1,
  admin_user      INTEGER NOT NULL DEFAULT 0,
  flag_state_user INTEGER NOT NULL DEFAULT 0,
  port_state_user INTEGER NOT NULL DEFAULT 1,
  created_at      TEXT NOT NULL,
  -- sessions whose password was typed before this (ms since epoch) are over: set by passwd and disable
  tokens_valid_after INTEGER NOT NULL DEFAULT 0,
  disabled        INTEGER NOT NULL DEFAULT 0
);

-- bytes, stored once per content hash
-- tablets bound to accounts: a tablet name belongs to one user (server/db/devices.ts)
CREATE TABLE IF NOT EXISTS devices (
  name          TEXT PRIMARY KEY COLLATE NOCASE,
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  registered_at TEXT NOT NULL
);

-- bytes are files under <data>/blobs/ (server/db/blob-store.ts); data is empty but in databases made before
CREATE TABLE IF NOT EXISTS blobs (
  sha256 TEXT PRIMARY KEY,
  size   INTEGER NOT NULL,
  data   BLOB NOT NULL
);

-- downloadable files: /be/offline-api/files/{kind}/{id}
CREATE TABLE IF NOT EXISTS files (
  id           INTEGER PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('pictures', 'documents', 'attachments')),
  name         TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  sha256       TEXT NOT NULL REFERENCES blobs (sha256),
  report_id    INTEGER,
  created_at   TEXT NOT NULL
);

-- one row per report; id = fileId. doc holds the listing fields except the columns below.
CREATE TABLE IF NOT EXISTS reports (
  id                  INTEGER PRIMARY KEY,
  pending_form_id     INTEGER UNIQUE,
  status              TEXT NOT NULL,
  claimed_by_device   TEXT,
  lifecycle           TEXT NOT NULL DEFAULT '{}',
  doc                 TEXT NOT NULL,
  extended            TEXT NOT NULL,
  submitted_by_device TEXT,
  updated_at          TEXT NOT NULL
);

-- the latest save of a report (multipart parts, JSON texts)
CREATE TABLE IF NOT EXISTS saves (
  report_id   INTEGER PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL,
  device      TEXT NOT NULL,
  pir         TEXT NOT NULL,
  vessel      TEXT NOT NULL,
  pictures    TEXT NOT NULL,
  attachments TEXT NOT NULL,
  signatures  TEXT NOT NULL,
  saved_at    TEXT NOT NULL
);

-- files announced by the latest save; received_at is set when the bytes arrived whole
CREATE TABLE IF NOT EXISTS announced (
  report_id    INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  file_url     TEXT NOT NULL,
  part         TEXT NOT NULL CHECK (part IN ('pictures', 'attachments', 'signatures')),
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  sha256       TEXT NOT NULL,
  received_at  TEXT,
  PRIMARY KEY (report_id, file_url)
);

-- stored replies of POSTs carrying an Idempotency-Key (24 h); a reply is replayed only to the same device
CREATE TABLE IF NOT EXISTS idempotency (
  key          TEXT NOT NULL,
  user_id      INTEGER NOT NULL,
  device       TEXT NOT NULL DEFAULT '',
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  status       INTEGER NOT NULL,
  content_type TEXT,
  body         BLOB NOT NULL,
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (key, user_id, method, path)
);
CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency (created_at);

-- bumped by every change to what the listing shows (reports, and the sizes of their files): the
-- listing is built once per version and answered 304 to a tablet that holds it
CREATE TABLE IF NOT EXISTS listing_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT OR IGNORE INTO listing_version (id, version) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS listing_reports_insert AFTER INSERT ON reports BEGIN UPDATE listing_version SET version = version + 1; END;
CREATE TRIGGER IF NOT EXISTS listing_reports_update AFTER UPDATE ON reports BEGIN UPDATE listing_version SET version = version + 1; END;
CREATE TRIGGER IF NOT EXISTS listing_reports_delete AFTER DELETE ON reports BEGIN UPDATE listing_version SET version = version + 1; END;
CREATE TRIGGER IF NOT EXISTS listing_files_insert AFTER INSERT ON files BEGIN UPDATE listing_version SET version = version + 1; END;
CREATE TRIGGER IF NOT EXISTS listing_files_update AFTER UPDATE ON files BEGIN UPDATE listing_version SET version = version + 1; END;
CREATE TRIGGER IF NOT EXISTS listing_files_delete AFTER DELETE ON files BEGIN UPDATE listing_version SET version = version + 1; END;
`;

export function ensureDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function openDb(dataDir: string): DB {
  const dir = ensureDataDir(dataDir);
  const file = path.join(dir, DB_FILE);
  const created = !fs.existsSync(file);
  const db = new Database(file);
  // the database holds password hashes: owner only (SQLite gives -wal/-shm the same mode)
  if (created) fs.chmodSync(file, 0o600);
  db.pragma('journal_mode = WAL');
  // acknowledged means durable: a committed transaction is on the disk before the reply that acknowledges it (in WAL
  // mode NORMAL may lose the last commits on a power cut); measured in bench/RESULTS.md
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const hadDevices = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'devices'").get() !== undefined;
  db.exec(SCHEMA);
  // sessions that can be ended one by one (server/db/sessions.ts)
  db.exec(SESSIONS_TABLE);
  // the append-only audit log, kept drafts, claim time and submitting account (server/db/audit.ts)
  ensureRecordTables(db);
  if (!hadDevices) {
    // databases made before tablets were bound to accounts: each user's registered tablet, then the
    // tablets each user saved reports from, are theirs; other names register on their next login
    db.exec(`INSERT OR IGNORE INTO devices (name, user_id, registered_at) SELECT device_name, id, created_at FROM users WHERE device_name <> '' ORDER BY id;
             INSERT OR IGNORE INTO devices (name, user_id, registered_at) SELECT device, user_id, MIN(saved_at) FROM saves GROUP BY device, user_id ORDER BY MIN(saved_at);`);
  }
  // databases made before sessions could be ended
  const userColumns = (db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name);
  if (!userColumns.includes('tokens_valid_after')) db.exec('ALTER TABLE users ADD COLUMN tokens_valid_after INTEGER NOT NULL DEFAULT 0');
  if (!userColumns.includes('disabled')) db.exec('ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0');
  // databases made before idempotent replies were bound to the device
  if (!(db.prepare('PRAGMA table_info(idempotency)').all() as { name: string }[]).some((c) => c.name === 'device')) {
    db.exec("ALTER TABLE idempotency ADD COLUMN device TEXT NOT NULL DEFAULT ''");
  }
  // databases made before file bytes were kept on disk
  moveLegacyBlobs(db);
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run('schema_version', String(SCHEMA_VERSION));
  return db;
}

/** Deletes every row of every table (seed --force). */
export function wipeDb(db: DB): void {
  db.transaction(() => {
    db.prepare('DELETE FROM idempotency').run();
    // kept drafts go with the blobs they point at; the audit log is never deleted: it says the wipe happened
    db.prepare('DELETE FROM kept_files').run();
    db.prepare('DELETE FROM kept_saves').run();
    appendAudit(db, { at: new Date().toISOString(), reportId: null, user: null, device: '', action: 'wipe', detail: { by: 'seed --force' } });
    db.prepare('DELETE FROM announced').run();
    db.prepare('DELETE FROM saves').run();
    db.prepare('DELETE FROM files').run();
    db.prepare('DELETE FROM reports').run();
    db.prepare('DELETE FROM blobs').run();
    db.prepare('DELETE FROM devices').run();
    db.prepare('DELETE FROM users').run();
  })();
  fs.rmSync(blobDir(db), { recursive: true, force: true });
}
