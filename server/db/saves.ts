/** The latest save of a report and the files it announced. */
import type { AnnouncedFile, Extended, Pir } from '../../lib/contract/index';
import { extendedOf, type ReportRow } from './reports';
import type { DB } from './schema';

export type SavePart = 'pictures' | 'attachments' | 'signatures';

export interface SaveRow {
  report_id: number;
  user_id: number;
  device: string;
  pir: string;
  vessel: string;
  pictures: string;
  attachments: string;
  signatures: string;
  saved_at: string;
}

export interface AnnouncedRow {
  report_id: number;
  file_url: string;
  part: SavePart;
  content_type: string;
  size: number;
  sha256: string;
  received_at: string | null;
}

export function getSave(db: DB, reportId: number): SaveRow | undefined {
  return db.prepare('SELECT * FROM saves WHERE report_id = ?').get(reportId) as SaveRow | undefined;
}

export function listAnnounced(db: DB, reportId: number): AnnouncedRow[] {
  return db.prepare('SELECT * FROM announced WHERE report_id = ? ORDER BY file_url').all(reportId) as AnnouncedRow[];
}

export function getAnnounced(db: DB, reportId: number, fileUrl: string): AnnouncedRow | undefined {
  return db.prepare('SELECT * FROM announced WHERE report_id = ? AND file_url = ?').get(reportId, fileUrl) as AnnouncedRow | undefined;
}

export interface NewSave {
  reportId: number;
  userId: number;
  device: string;
  parts: { pir: unknown; vessel: unknown; pictures: unknown; attachments: unknown; signatures: unknown };
  files: (AnnouncedFile & { part: SavePart })[];
  now: string;
}

/**
 * Replaces the latest save and its announcements. A file announced again with the same hash and size
 * keeps its "received" mark, so a save repeated after a partial upload does not ask for the bytes again
 * (from the same tablet only). Call inside a transaction.
 */
export function writeSave(db: DB, s: NewSave): void {
  // a file counts as received only for the tablet that sent it; another tablet saving
  // over the report announces and uploads its own (it cannot borrow, e.g., the holder's signatures)
  const sameDevice = getSave(db, s.reportId)?.device === s.device;
  db.prepare(
    `INSERT INTO saves (report_id, user_id, device, pir, vessel, pictures, attachments, signatures, saved_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (report_id) DO UPDATE SET user_id = excluded.user_id, device = excluded.device, pir = excluded.pir,
       vessel = excluded.vessel, pictures = excluded.pictures, attachments = excluded.attachments,
       signatures = excluded.signatures, saved_at = excluded.saved_at`,
  ).run(
    s.reportId,
    s.userId,
    s.device,
    JSON.stringify(s.parts.pir),
    JSON.stringify(s.parts.vessel),
    JSON.stringify(s.parts.pictures),
    JSON.stringify(s.parts.attachments),
    JSON.stringify(s.parts.signatures),
    s.now,
  );
  const previous = new Map(sameDevice ? listAnnounced(db, s.reportId).map((a) => [a.file_url, a]) : []);
  db.prepare('DELETE FROM announced WHERE report_id = ?').run(s.reportId);
  const insert = db.prepare(
    `INSERT INTO announced (report_id, file_url, part, content_type, size, sha256, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const f of s.files) {
    const old = previous.get(f.fileUrl);
    const kept = old && old.sha256 === f.sha256 && old.size === f.size ? old.received_at : null;
    insert.run(s.reportId, f.fileUrl, f.part, f.contentType, f.size, f.sha256, kept);
  }
}

/** The extended info as last saved (the saved vessel over the saved or seeded extended), else the seeded one. */
export function currentExtended(row: ReportRow, save: SaveRow | undefined): Extended {
  if (!save) return extendedOf(row);
  const savedPir = JSON.parse(save.pir) as Pir;
  const base = savedPir.extended ?? extendedOf(row);
  return { ...base, vessel: JSON.parse(save.vessel) as Extended['vessel'] };
}
