/**
 * Reports. One row per report: id (= fileId), the pending PIR form id (kept for look-ups even after
 * submission), status, claim, lifecycle and the rest of the listing as JSON (`doc`), plus the extended
 * info served by `GET /offline-api/pir/{id}`.
 */
import type { Extended, Lifecycle, Pir, PirStatus } from '../../lib/contract/index';
import type { DB } from './schema';

export interface ReportRow {
  id: number;
  pending_form_id: number | null;
  status: PirStatus;
  claimed_by_device: string | null;
  lifecycle: string;
  doc: string;
  extended: string;
  submitted_by_device: string | null;
  updated_at: string;
  /** when the holding tablet claimed it (server clock; null for seeded holds), server/db/audit.ts */
  claimed_at?: string | null;
  /** the account that submitted it (from the token) */
  submitted_by_user_id?: number | null;
}

/** The listing fields kept as JSON; status, claim, lifecycle and lastUpdateDate live in columns. */
export type ReportDoc = Omit<Pir, 'status' | 'claimedByDevice' | 'lifecycle' | 'extended' | 'lastUpdateDate'>;

const MAX_ID = 2_147_483_647;

/** Parses a path id: digits only, 1..2^31-1; null otherwise. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** SPEC §7: the id is the offline pending PIR form id when there is one, else the file id. Both are accepted. */
export function findReport(db: DB, id: number): ReportRow | undefined {
  return (
    (db.prepare('SELECT * FROM reports WHERE pending_form_id = ?').get(id) as ReportRow | undefined) ??
    (db.prepare('SELECT * FROM reports WHERE id = ?').get(id) as ReportRow | undefined)
  );
}

export function getReport(db: DB, id: number): ReportRow | undefined {
  return db.prepare('SELECT * FROM reports WHERE id = ?').get(id) as ReportRow | undefined;
}

export function listReportRows(db: DB): ReportRow[] {
  return db.prepare('SELECT * FROM reports ORDER BY id').all() as ReportRow[];
}

export function toPir(row: ReportRow): Pir {
  const doc = JSON.parse(row.doc) as ReportDoc;
  return {
    ...doc,
    status: row.status,
    claimedByDevice: row.claimed_by_device,
    lifecycle: JSON.parse(row.lifecycle) as Lifecycle,
    lastUpdateDate: row.updated_at,
    extended: null,
  };
}

export function extendedOf(row: ReportRow): Extended {
  return JSON.parse(row.extended) as Extended;
}

export interface NewReport {
  id: number;
  pendingFormId: number | null;
  status: PirStatus;
  claimedByDevice: string | null;
  lifecycle: Lifecycle;
  doc: ReportDoc;
  extended: Extended;
  updatedAt: string;
}

export function insertReport(db: DB, r: NewReport): void {
  db.prepare(
    `INSERT INTO reports (id, pending_form_id, status, claimed_by_device, lifecycle, doc, extended, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(r.id, r.pendingFormId, r.status, r.claimedByDevice, JSON.stringify(r.lifecycle), JSON.stringify(r.doc), JSON.stringify(r.extended), r.updatedAt);
}

/**
 * Atomic claim: one conditional UPDATE. A plain claim succeeds when the report is free or already
 * held by this device; a reclaim takes it from any device. Submitted reports are never claimable.
 * The claim time is the server's, set when the holder changes (a holder claiming again keeps it).
 */
export function claimReport(db: DB, id: number, device: string, reclaim: boolean, now: string): boolean {
  const info = reclaim
    ? db
        .prepare(
          `UPDATE reports SET claimed_at = CASE WHEN claimed_by_device IS ? THEN claimed_at ELSE ? END, claimed_by_device = ?, updated_at = ?
            WHERE id = ? AND status <> 'submitted'`,
        )
        .run(device, now, device, now, id)
    : db
        .prepare(
          `UPDATE reports SET claimed_at = CASE WHEN claimed_by_device IS ? THEN claimed_at ELSE ? END, claimed_by_device = ?, updated_at = ?
            WHERE id = ? AND status <> 'submitted' AND (claimed_by_device IS NULL OR claimed_by_device = ?)`,
        )
        .run(device, now, device, now, id, device);
  return info.changes === 1;
}

/** Release by the holder: claim, lifecycle and step flags cleared, status back to notready, pending save dropped. */
export function releaseReport(db: DB, id: number, device: string, now: string): boolean {
  return db.transaction(() => {
    const info = db
      .prepare(
        `UPDATE reports SET claimed_by_device = NULL, claimed_at = NULL, status = 'notready', lifecycle = '{}', updated_at = ?,
                doc = json_set(doc, '$.inspectionstatus', json('{}'), '$.inspectionErrors', json('{}'),
                  '$.inspectionSignatures', json('{"masterSignature":null,"inspectorSignature":null,"masterRefuses":false}'))
          WHERE id = ? AND claimed_by_device = ?`,
      )
      .run(now, id, device);
    if (info.changes !== 1) return false;
    db.prepare('DELETE FROM announced WHERE report_id = ?').run(id);
    db.prepare('DELETE FROM saves WHERE report_id = ?').run(id);
    return true;
  })();
}

/** Sizes of the downloadable files, by download link (lets the tablet check its storage before a claim). */
export function fileSizes(db: DB): Map<string, number> {
  const rows = db.prepare('SELECT id, kind, size FROM files').all() as { id: number; kind: string; size: number }[];
  return new Map(rows.map((r) => [`/be/offline-api/files/${r.kind}/${r.id}`, r.size]));
}

/** The listing entry with the size of each of its files. */
export function withSizes(pir: Pir, sizes: ReadonlyMap<string, number>): Pir {
  const sized = <T extends { downloadLink: string }>(x: T): T => {
    const size = sizes.get(x.downloadLink);
    return size === undefined ? x : { ...x, size };
  };
  return {
    ...pir,
    vesselPictures: pir.vesselPictures.map(sized),
    fileAttachements: pir.fileAttachements.map(sized),
    submitedForms: pir.submitedForms.map((f) => ({ ...sized(f), attachments: f.attachments.map(sized) })),
  };
}
