/**
 * The audit log. Every claim, reclaim, release, save, upload and submission (and every
 * kept draft that `server gc` deletes after its retention) is appended here, in the same transaction as
 * the change it records: who (user id and name from the token, tablet from the token), when (the
 * server's clock), what and what changed. Nothing deletes or changes a row: triggers refuse UPDATE and
 * DELETE on the table, and `seed --force` leaves it (it appends a line saying the data was wiped).
 * Read with `npm run server -- audit <report>`.
 *
 * This module also adds the columns the server keeps for the record: when the holding tablet claimed
 * the report (`reports.claimed_at`, checked against the start of inspection at complete-submit) and
 * which account submitted it (`reports.submitted_by_user_id`, beside `submitted_by_device`).
 */
import type { DB } from './schema';

const AUDIT_SCHEMA = `
CREATE TABLE IF NOT EXISTS audit (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  at        TEXT NOT NULL,
  report_id INTEGER,
  user_id   INTEGER,
  username  TEXT NOT NULL DEFAULT '',
  device    TEXT NOT NULL DEFAULT '',
  action    TEXT NOT NULL,
  detail    TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS audit_report ON audit (report_id, id);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

-- a tablet's last save of a report, kept when another tablet reclaims, saves over or releases the report
-- (server/db/kept-saves.ts); deleted only by server gc --drafts-retention-days
CREATE TABLE IF NOT EXISTS kept_saves (
  id          INTEGER PRIMARY KEY,
  report_id   INTEGER NOT NULL,
  user_id     INTEGER NOT NULL,
  device      TEXT NOT NULL,
  pir         TEXT NOT NULL,
  vessel      TEXT NOT NULL,
  pictures    TEXT NOT NULL,
  attachments TEXT NOT NULL,
  signatures  TEXT NOT NULL,
  saved_at    TEXT NOT NULL,
  kept_at     TEXT NOT NULL,
  reason      TEXT NOT NULL,
  UNIQUE (report_id, device, saved_at)
);
-- the files that save announced; the bytes of received ones stay in the blob store while kept
CREATE TABLE IF NOT EXISTS kept_files (
  kept_id      INTEGER NOT NULL REFERENCES kept_saves (id) ON DELETE CASCADE,
  file_url     TEXT NOT NULL,
  part         TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  sha256       TEXT NOT NULL,
  received_at  TEXT,
  PRIMARY KEY (kept_id, file_url)
);
CREATE INDEX IF NOT EXISTS kept_files_sha ON kept_files (sha256);
`;

/** Creates the audit and kept-draft tables and the record columns of `reports` (databases made before them too). */
export function ensureRecordTables(db: DB): void {
  db.exec(AUDIT_SCHEMA);
  const columns = (db.prepare('PRAGMA table_info(reports)').all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes('claimed_at')) db.exec('ALTER TABLE reports ADD COLUMN claimed_at TEXT');
  if (!columns.includes('submitted_by_user_id')) db.exec('ALTER TABLE reports ADD COLUMN submitted_by_user_id INTEGER');
}

type AuditAction = 'claim' | 'reclaim' | 'release' | 'save' | 'upload' | 'submit' | 'gc' | 'wipe';

export interface AuditEntry {
  at: string;
  reportId: number | null;
  user: { id: number; username: string } | null;
  device: string;
  action: AuditAction;
  detail: Record<string, unknown>;
}

export interface AuditRow {
  id: number;
  at: string;
  report_id: number | null;
  user_id: number | null;
  username: string;
  device: string;
  action: AuditAction;
  detail: string;
}

/** Appends one entry. Call inside the transaction of the change it records. */
export function appendAudit(db: DB, e: AuditEntry): void {
  db.prepare('INSERT INTO audit (at, report_id, user_id, username, device, action, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    e.at,
    e.reportId,
    e.user?.id ?? null,
    e.user?.username ?? '',
    e.device,
    e.action,
    JSON.stringify(e.detail),
  );
}

/** A report's entries, oldest first (every entry when `reportId` is null). */
export function listAudit(db: DB, reportId: number | null): AuditRow[] {
  return (
    reportId === null
      ? db.prepare('SELECT * FROM audit ORDER BY id').all()
      : db.prepare('SELECT * FROM audit WHERE report_id = ? ORDER BY id').all(reportId)
  ) as AuditRow[];
}

/** One line per entry, for the operator (`server audit <report>`). */
export function formatAudit(row: AuditRow): string {
  const who = row.username ? `${row.username}${row.user_id !== null ? ` (#${row.user_id})` : ''}` : '-';
  return `${row.at}  ${String(row.report_id ?? '-').padEnd(6)} ${row.action.padEnd(8)} ${who.padEnd(20)} ${(row.device || '-').padEnd(14)} ${row.detail}`;
}

/**
 * SHA-256s of signature images that tablets other than `device` saved for the report (from the log:
 * every save records its signatures' hashes, whatever became of the save since).
 */
export function signaturesSavedByOthers(db: DB, reportId: number, device: string): Set<string> {
  const rows = db.prepare("SELECT detail FROM audit WHERE report_id = ? AND action = 'save' AND device <> ?").all(reportId, device) as { detail: string }[];
  const out = new Set<string>();
  for (const r of rows) {
    const sigs = (JSON.parse(r.detail) as { signatures?: { sha256?: unknown }[] }).signatures ?? [];
    for (const s of sigs) if (typeof s.sha256 === 'string') out.add(s.sha256);
  }
  return out;
}
