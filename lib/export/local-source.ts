/**
 * The tablet's reports and files as the export reads them, straight from IndexedDB (in the export
 * worker: no picture bytes ever cross the page's thread). Callers flush pending edits first.
 */
import type { IDBPDatabase } from 'idb';
import type { Pir } from '@/lib/contract';
import type { PirDb } from '@/lib/local-data/db';
import { imageSize, type ScannedReport } from './images';
import type { ExportSource } from './zip-writer';

/** The reports chosen, in the order given; ids no longer on the tablet are left out. */
export async function exportSource(database: IDBPDatabase<PirDb>, ids: readonly number[]): Promise<ExportSource> {
  const found = await Promise.all(ids.map((id) => database.get('reports', id)));
  return {
    reports: found.filter((r): r is Pir => r !== undefined),
    fileIds: (reportId) => database.getAllKeysFromIndex('files', 'byPir', reportId),
    file: (id) => database.get('files', id),
  };
}

/** What the size estimate needs: each report's JSON size and its files' sizes, types and dimensions. */
export async function scanReports(database: IDBPDatabase<PirDb>, ids: readonly number[]): Promise<ScannedReport[]> {
  const out: ScannedReport[] = [];
  for (const id of ids) {
    const report = await database.get('reports', id);
    if (!report) continue;
    const files: ScannedReport['files'] = [];
    // A cursor: one file's bytes in memory at a time.
    let cursor = await database.transaction('files').store.index('byPir').openCursor(id);
    while (cursor) {
      const f = cursor.value;
      if (f.content) {
        const known = f.width !== null && f.height !== null ? { width: f.width, height: f.height } : f.contentType.includes('image') ? imageSize(new Uint8Array(f.content)) : null;
        files.push({ size: f.content.byteLength, contentType: f.contentType, width: known?.width ?? null, height: known?.height ?? null });
      }
      cursor = await cursor.continue();
    }
    out.push({ id, jsonSize: JSON.stringify(report, null, 2).length, files });
  }
  return out;
}
