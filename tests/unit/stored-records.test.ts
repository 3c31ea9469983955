/**
 * Records as today's release stores them (no record version) are opened by this one up to date, and
 * a record a newer version stored is left as it is: reports (IndexedDB and the write-ahead),
 * processes, files, settings and an export zip.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pir, Settings } from '@/lib/contract';
import { createAppRuntime } from '@/lib/app/runtime';
import { localKeys } from '@/lib/local-data/cache';
import { db, type ProcessRecord } from '@/lib/local-data/db';
import { getFile, putFile } from '@/lib/local-data/files-store';
import { loadProcesses, storeProcess } from '@/lib/local-data/processes-store';
import { stamp } from '@/lib/local-data/record-versions';
import { commit, editReport, findReport, flushEdits, loadReports, reloadReports, WRITE_AHEAD_KEY } from '@/lib/local-data/reports-store';
import type { Manifest } from '@/features/export/model/manifest';
import { expectRefused, exportZip, fileRecord, restore, rezip, seed } from './export-helpers';
import { MemoryStorage } from './fixtures/memory-storage';
import { emptyExtended, report, task } from './fixtures/report';

type Vessel = NonNullable<Pir['extended']>['vessel'];

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A report as a release before "VMS on board" stored it: no such key. */
function reportBeforeVmsOnBoard(id: number, over: Partial<Pir> = {}): Pir {
  const r = report(id, 'inspecting', { claimedByDevice: 'TAB-A', extended: emptyExtended(), ...over });
  delete (r.extended!.vessel as Partial<Vessel>).vmsOnBoard;
  return r;
}

/** What the migration makes of it. */
function answeredNull(r: Pir): Pir {
  return { ...r, extended: { ...r.extended!, vessel: { ...r.extended!.vessel, vmsOnBoard: null } } };
}

function claimProcess(subject: number, restoreTo: Pir | null): ProcessRecord {
  return { type: 'claim', subject, uid: `p-${subject}`, description: 'Claim', tasks: [task(`t-${subject}`, 'REGISTERED', { subject })], createdAt: '2026-11-21T09:00:00.000Z', restore: restoreTo };
}

const todaySettings: Settings = {
  darkMode: true,
  showAdvancedFeatures: false,
  onLine: true,
  updateAvailable: false,
  language: 'fr',
  fontSize: 'medium',
  filters: { ports: [64] },
  application: { installed: false },
};

let client: QueryClient;

beforeEach(async () => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  client = new QueryClient();
  createAppRuntime(client);
  const d = await db();
  await Promise.all([d.clear('reports'), d.clear('files'), d.clear('processes'), d.clear('meta')]);
});
afterEach(() => vi.restoreAllMocks());

/** Changes each report of an export and its manifest, keeping the manifest's sizes and hashes right. */
function rewrite(zip: Uint8Array, change: { report?: (r: Record<string, unknown>) => void; manifest?: (m: Manifest) => void }): Uint8Array {
  return rezip(zip, (entries) => {
    const m = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
    for (const line of m.reports) {
      const r = JSON.parse(strFromU8(entries[line.path]!)) as Record<string, unknown>;
      change.report?.(r);
      const bytes = strToU8(JSON.stringify(r, null, 2));
      entries[line.path] = bytes;
      line.size = bytes.length;
      line.sha256 = sha(bytes);
    }
    change.manifest?.(m);
    entries['manifest.json'] = strToU8(JSON.stringify(m, null, 2));
  });
}

