/**
 * The version of every record the tablet stores, and the one sequence of steps that brings an older
 * stored record up to date. A stored copy carries its version (`schemaVersion`; the export's manifest
 * in its own `formatVersion`); a record stored before versions existed has none: version 1.
 *
 * Writes stamp the current version (`stamp`); every read hands the stored copy to `migrate`, which
 * runs the kind's steps in order and gives back the record as the app holds it in memory (without
 * `schemaVersion`). A record of a newer version than this app knows is not touched: `migrate` says
 * `newer`, and the caller keeps it out of use and never writes over it.
 *
 * To change a stored shape: append a step to the kind's list below (its version is the list's
 * length + 1), and a test in tests/unit/record-versions.test.ts. Pure: no I/O (workers, Node).
 */

export type RecordKind = 'report' | 'file' | 'process' | 'settings' | 'manifest';

type StoredRecord = Record<string, unknown>;
type Step = (old: StoredRecord) => StoredRecord;

const isObject = (v: unknown): v is StoredRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 1 → 2: a report stored before "VMS on board" existed has no such key: unanswered, as the contract's default. */
function vmsOnBoardUnanswered(report: StoredRecord): StoredRecord {
  const extended = report.extended;
  if (!isObject(extended) || !isObject(extended.vessel) || extended.vessel.vmsOnBoard !== undefined) return report;
  return { ...report, extended: { ...extended, vessel: { ...extended.vessel, vmsOnBoard: null } } };
}

/** One ordered list per kind: `MIGRATIONS[kind][n - 1]` turns a version n record into a version n + 1 one. */
const MIGRATIONS: { readonly [K in RecordKind]: readonly Step[] } = {
  report: [vmsOnBoardUnanswered],
  file: [],
  process: [],
  settings: [],
  manifest: [],
};

/** The version this app writes, per kind. */
export const RECORD_VERSIONS = Object.fromEntries(Object.entries(MIGRATIONS).map(([kind, steps]) => [kind, steps.length + 1])) as {
  readonly [K in RecordKind]: number;
};

/** The manifest's version is its own field (the zip's format); every other kind's is storage only. */
const fieldOf = (kind: RecordKind) => (kind === 'manifest' ? 'formatVersion' : 'schemaVersion');

/**
 * Records kept inside another, each with its own version: the report a process restores if it fails
 * (a claim's "as it was"), and the file records an export's manifest lists.
 */
function eachNested(kind: RecordKind, record: StoredRecord, each: (kind: RecordKind, inner: StoredRecord) => StoredRecord): StoredRecord {
  if (kind === 'process' && isObject(record.restore)) return { ...record, restore: each('report', record.restore) };
  if (kind === 'manifest' && Array.isArray(record.files)) {
    return { ...record, files: record.files.map((f: unknown) => (isObject(f) && isObject(f.record) ? { ...f, record: each('file', f.record) } : f)) };
  }
  return record;
}

/** The stored copy of a record: the current version stamped on it and on the records it holds. */
export function stamp<T extends object>(kind: RecordKind, record: T): T {
  return eachNested(kind, { ...(record as StoredRecord), [fieldOf(kind)]: RECORD_VERSIONS[kind] }, stamp) as T;
}

type Migrated<T> =
  | { ok: true; record: T; from: number }
  /** stored by a newer version of the app: leave it as it is */
  | { ok: false; reason: 'newer'; version: number }
  /** not a record, or a version that is not one */
  | { ok: false; reason: 'unreadable' };

/**
 * A stored record brought up to date, as the app holds it. A newer record held inside (a process's
 * report) makes the whole record newer: it is left as it is too.
 */
export function migrate<T = StoredRecord>(kind: RecordKind, stored: unknown): Migrated<T> {
  if (!isObject(stored)) return { ok: false, reason: 'unreadable' };
  const field = fieldOf(kind);
  const version = stored[field] === undefined ? 1 : stored[field];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return { ok: false, reason: 'unreadable' };
  if (version > RECORD_VERSIONS[kind]) return { ok: false, reason: 'newer', version };
  let record = stored;
  for (let v = version; v < RECORD_VERSIONS[kind]; v++) record = MIGRATIONS[kind][v - 1]!(record);
  const refused: Migrated<T>[] = [];
  record = eachNested(kind, record, (innerKind, inner) => {
    const m = migrate<StoredRecord>(innerKind, inner);
    if (m.ok) return m.record;
    refused.push(m as Migrated<T>);
    return inner;
  });
  if (refused.length > 0) return refused.find((m) => !m.ok && m.reason === 'newer') ?? refused[0]!;
  const { [field]: _version, ...held } = record;
  return { ok: true, record: (kind === 'manifest' ? { ...held, [field]: RECORD_VERSIONS[kind] } : held) as T, from: version };
}
