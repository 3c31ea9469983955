import 'fake-indexeddb/auto';
import { strFromU8, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { db } from '@/lib/local-data/db';
import { contentBytes, contentSize } from '@/lib/local-data/file-content';
import { planRestore } from '@/features/export/model/restore-plan';
import { writeRestore } from '@/features/export/data/restore-write';
import { readExport, RestoreError, type RestoreErrorCode } from '@/features/export/model/zip-reader';
import { migrate, stamp } from '@/lib/local-data/record-versions';
import { applyTransition } from '@/lib/lifecycle/transitions';
import { reportGroup } from '@/lib/reports/groups';
import type { Manifest } from '@/features/export/model/manifest';
import { editManifest, expectRefused, exportZip, fileRecord, jpegBytes, LIMITS, restore, rezip, seed, snapshot, VERSIONS } from './export-helpers';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function emptyTablet() {
  const d = await db();
  await Promise.all([d.clear('reports'), d.clear('files'), d.clear('processes'), d.clear('meta')]);
}

describe('export then restore', () => {
  it('gives back the same reports and the same file bytes', async () => {
    const { reports, files } = await seed();
    const { zip } = await exportZip([101, 102]);
    await emptyTablet();
    const { result } = await restore(zip);
    expect(result).toEqual({ reportIds: [101, 102], files: 4, kept: 0, dropped: 0, heldByOthers: 0 });
    const d = await db();
    // Stored as this version stores them: with their record version.
    expect(await d.get('reports', 101)).toEqual(stamp('report', reports[0]!));
    expect(await d.get('reports', 102)).toEqual(stamp('report', reports[1]!));
    for (const f of files) {
      const back = await d.get('files', f.id);
      expect(back, f.id).toBeDefined();
      expect(sha(new Uint8Array(await contentBytes(back!.content!)))).toBe(sha(new Uint8Array(await contentBytes(f.content!))));
      expect({ ...back, content: null }).toEqual({ ...stamp('file', f), content: null });
    }
  });

  it('replaces the tablet’s copy of a report, and drops that copy’s files the export does not carry', async () => {
    await seed();
    const { zip } = await exportZip([101]);
    const d = await db();
    // After the export the inspector went on: a new picture and a new finding.
    await d.put('files', fileRecord('picture:101:later', 101, jpegBytes(16, 16), { contentType: 'image/jpeg' }));
    const later = { ...(await d.get('reports', 101))!, lastUpdateDate: '2026-11-22T08:00:00.000Z', status: 'signing' as const };
    await d.put('reports', later);
    const { bundle, result } = await (async () => {
      const bundle = await readExport(zip, VERSIONS, LIMITS, migrate);
      const plan = planRestore(bundle.manifest, [later], 'TAB-A', 7);
      expect(plan.items).toEqual([
        expect.objectContaining({ id: 101, status: 'inspecting', heldElsewhere: false, files: 2, replaces: { status: 'signing', lastUpdateDate: later.lastUpdateDate, newer: true } }),
      ]);
      return { bundle, result: await writeRestore(d, bundle) };
    })();
    expect(bundle.reports[0]!.status).toBe('inspecting');
    expect(result.dropped).toBe(1);
    expect(await d.get('files', 'picture:101:later')).toBeUndefined();
    expect((await d.get('reports', 101))!.status).toBe('inspecting');
    // The other report was not in the export: untouched.
    expect(await d.get('reports', 102)).toBeDefined();
    expect(await d.getAllKeysFromIndex('files', 'byPir', 102)).toHaveLength(2);
  });

  it('a reduced picture never replaces the full-size copy the tablet holds; on an empty tablet it is restored', async () => {
    await seed();
    const reduce = async (bytes: Uint8Array) => ({ bytes: bytes.slice(0, 100), width: 32, height: 24 });
    const { zip, manifest } = await exportZip([101], { quality: 30, maxSize: 500 }, reduce);
    const picture = manifest.files.find((f) => f.record.id === 'picture:101:p1')!;
    expect(picture.original).toEqual({ size: expect.any(Number), width: 64, height: 48 });
    expect(picture.record).toMatchObject({ width: 32, height: 24, size: 100, contentType: 'image/jpeg' });
    // The PNG signature is never turned into a JPEG.
    expect(manifest.files.find((f) => f.record.id.startsWith('signature:'))!.original).toBeNull();

    const before = (await (await db()).get('files', 'picture:101:p1'))!.content!;
    const { result } = await restore(zip);
    expect(result.kept).toBe(1);
    expect(sha(new Uint8Array(await contentBytes((await (await db()).get('files', 'picture:101:p1'))!.content!)))).toBe(sha(new Uint8Array(await contentBytes(before))));

    await emptyTablet();
    const again = await restore(zip);
    expect(again.result.kept).toBe(0);
    expect(contentSize((await (await db()).get('files', 'picture:101:p1'))!.content!)).toBe(100);
  });

  it('keeps a reduced picture as it was when re-encoding would not make it smaller', async () => {
    await seed();
    const grow = async (bytes: Uint8Array) => ({ bytes: new Uint8Array(bytes.length + 10), width: 64, height: 48 });
    const { manifest } = await exportZip([101], { quality: 90, maxSize: 3000 }, grow);
    expect(manifest.files.find((f) => f.record.id === 'picture:101:p1')!.original).toBeNull();
  });

  it('a report restored onto another device keeps its claimedByDevice: shown as held by the other device, reclaim needed', async () => {
    await seed();
    const { zip } = await exportZip([101]);
    await emptyTablet();
    // Tablet TAB-B restores TAB-A's export.
    const bundle = await readExport(zip, VERSIONS, LIMITS, migrate);
    const plan = planRestore(bundle.manifest, [], 'TAB-B', 7);
    expect(plan.items[0]).toMatchObject({ id: 101, claimedByDevice: 'TAB-A', heldElsewhere: true, replaces: null });
    await writeRestore(await db(), bundle);
    const restored = (await (await db()).get('reports', 101))!;
    expect(restored.claimedByDevice).toBe('TAB-A');
    expect(restored.status).toBe('inspecting');
    expect(reportGroup(restored, 'TAB-B')).toBe('claimedByOthers');
    expect(reportGroup(restored, 'TAB-A')).toBe('inspecting');
    // Only a reclaim makes it this tablet's; it keeps the inspector's entries.
    const reclaimed = applyTransition(restored, { type: 'reclaim', device: 'TAB-B' }, new Date());
    expect(reclaimed.ok && reclaimed.report.claimedByDevice).toBe('TAB-B');
    expect(reclaimed.ok && reclaimed.report.extended?.pir.findingsByInspector).toBe('Hold 3 at −18 °C, logbook p.12 missing');
  });

  it('takes restored reports off the archived list', async () => {
    await seed();
    const { zip } = await exportZip([101]);
    await (await db()).put('meta', [101, 555], 'archived');
    await restore(zip);
    expect(await (await db()).get('meta', 'archived')).toEqual([555]);
  });

  it('says who exported, and when the export comes from another user', async () => {
    await seed();
    const { manifest } = await exportZip([101, 102]);
    const plan = planRestore(manifest, [], 'TAB-A', 8);
    expect(plan).toMatchObject({ device: 'TAB-A', userName: 'Amina Hoareau', otherUser: true, files: 4, reducedPictures: 0, createdAt: '2026-11-21T10:30:00.000Z' });
    expect(planRestore(manifest, [], 'TAB-A', 7).otherUser).toBe(false);
  });
});

describe('restore refuses, and writes nothing', () => {
  async function refused(zip: Uint8Array, code: RestoreErrorCode) {
    await seed();
    return expectRefused(zip, code);
  }

  async function valid(): Promise<{ zip: Uint8Array; manifest: Manifest }> {
    await seed();
    return exportZip([101, 102]);
  }

  it('a file that is not a zip', async () => {
    await refused(new TextEncoder().encode('%PDF-1.4 not an export at all'), 'notZip');
    await refused(new Uint8Array(0), 'notZip');
  });

  it('a truncated zip', async () => {
    const { zip } = await valid();
    await refused(zip.slice(0, Math.floor(zip.length * 0.6)), 'damaged');
    await refused(zip.slice(0, zip.length - 10), 'damaged');
  });

  it('a zip without manifest', async () => {
    const { zip } = await valid();
    await refused(
      rezip(zip, (e) => {
        delete e['manifest.json'];
      }),
      'noManifest',
    );
    await refused(zipSync({}), 'noManifest');
  });

  it('a manifest that is not one of ours', async () => {
    await refused(zipSync({ 'manifest.json': strToU8('{"name":"some other app"}') }), 'badManifest');
    await refused(zipSync({ 'manifest.json': strToU8('{not json') }), 'badManifest');
  });

  it('a file listed but missing', async () => {
    const { zip, manifest } = await valid();
    const path = manifest.files[0]!.path;
    const e = await refused(
      rezip(zip, (entries) => {
        delete entries[path];
      }),
      'missingEntry',
    );
    expect(e.values.path).toBe(path);
  });

  it('a file whose bytes changed (hash mismatch)', async () => {
    const { zip, manifest } = await valid();
    const path = manifest.files.find((f) => f.record.contentType === 'image/jpeg')!.path;
    const e = await refused(
      rezip(zip, (entries) => {
        const b = entries[path]!;
        const at = Math.floor(b.length / 2);
        b[at] = b[at]! ^ 0xff;
      }),
      'hashMismatch',
    );
    expect(e.values.path).toBe(path);
  });

  it('bytes flipped in the middle of the zip itself', async () => {
    const { zip } = await valid();
    const bad = zip.slice();
    const middle = Math.floor(bad.length / 2);
    for (let i = middle; i < middle + 8; i++) bad[i] = bad[i]! ^ 0xff;
    await seed();
    const before = await snapshot();
    await expect(restore(bad)).rejects.toBeInstanceOf(RestoreError);
    expect(await snapshot()).toEqual(before);
  });

  it('an export from a newer version of the app', async () => {
    const { zip } = await valid();
    const e = await refused(
      editManifest(zip, (m) => {
        m.formatVersion = 2;
        m.appVersion = '9.0.0';
      }),
      'newerVersion',
    );
    expect(e.values.version).toBe('9.0.0');
    await refused(
      editManifest(zip, (m) => {
        m.schema = { db: 99, cache: 1 };
      }),
      'newerVersion',
    );
    await refused(
      editManifest(zip, (m) => {
        m.schema = { db: 1, cache: 99 };
      }),
      'newerVersion',
    );
  });

  it('a report that fails the contract (its hash right)', async () => {
    const { zip } = await valid();
    const bad = rezip(zip, (entries) => {
      const report = JSON.parse(strFromU8(entries['reports/101.json']!)) as Record<string, unknown>;
      report.status = 'lost-at-sea';
      const bytes = strToU8(JSON.stringify(report));
      entries['reports/101.json'] = bytes;
      const m = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
      const line = m.reports.find((r) => r.id === 101)!;
      line.size = bytes.length;
      line.sha256 = sha(bytes);
      entries['manifest.json'] = strToU8(JSON.stringify(m));
    });
    const e = await refused(bad, 'badReport');
    expect(e.values).toMatchObject({ id: 101, field: 'status' });
  });

  it('a path outside the export’s folders (path traversal) or an entry the manifest does not list', async () => {
    const { zip } = await valid();
    for (const name of ['../evil.sh', '/etc/cron.d/x', 'files/101/../../x', 'reports\\..\\x.json', 'files/101/001-a/b']) {
      const e = await refused(
        rezip(zip, (entries) => {
          entries[name] = strToU8('boo');
        }),
        'unexpectedPath',
      );
      expect(e.values.path).toBe(name);
    }
    await refused(
      rezip(zip, (entries) => {
        entries['files/101/099-extra.bin'] = strToU8('not listed');
      }),
      'unexpectedPath',
    );
  });

  it('an entry whose size differs from the manifest', async () => {
    const { zip, manifest } = await valid();
    const path = manifest.files[0]!.path;
    await refused(
      rezip(zip, (entries) => {
        entries[path] = new Uint8Array([...entries[path]!, 1, 2, 3]);
      }),
      'sizeMismatch',
    );
  });
});
