/**
 * Sessions (ASVS 3.3.1): each login records one, its id is carried by every token of
 * it (the `sid` claim, kept through refreshes), and a token is accepted only while its session has not
 * ended. The app's logout ends its own session (POST /be/logout); an operator lists and ends one with
 * `server session list|end`. Ending every session of a user or a tablet stays as it was (password
 * change, disable, tablet moved).
 */
import crypto from 'node:crypto';
import type { DB } from './schema';

export interface SessionRow {
  id: string;
  user_id: number;
  device: string;
  /** when the password was typed (ms since epoch) */
  auth_time: number;
  created_at: string;
  address: string | null;
  last_refresh_at: string | null;
  /** when the latest token of the session expires (ms since epoch) */
  expires_at: number;
  ended_at: string | null;
  /** 'logout' or 'operator' */
  ended_by: string | null;
}

export const SESSIONS_TABLE = `
CREATE TABLE IF NOT EXISTS sessions (
  id              TEXT PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device          TEXT NOT NULL,
  auth_time       INTEGER NOT NULL,
  created_at      TEXT NOT NULL,
  address         TEXT,
  last_refresh_at TEXT,
  expires_at      INTEGER NOT NULL,
  ended_at        TEXT,
  ended_by        TEXT
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
`;

/** Rows of sessions ended or expired this long ago are deleted at the next login. */
const SESSION_ROWS_KEPT_MS = 30 * 24 * 3600 * 1000;

export function newSessionId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function createSession(db: DB, s: { id: string; userId: number; device: string; authTime: number; address: string | null; expiresAt: number; now: Date }): void {
  db.transaction(() => {
    db.prepare('DELETE FROM sessions WHERE expires_at < ? OR (ended_at IS NOT NULL AND ended_at < ?)').run(
      s.now.getTime() - SESSION_ROWS_KEPT_MS,
      new Date(s.now.getTime() - SESSION_ROWS_KEPT_MS).toISOString(),
    );
    db.prepare('INSERT INTO sessions (id, user_id, device, auth_time, created_at, address, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      s.id,
      s.userId,
      s.device,
      s.authTime,
      s.now.toISOString(),
      s.address,
      s.expiresAt,
    );
  })();
}

export function findSession(db: DB, id: string): SessionRow | undefined {
  return db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
}

/** Whether a token of session `id` for this user and tablet may still be used. */
export function sessionOpen(db: DB, id: string, userId: number, device: string): boolean {
  const row = db.prepare('SELECT user_id, device, ended_at FROM sessions WHERE id = ?').get(id) as Pick<SessionRow, 'user_id' | 'device' | 'ended_at'> | undefined;
  return !!row && row.ended_at === null && row.user_id === userId && row.device === device;
}

export function noteRefresh(db: DB, id: string, expiresAt: number, now: Date): void {
  db.prepare('UPDATE sessions SET last_refresh_at = ?, expires_at = ? WHERE id = ? AND ended_at IS NULL').run(now.toISOString(), expiresAt, id);
}

/** Ends the session; false when it does not exist or had ended already. */
export function endSession(db: DB, id: string, by: 'logout' | 'operator', now: Date): boolean {
  return db.prepare('UPDATE sessions SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL').run(now.toISOString(), by, id).changes === 1;
}

export interface ListedSession extends SessionRow {
  username: string;
  /** open: not ended, its latest token unexpired, its user enabled and the password unchanged since */
  open: boolean;
}

export function listSessions(db: DB, now: Date, all = false): ListedSession[] {
  const rows = db
    .prepare(
      `SELECT s.*, u.username AS username,
              (s.ended_at IS NULL AND s.expires_at > ? AND u.disabled = 0 AND s.auth_time >= u.tokens_valid_after) AS open
         FROM sessions s JOIN users u ON u.id = s.user_id
        ORDER BY s.created_at, s.id`,
    )
    .all(now.getTime()) as (SessionRow & { username: string; open: number })[];
  return rows.map((r) => ({ ...r, open: r.open === 1 })).filter((r) => all || r.open);
}

/** The session an operator means: its full id, or a prefix of at least 6 characters that names one only. */
export function resolveSessionId(db: DB, given: string): { id: string } | { error: string } {
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(given)) return { error: `"${given}" is not a session id (see: session list)` };
  const exact = findSession(db, given);
  if (exact) return { id: exact.id };
  const found = db.prepare("SELECT id FROM sessions WHERE substr(id, 1, ?) = ? LIMIT 2").all(given.length, given) as { id: string }[];
  if (found.length === 0) return { error: `no session "${given}"` };
  if (found.length > 1) return { error: `"${given}" names more than one session: give more of its id` };
  return { id: found[0]!.id };
}
