/**
 * The tablet's reports and files as the export reads them, straight from IndexedDB (in the export
 * worker: no picture bytes ever cross the page's thread). Callers flush pending edits first.
 */
import type { IDBPDatabase } from 'idb';
import type { Pir } from '@/lib/contract';
import type { PirDb } from '@/lib/local-data/db';
import { contentBytes, contentSize } from '@/lib/local-data/file-content';
import { migrate } from '@/lib/local-data/record-versions';
import { imageSize, type ScannedReport } from '../model/images';
import type { ExportSource } from './zip-writer';

/** A stored record brought up to date; undefined when missing, or stored by a newer version of the app (not exported). */
function upToDate<T>(kind: 'report' | 'file', stored: T | undefined): T | undefined {
  if (stored === undefined) return undefined;
  const m = migrate<T>(kind, stored);
  return m.ok ? m.record : undefined;
}

/** The reports chosen, in the order given; ids no longer on the tablet are left out. */
export async function exportSource(database: IDBPDatabase<PirDb>, ids: readonly number[]): Promise<ExportSource> {
  const found = await Promise.all(ids.map(async (id) => upToDate('report', await database.get('reports', id))));
  return {
    reports: found.filter((r): r is Pir => r !== undefined),
    fileIds: (reportId) => database.getAllKeysFromIndex('files', 'byPir', reportId),
    file: async (id) => upToDate('file', await database.get('files', id)),
  };
}

/** What the size estimate needs: each report's JSON size and its files' sizes, types and dimensions. */
export async function scanReports(database: IDBPDatabase<PirDb>, ids: readonly number[]): Promise<ScannedReport[]> {
  const out: ScannedReport[] = [];
  for (const id of ids) {
    const report = upToDate('report', await database.get('reports', id));
    if (!report) continue;
    const files: ScannedReport['files'] = [];
    // One file at a time, each in its own read: one file's bytes in memory at a time, and reading a
    // Blob's bytes would let a cursor's transaction close under it.
    for (const key of await database.getAllKeysFromIndex('files', 'byPir', id)) {
      const f = upToDate('file', await database.get('files', key));
      if (!f?.content) continue;
      const known =
        f.width !== null && f.height !== null
          ? { width: f.width, height: f.height }
          : f.contentType.includes('image')
            ? imageSize(new Uint8Array(await contentBytes(f.content)))
            : null;
      files.push({ size: contentSize(f.content), contentType: f.contentType, width: known?.width ?? null, height: known?.height ?? null });
    }
    out.push({ id, jsonSize: JSON.stringify(report, null, 2).length, files });
  }
  return out;
}
