/**
 * A restore file made to harm (issue 31 item 10): it never puts a file under another report, never
 * overwrites another report's file, never unpacks more than the tablet can hold, and a file that
 * hides who made it is shown as such. Nothing is written when it is refused.
 */
import 'fake-indexeddb/auto';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/local-data/db';
import { contentBytes } from '@/lib/local-data/file-content';
import { planRestore } from '@/features/export/model/restore-plan';
import { readExport } from '@/features/export/model/zip-reader';
import { migrate } from '@/lib/local-data/record-versions';
import type { Manifest } from '@/features/export/model/manifest';
import { editManifest, expectRefused, exportZip, fileRecord, LIMITS, restore, rezip, seed, VERSIONS } from './export-helpers';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const refused = expectRefused;

/** Re-keys one file of the export, its manifest line kept true otherwise. */
function rekey(zip: Uint8Array, from: string, to: string): Uint8Array {
  return editManifest(zip, (m) => {
    const line = (m as unknown as Manifest).files.find((f) => f.record.id === from)!;
    line.record.id = to;
    line.record.url = to;
  });
}

const bytesOf = async (id: string) => {
  const f = await (await db()).get('files', id);
  return f?.content ? sha(new Uint8Array(await contentBytes(f.content))) : null;
};

describe('a hostile restore file', () => {
  it('a file filed under another report’s key (report 101’s picture named in report 102) is refused whole', async () => {
    await seed();
    const { zip } = await exportZip([102]);
    const e = await refused(rekey(zip, 'remote:/be/files/notes', 'picture:101:p1'), 'foreignFile');
    expect(e.values).toMatchObject({ title: expect.any(String) as string });
    expect(String(e.values.path)).toMatch(/^files\/102\//);
    // A signature, a page: the same; and a key the app never makes.
    await refused(rekey(zip, 'remote:/be/files/notes', 'signature:101:master:x'), 'foreignFile');
    await refused(rekey(zip, 'remote:/be/files/notes', 'attachment-page:7:a:b'), 'foreignFile');
    await refused(rekey(zip, 'remote:/be/files/notes', 'settings'), 'foreignFile');
  });

  it('a download another report holds under the same key is never overwritten; the restored report still opens it', async () => {
    await seed();
    const { zip } = await exportZip([102]);
    const d = await db();
    // After the export: report 102 is gone from the tablet, and report 101 holds that document now.
    await d.delete('reports', 102);
    for (const k of await d.getAllKeysFromIndex('files', 'byPir', 102)) await d.delete('files', k);
    const mine = new TextEncoder().encode('%PDF-1.4\n% report 101’s own copy\n%%EOF\n');
    await d.put('files', fileRecord('remote:/be/files/AUTF_25.pdf', 101, mine.slice().buffer, { type: 'pdf', contentType: 'application/pdf' }));

    const { result } = await restore(zip);
    expect(result).toMatchObject({ reportIds: [102], files: 1, heldByOthers: 1 });
    const held = (await d.get('files', 'remote:/be/files/AUTF_25.pdf'))!;
    expect(held.pirId).toBe(101);
    expect(await bytesOf('remote:/be/files/AUTF_25.pdf')).toBe(sha(mine));
    expect(await d.get('reports', 102)).toBeDefined();
  });

  it('a download the report no longer offers is checked and left out; the rest is restored', async () => {
    await seed();
    const { zip } = await exportZip([102]);
    const d = await db();
    await d.clear('files');
    const { bundle, result } = await restore(rekey(zip, 'remote:/be/files/notes', 'remote:/be/files/someone-elses'));
    expect(bundle.notOffered).toBe(1);
    expect(result.files).toBe(1);
    expect(await d.get('files', 'remote:/be/files/someone-elses')).toBeUndefined();
    expect(await d.get('files', 'remote:/be/files/AUTF_25.pdf')).toBeDefined();
  });

  it('a zip that unpacks to more than the tablet can hold is refused before anything is unpacked', async () => {
    await seed();
    const { zip } = await exportZip([101, 102]);
    // 8 MB of zeros, listed truthfully, in a zip of a few kilobytes.
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const bomb = rezip(zip, (entries) => {
      const m = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
      const line = m.files.find((f) => f.record.id === 'remote:/be/files/notes')!;
      entries[line.path] = zeros;
      line.size = zeros.length;
      line.record.size = zeros.length;
      line.sha256 = sha(zeros);
      entries['manifest.json'] = strToU8(JSON.stringify(m));
    });
    const packed = zipSync(
      Object.fromEntries(Object.entries((await import('fflate')).unzipSync(bomb)).map(([k, v]) => [k, [v, { level: 9 }]])) as Parameters<typeof zipSync>[0],
    );
    expect(packed.length).toBeLessThan(200 * 1024);
    const e = await refused(packed, 'tooLarge', { maxUnpackedBytes: 4 * 1024 * 1024 });
    expect(Number(e.values.size)).toBeGreaterThan(8 * 1024 * 1024);
    expect(e.values.free).toBe(4 * 1024 * 1024);
    // With the room, the same file is restored.
    const { result } = await restore(packed, { maxUnpackedBytes: 16 * 1024 * 1024 });
    expect(result.reportIds).toEqual([101, 102]);
  });

  it('a file that names no user, or another user, is shown as not the inspector’s own', async () => {
    await seed();
    const { zip } = await exportZip([101]);
    const noUser = await readExport(
      editManifest(zip, (m) => {
        m.user = null;
      }),
      VERSIONS,
      LIMITS,
      migrate,
    );
    expect(planRestore(noUser.manifest, [], 'TAB-A', 7)).toMatchObject({ userName: null, otherUser: true });
    const other = await readExport(zip, VERSIONS, LIMITS, migrate);
    expect(planRestore(other.manifest, [], 'TAB-A', 8)).toMatchObject({ userName: 'Amina Hoareau', otherUser: true });
    expect(planRestore(other.manifest, [], 'TAB-A', 7)).toMatchObject({ otherUser: false });
  });
});
