/**
 * A tablet's last save is never lost to another tablet. When a tablet reclaims a
 * report, saves over another tablet's save or releases a report whose latest save is another tablet's,
 * that save (its five parts and the files it announced) is copied here first, as that tablet's last
 * save: an operator reads it with `npm run server -- drafts <report>`, its received files' bytes stay
 * in the blob store (server/db/blob-store.ts counts them as referenced), and only `server gc
 * --drafts-retention-days N` deletes it, N days after it was kept (each deletion is appended to the
 * audit log).
 */
import { appendAudit } from './audit';
import { getSave, listAnnounced, type SaveRow } from './saves';
import type { DB } from './schema';

/** A save as `saves` holds it, kept under its own id, with when and why. */
export interface KeptSaveRow extends SaveRow {
  id: number;
  kept_at: string;
  reason: string;
}

export interface KeptFileRow {
  kept_id: number;
  file_url: string;
  part: string;
  content_type: string;
  size: number;
  sha256: string;
  received_at: string | null;
}

/**
 * Keeps the report's latest save when it was made by a tablet other than `actorDevice` (a tablet's own
 * save is its own to replace). Returns the kept copy's id, or null when there was nothing to keep. The
 * same save is kept once. Call inside the transaction of the change.
 */
export function keepOthersSave(db: DB, reportId: number, actorDevice: string, reason: string, now: string): number | null {
  const save = getSave(db, reportId);
  if (!save || save.device === actorDevice) return null;
  const existing = db.prepare('SELECT id FROM kept_saves WHERE report_id = ? AND device = ? AND saved_at = ?').get(reportId, save.device, save.saved_at) as
    | { id: number }
    | undefined;
  if (existing) return existing.id;
  const info = db
    .prepare(
      `INSERT INTO kept_saves (report_id, user_id, device, pir, vessel, pictures, attachments, signatures, saved_at, kept_at, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(reportId, save.user_id, save.device, save.pir, save.vessel, save.pictures, save.attachments, save.signatures, save.saved_at, now, reason);
  const id = Number(info.lastInsertRowid);
  const insert = db.prepare('INSERT INTO kept_files (kept_id, file_url, part, content_type, size, sha256, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const a of listAnnounced(db, reportId)) insert.run(id, a.file_url, a.part, a.content_type, a.size, a.sha256, a.received_at);
  return id;
}

export function listKeptSaves(db: DB, reportId: number | null): KeptSaveRow[] {
  return (
    reportId === null ? db.prepare('SELECT * FROM kept_saves ORDER BY id').all() : db.prepare('SELECT * FROM kept_saves WHERE report_id = ? ORDER BY id').all(reportId)
  ) as KeptSaveRow[];
}

export function getKeptSave(db: DB, id: number): KeptSaveRow | undefined {
  return db.prepare('SELECT * FROM kept_saves WHERE id = ?').get(id) as KeptSaveRow | undefined;
}

export function listKeptFiles(db: DB, keptId: number): KeptFileRow[] {
  return db.prepare('SELECT * FROM kept_files WHERE kept_id = ? ORDER BY file_url').all(keptId) as KeptFileRow[];
}

/**
 * `server gc --drafts-retention-days N`: deletes the kept saves kept more than `retentionMs` ago, each
 * deletion appended to the audit log. Their bytes become unreferenced (unless something else holds
 * them) and the rest of gc deletes them. Returns the hashes the deleted copies referenced.
 */
export function purgeKeptSaves(db: DB, retentionMs: number, now = new Date()): { deleted: number; shas: string[] } {
  const cutoff = new Date(now.getTime() - retentionMs).toISOString();
  return db.transaction(() => {
    const old = db.prepare('SELECT * FROM kept_saves WHERE kept_at < ? ORDER BY id').all(cutoff) as KeptSaveRow[];
    const shas: string[] = [];
    for (const k of old) {
      const files = listKeptFiles(db, k.id);
      shas.push(...files.map((f) => f.sha256));
      db.prepare('DELETE FROM kept_files WHERE kept_id = ?').run(k.id);
      db.prepare('DELETE FROM kept_saves WHERE id = ?').run(k.id);
      appendAudit(db, {
        at: now.toISOString(),
        reportId: k.report_id,
        user: null,
        device: '',
        action: 'gc',
        detail: { deletedKeptDraft: k.id, ofDevice: k.device, savedAt: k.saved_at, keptAt: k.kept_at, files: files.length, retentionDays: retentionMs / 86_400_000 },
      });
    }
    return { deleted: old.length, shas };
  })();
}
