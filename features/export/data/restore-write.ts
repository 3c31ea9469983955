/**
 * Writes a checked restore bundle (zip-reader) in ONE IndexedDB transaction: the reports exactly as
 * exported (claimedByDevice included: a report another device holds stays held by it), their files,
 * and nothing else. A report's files the export does not carry are dropped with the copy it replaces;
 * a picture the export made smaller never replaces the full-size copy the tablet already holds, and
 * a file another report holds under the same key is never overwritten.
 * Restored reports leave the archived list. Runs in the export worker (or Node tests, fake-indexeddb).
 */
import type { IDBPDatabase } from 'idb';
import type { PirDb, StoredFileRecord } from '@/lib/local-data/db';
import { stamp } from '@/lib/local-data/record-versions';
import type { RestoreBundle } from '../model/zip-reader';

export interface RestoreResult {
  reportIds: number[];
  /** files written */
  files: number;
  /** reduced pictures not written because the tablet holds them at full size */
  kept: number;
  /** the tablet's files of replaced reports that the export does not carry */
  dropped: number;
  /** files another report on this tablet holds under the same key (a shared download): never overwritten */
  heldByOthers: number;
}

function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  return bytes.slice().buffer;
}

export async function writeRestore(database: IDBPDatabase<PirDb>, bundle: RestoreBundle): Promise<RestoreResult> {
  const result: RestoreResult = { reportIds: bundle.reports.map((r) => r.id), files: 0, kept: 0, dropped: 0, heldByOthers: 0 };
  const incoming = new Set(bundle.files.map((f) => f.entry.record.id));
  const tx = database.transaction(['reports', 'files', 'meta'], 'readwrite');
  const reports = tx.objectStore('reports');
  const files = tx.objectStore('files');
  const meta = tx.objectStore('meta');

  const ops: Promise<unknown>[] = [];
  for (const r of bundle.reports) ops.push(reports.put(stamp('report', r)));
  for (const r of bundle.reports) {
    const keys = await files.index('byPir').getAllKeys(r.id);
    for (const k of keys) {
      if (incoming.has(k)) continue;
      ops.push(files.delete(k));
      result.dropped++;
    }
  }
  for (const f of bundle.files) {
    const { record } = f.entry;
    // Only its owner and whether it holds bytes are read: fields every version of a file record has.
    const held = await files.get(record.id);
    if (held && held.pirId !== record.pirId) {
      result.heldByOthers++;
      continue;
    }
    if (f.entry.original && held?.content) {
      result.kept++;
      continue;
    }
    const stored: StoredFileRecord = { ...record, content: ownBuffer(f.bytes) };
    ops.push(files.put(stamp('file', stored)));
    result.files++;
  }
  const archived = await meta.get('archived');
  if (Array.isArray(archived)) {
    const restored = new Set(result.reportIds);
    const left = (archived as number[]).filter((id) => !restored.has(id));
    if (left.length !== archived.length) ops.push(meta.put(left, 'archived'));
  }
  await Promise.all([...ops, tx.done]);
  return result;
}