describe('records stored by today\'s release open up to date', () => {
  it('reports in IndexedDB and in the write-ahead: loaded current, and stored current from then on', async () => {
    const d = await db();
    const older = reportBeforeVmsOnBoard(501);
    const today = report(502, 'inspecting', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
    await d.put('reports', older);
    await d.put('reports', today);
    // The last keystroke before the update, only in the write-ahead.
    const typed = reportBeforeVmsOnBoard(503, { inspectionComment: 'typed just before the update' });
    localStorage.setItem(WRITE_AHEAD_KEY, JSON.stringify([typed]));

    const loaded = new Map((await loadReports()).map((r) => [r.id, r]));
    expect(loaded.get(501)).toEqual(answeredNull(older));
    expect(loaded.get(502)).toEqual(today);
    expect(loaded.get(503)).toEqual(answeredNull(typed));
    for (const r of loaded.values()) expect(r).not.toHaveProperty('schemaVersion');
    // The replay stored the edit as this version stores a report.
    expect(await d.get('reports', 503)).toEqual(stamp('report', answeredNull(typed)));
    expect(localStorage.getItem(WRITE_AHEAD_KEY)).toBeNull();

    client.setQueryData(localKeys.reports, [...loaded.values()]);
    editReport(501, (r) => ({ ...r, inspectionComment: 'after the update' }));
    expect(JSON.parse(localStorage.getItem(WRITE_AHEAD_KEY)!)).toEqual([expect.objectContaining({ id: 501, schemaVersion: 2 })]);
    await flushEdits();
    expect(await d.get('reports', 501)).toMatchObject({ schemaVersion: 2, inspectionComment: 'after the update', extended: { vessel: { vmsOnBoard: null } } });

    // Another tab of today's release stores one: shown up to date here.
    await d.put('reports', older);
    await reloadReports([501]);
    expect(findReport(501)).toEqual(answeredNull(older));
  });

  it('processes, with the report a claim restores', async () => {
    const d = await db();
    const stored = claimProcess(504, reportBeforeVmsOnBoard(504, { status: 'ready', claimedByDevice: null }));
    await d.put('processes', stored);
    const [p] = await loadProcesses();
    expect(p).toEqual({ ...stored, restore: answeredNull(stored.restore!) });
    await storeProcess(p!);
    expect(await d.get('processes', 'p-504')).toMatchObject({ schemaVersion: 1, restore: { schemaVersion: 2 } });
  });

  it('files', async () => {
    const d = await db();
    const stored = fileRecord('picture:505:p1', 505, new Uint8Array([1, 2, 3]).buffer, { filename: 'picture_p1.jpg', type: 'image', contentType: 'image/jpeg' });
    await d.put('files', stored);
    const f = await getFile(stored.id);
    expect(f).toEqual(stored);
    await putFile(f!);
    expect(await d.get('files', stored.id)).toEqual({ ...stored, schemaVersion: 1 });
  });

  it('settings', async () => {
    vi.resetModules();
    localStorage.setItem('settings', JSON.stringify(todaySettings));
    const { settingsStore, updateSettings } = await import('@/lib/store/settings');
    await settingsStore.checked();
    expect(settingsStore.get()).toEqual(todaySettings);
    updateSettings({ fontSize: 'large' });
    expect(JSON.parse(localStorage.getItem('settings')!)).toEqual({ ...todaySettings, fontSize: 'large', schemaVersion: 1 });
  });

  it('an export zip: written current from today\'s records, and today\'s zips restore current', async () => {
    const { reports } = await seed();
    const d = await db();
    // Report 101 as a release before "VMS on board" stored it.
    const older = { ...reports[0]!, extended: { ...reports[0]!.extended! } };
    older.extended.vessel = { ...older.extended.vessel };
    delete (older.extended.vessel as Partial<Vessel>).vmsOnBoard;
    await d.put('reports', older);

    const { zip, manifest } = await exportZip([101, 102]);
    const written = JSON.parse(strFromU8(unzipSync(zip)['reports/101.json']!)) as Pir & { schemaVersion: number };
    expect(written.schemaVersion).toBe(2);
    expect(written.extended!.vessel.vmsOnBoard).toBeNull();
    for (const f of manifest.files) expect(f.record.schemaVersion).toBe(1);

    // The same zip as today's release writes it: no record versions, report 101 without the field.
    const todays = rewrite(zip, {
      report: (r) => {
        delete r.schemaVersion;
        if (r.id === 101) delete (r.extended as { vessel: Record<string, unknown> }).vessel.vmsOnBoard;
      },
      manifest: (m) => {
        for (const f of m.files) delete f.record.schemaVersion;
      },
    });
    await Promise.all([d.clear('reports'), d.clear('files')]);
    const { bundle } = await restore(todays);
    expect(bundle.reports.find((r) => r.id === 101)!.extended!.vessel.vmsOnBoard).toBeNull();
    expect(await d.get('reports', 101)).toMatchObject({ schemaVersion: 2, extended: { vessel: { vmsOnBoard: null } } });
    expect(await d.get('reports', 102)).toEqual(stamp('report', reports[1]!));
    for (const f of manifest.files) expect(await d.get('files', f.record.id)).toMatchObject({ schemaVersion: 1 });
  });
});

describe('a record stored by a newer version is left as it is', () => {
  const future = (r: Pir) => ({ ...r, schemaVersion: 99, somethingNew: { kept: true } });

  it('a report: not shown, not written over by a listing, and a newer write-ahead copy goes to IndexedDB untouched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = await db();
    const stored = future(report(511, 'inspecting', { claimedByDevice: 'TAB-A', extended: emptyExtended() }));
    await d.put('reports', stored as Pir);
    const ahead = future(report(512, 'inspecting', { claimedByDevice: 'TAB-A', inspectionComment: 'typed in the newer version' }));
    localStorage.setItem(WRITE_AHEAD_KEY, JSON.stringify([ahead]));

    const loaded = await loadReports();
    expect(loaded.map((r) => r.id)).toEqual([]);
    expect(await d.get('reports', 511)).toEqual(stored);
    expect(await d.get('reports', 512)).toEqual(ahead);
    expect(warn).toHaveBeenCalled();

    // The server's listing offers report 511: it is not stored over the newer copy.
    client.setQueryData(localKeys.reports, loaded);
    await commit({ put: [report(511, 'notready')] });
    expect(findReport(511)).toBeUndefined();
    expect(await d.get('reports', 511)).toEqual(stored);

    // A report shown here that another tab (a newer version) stores: taken off the screen, not touched.
    const shown = report(513, 'ready');
    await commit({ put: [shown] });
    await d.put('reports', future(shown) as Pir);
    await reloadReports([513]);
    expect(findReport(513)).toBeUndefined();
    expect(await d.get('reports', 513)).toEqual(future(shown));
  });

  it('a process, or a process whose report is newer: not loaded, not touched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = await db();
    const newer = { ...claimProcess(514, null), schemaVersion: 5 };
    const holdsNewer = claimProcess(515, future(report(515, 'ready')) as Pir);
    await d.put('processes', newer);
    await d.put('processes', holdsNewer);
    expect(await loadProcesses()).toEqual([]);
    expect(await d.get('processes', 'p-514')).toEqual(newer);
    expect(await d.get('processes', 'p-515')).toEqual(holdsNewer);
  });

  it('a file: not read, not touched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = await db();
    const newer = { ...fileRecord('picture:516:p1', 516, new Uint8Array([4, 5]).buffer), schemaVersion: 3 };
    await d.put('files', newer);
    expect(await getFile(newer.id)).toBeUndefined();
    expect(await d.get('files', newer.id)).toEqual(newer);
  });

  it('settings: what can be read is shown, and the stored value is never written over', async () => {
    vi.resetModules();
    const text = JSON.stringify({ ...todaySettings, schemaVersion: 2, somethingNew: 'x' });
    localStorage.setItem('settings', text);
    const { settingsStore, updateSettings } = await import('@/lib/store/settings');
    await settingsStore.checked();
    expect(settingsStore.get()).toEqual(todaySettings);
    updateSettings({ fontSize: 'large' });
    expect(settingsStore.get().fontSize).toBe('large');
    expect(localStorage.getItem('settings')).toBe(text);
  });

  it('an export holding a newer report or file record is refused, and nothing is written', async () => {
    await seed();
    const { zip } = await exportZip([101, 102]);
    const e = await expectRefused(
      rewrite(zip, {
        report: (r) => {
          if (r.id === 102) r.schemaVersion = 3;
        },
      }),
      'newerVersion',
    );
    expect(e.values.version).toBe('0.1.0');
    await expectRefused(
      rewrite(zip, {
        manifest: (m) => {
          m.files[0]!.record.schemaVersion = 2;
        },
      }),
      'newerVersion',
    );
  });
});
