import 'fake-indexeddb/auto';
import jpeg from 'jpeg-js';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { Pir } from '@/lib/contract';
import { db, DB_VERSION, type StoredFileRecord } from '@/lib/local-data/db';
import { exportSource } from '@/features/export/data/local-source';
import { contentBytes, contentSize, type FileContent } from '@/lib/local-data/file-content';
import { migrate } from '@/lib/local-data/record-versions';
import type { Manifest } from '@/features/export/model/manifest';
import { expect } from 'vitest';
import { readExport, RestoreError, type AppVersions, type RestoreErrorCode, type RestoreLimits } from '@/features/export/model/zip-reader';
import { writeRestore } from '@/features/export/data/restore-write';
import { buildExport, type ExportSettings, type ImageReducer } from '@/features/export/data/zip-writer';
import { CACHE_SCHEMA_VERSION } from '@/lib/query/persister';
import { emptyExtended, report } from './fixtures/report';

export const VERSIONS: AppVersions = { db: DB_VERSION, cache: CACHE_SCHEMA_VERSION };
/** A tablet with a gigabyte free. */
export const LIMITS: RestoreLimits = { maxUnpackedBytes: 1024 * 1024 * 1024 };

function settings(over: Partial<ExportSettings> = {}): ExportSettings {
  return {
    quality: 100,
    maxSize: 3000,
    appVersion: '0.1.0',
    schema: { db: DB_VERSION, cache: CACHE_SCHEMA_VERSION },
    device: 'TAB-A',
    user: { id: 7, name: 'Amina Hoareau' },
    createdAt: new Date('2026-11-21T10:30:00.000Z'),
    ...over,
  };
}

export function jpegBytes(width: number, height: number, quality = 70): ArrayBuffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4) % 251;
    data[i + 1] = (i / 7) % 241;
    data[i + 2] = 90;
    data[i + 3] = 255;
  }
  const out = jpeg.encode({ data, width, height }, quality).data;
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
}

export function fileRecord(id: string, pirId: number, content: FileContent, over: Partial<StoredFileRecord> = {}): StoredFileRecord {
  return {
    id,
    url: id,
    date: '2026-11-21T09:00:00.000Z',
    content,
    width: null,
    height: null,
    filename: 'file.bin',
    type: 'other',
    size: contentSize(content),
    pirId,
    contentType: 'application/octet-stream',
    ...over,
  };
}

/** Two reports of device TAB-A, with a picture, a signature (PNG-like bytes), a PDF and a remote file. */
export async function seed(): Promise<{ reports: Pir[]; files: StoredFileRecord[] }> {
  const d = await db();
  await Promise.all([d.clear('reports'), d.clear('files'), d.clear('processes'), d.clear('meta')]);
  const a = report(101, 'inspecting', {
    claimedByDevice: 'TAB-A',
    extended: { ...emptyExtended(), pir: { ...emptyExtended().pir, findingsByInspector: 'Hold 3 at −18 °C, logbook p.12 missing' } },
    inspectionstatus: { findings: true },
  });
  // The report offers the two documents the tablet downloaded for it.
  const b = report(102, 'readytosubmit', {
    claimedByDevice: 'TAB-A',
    extended: emptyExtended(),
    fileAttachements: [
      { id: 25, name: 'AUTF 25.pdf', contentType: 'application/pdf', documentTag: null, downloadLink: '/be/files/AUTF_25.pdf' },
      { id: 26, name: 'notes.json', contentType: 'application/json', documentTag: null, downloadLink: '/be/files/notes' },
    ],
  });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 244, 0, 0, 0, 200, 1, 2, 3]);
  const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny document\n%%EOF\n');
  const files = [
    fileRecord('picture:101:p1', 101, jpegBytes(64, 48), { filename: 'picture_p1.jpg', type: 'image', contentType: 'image/jpeg', width: 64, height: 48 }),
    fileRecord('signature:101:master:s1', 101, png.slice().buffer, { filename: 'signature_master.png', type: 'image', contentType: 'image/png' }),
    // Downloaded files are stored as Blobs (lib/api/transfer.ts), what the tablet made as bytes.
    fileRecord('remote:/be/files/AUTF_25.pdf', 102, new Blob([pdf]), { filename: '../../AUTF 25.pdf', type: 'pdf', contentType: 'application/pdf' }),
    fileRecord('remote:/be/files/notes', 102, new Blob([new TextEncoder().encode('{"a":1}'.repeat(200))]), { filename: 'notes.json', contentType: 'application/json' }),
  ];
  const tx = d.transaction(['reports', 'files'], 'readwrite');
  await Promise.all([tx.objectStore('reports').put(a), tx.objectStore('reports').put(b), ...files.map((f) => tx.objectStore('files').put(f)), tx.done]);
  return { reports: [a, b], files };
}

export async function exportZip(ids: number[], over: Partial<ExportSettings> = {}, reduce?: ImageReducer): Promise<{ zip: Uint8Array; manifest: Manifest }> {
  const built = await buildExport(await exportSource(await db(), ids), settings(over), { reduce });
  const zip = new Uint8Array(built.size);
  let at = 0;
  for (const c of built.chunks) {
    zip.set(c, at);
    at += c.length;
  }
  return { zip, manifest: built.manifest };
}

/** Everything in the tablet's database, bytes as arrays, for before/after comparisons. */
export async function snapshot(): Promise<unknown> {
  const d = await db();
  const files = await Promise.all((await d.getAll('files')).map(async (f) => ({ ...f, content: f.content ? [...new Uint8Array(await contentBytes(f.content))] : null })));
  return { reports: await d.getAll('reports'), files, processes: await d.getAll('processes'), meta: await d.getAll('meta') };
}

/** Unpacks a zip, lets the test change it, packs it again (stored entries). */
export function rezip(zip: Uint8Array, change: (entries: Record<string, Uint8Array>) => void): Uint8Array {
  const entries = unzipSync(zip);
  change(entries);
  const out: Zippable = {};
  for (const [k, v] of Object.entries(entries)) out[k] = [v, { level: 0 }];
  return zipSync(out);
}

export function editManifest(zip: Uint8Array, change: (m: Record<string, unknown>) => void): Uint8Array {
  return rezip(zip, (entries) => {
    const m = JSON.parse(strFromU8(entries['manifest.json']!)) as Record<string, unknown>;
    change(m);
    entries['manifest.json'] = strToU8(JSON.stringify(m));
  });
}

/** What the restore dialog does: check everything, then write in one transaction. */
export async function restore(zip: Uint8Array, limits: RestoreLimits = LIMITS) {
  const bundle = await readExport(zip, VERSIONS, limits, migrate);
  return { bundle, result: await writeRestore(await db(), bundle) };
}

/** A restore refused with `code`, and nothing on the tablet changed. */
export async function expectRefused(zip: Uint8Array, code: RestoreErrorCode, limits: RestoreLimits = LIMITS): Promise<RestoreError> {
  const before = await snapshot();
  const error = await restore(zip, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RestoreError);
  expect((error as RestoreError).code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return error as RestoreError;
}
