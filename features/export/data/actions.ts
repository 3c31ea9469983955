/**
 * The page-side steps around the worker: what an export is stamped with, saving the zip as a
 * download, writing a checked restore and showing it, and erasing the tablet's data.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Pir, User } from '@/lib/contract';
import { localKeys } from '@/lib/local-data/cache';
import { announce } from '@/lib/local-data/channel';
import { DB_VERSION } from '@/lib/local-data/db';
import { eraseLocalData } from '@/lib/local-data/erase';
import { allReports, flushEdits, reloadReports } from '@/lib/local-data/reports-store';
import { CACHE_SCHEMA_VERSION } from '@/lib/query/persister';
import { queuePreparation } from '@/lib/reports/actions';
import { sessionStore } from '@/lib/session/session-store';
import type { ExportWorker } from './client';
import type { ImageOptions } from '../model/images';
import type { WireSettings } from './protocol';
import type { RestoreResult } from './restore-write';
import type { AppVersions } from '../model/zip-reader';

/** The storage versions this app writes and reads (each record's own version is checked by record-versions). */
export const APP_VERSIONS: AppVersions = { db: DB_VERSION, cache: CACHE_SCHEMA_VERSION };

/** SPEC §2: only reports past notready; a notready one still holding the inspector's entries (a lost claim) too. */
export function isExportable(report: Pick<Pir, 'status' | 'extended'>): boolean {
  if (report.status === 'notready' || report.status === 'claimed') return report.extended !== null;
  return true;
}

export function exportSettings(user: User | null, device: string, images: ImageOptions, now = new Date()): WireSettings {
  return {
    ...images,
    appVersion: process.env.NEXT_PUBLIC_APP_VERSION ?? '0.0.0',
    schema: { db: DB_VERSION, cache: CACHE_SCHEMA_VERSION },
    device,
    user: user ? { id: user.id, name: user.name } : null,
    createdAt: now.toISOString(),
  };
}

export { saveDownload } from '@/lib/save-download';

/** Pending edits reach IndexedDB first: the worker reads from there. */
export const beforeExport = flushEdits;


/** Writes what the worker checked, then shows it here and in the app's other tabs. */
export async function applyRestore(worker: ExportWorker): Promise<RestoreResult> {
  // An edit still waiting to be stored would otherwise overwrite a restored report a moment later.
  await flushEdits();
  const result = await worker.apply();
  await reloadReports(result.reportIds);
  announce({ type: 'reports', ids: result.reportIds });
  for (const pirId of result.reportIds) announce({ type: 'files', pirId });
  // An export taken while a report was being prepared here carries no process: prepare it again
  // (what is already on the tablet is kept), or it would stay "preparing" for ever.
  const device = sessionStore.get()?.deviceName;
  if (device) {
    const restored = new Set(result.reportIds);
    for (const r of allReports()) if (restored.has(r.id) && r.status === 'preparing' && r.claimedByDevice === device) await queuePreparation(r, device);
  }
  return result;
}

/**
 * SPEC §2 "erase all data": the tablet's reports, files, processes and cached queries go; settings,
 * the tablet's name and the signed-in user stay.
 */
export async function eraseAllData(queryClient: QueryClient) {
  const user = sessionStore.get();
  const ids = allReports().map((r) => r.id);
  await eraseLocalData(queryClient);
  // eraseLocalData (shared with a change of user) forgets the user too: this erase keeps them signed in.
  if (user) sessionStore.set(user);
  queryClient.setQueryData(localKeys.reports, []);
  queryClient.setQueryData(localKeys.processes, []);
  announce({ type: 'reports', ids });
  announce({ type: 'processes' });
}
