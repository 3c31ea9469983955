/**
 * Data directories for the benchmarks' servers (always under /tmp): the demo accounts, N listing
 * reports shaped like the demo's (same documents and pictures, generated identities), and
 * optionally "big" reports of 40 pictures and 5 PDFs (about 100 MB) for preparing and submitting.
 *
 * No demo report is kept: a demo report held by the benchmark's tablet would be downloaded in the
 * background and disturb every measurement.
 */
import fs from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { downloadLink, type Pir, type PortEntry, type RemoteDocument, type SubmittedForm, type VesselPicture } from '../../lib/contract/index';
import { readBlob } from '../../server/db/blob-store';
import { putBlob, sha256Hex } from '../../server/db/files';
import { insertReport, type ReportDoc, type ReportRow } from '../../server/db/reports';
import { openDb, type DB } from '../../server/db/schema';
import { addUser } from '../../server/db/users';
import { ReferenceStore } from '../../server/reference';
import { DEMO_USERS, seedDemoData } from '../../server/seed/index';
import { generateReports, prng } from '../search/generate';
import { ROOT, rmrf, tmpDir } from './common';

export const BENCH_USER = DEMO_USERS[0]!;
export const OTHER_USER = DEMO_USERS[1]!;

/** Ids of the big reports: prepare targets first, then the copies held by the benchmark tablet for submitting. */
const BIG_ID_BASE = 90_001;
const BIG_PENDING_BASE = 790_001;
export const LISTING_ID_BASE = 100_000;

export interface SeedSpec {
  /** listing reports (not claimed by the benchmark tablet) */
  reports: number;
  /** big reports (40 pictures + 5 PDFs on the server), not claimed: prepare targets */
  bigToPrepare?: number;
  /** reports held by the benchmark tablet, being inspected, without server files: to be submitted */
  toSubmit?: number;
  /** share of listing reports that are notready and unclaimed (the rest: other statuses, held by other tablets) */
  notreadyShare?: number;
}

export interface SeedInfo {
  dir: string;
  listingIds: number[];
  bigIds: number[];
  submitIds: number[];
  /** bytes of the files a big report offers */
  bigBytes: number;
  bigFiles: number;
  ms: number;
}

interface Template {
  doc: ReportDoc;
  extended: string;
  files: { id: number; kind: string; name: string; content_type: string; size: number; sha256: string; report_id: number | null; created_at: string; data: Buffer }[];
}

let templateCache: Template | null = null;

/** One demo report (notready, with pictures, forms, a RAR and its attachments) as the model of all listing reports. */
async function template(): Promise<Template> {
  if (templateCache) return templateCache;
  const scratch = tmpDir('scratch');
  try {
    const db = openDb(scratch);
    await seedDemoData(db, new ReferenceStore(), { seed: 2026, today: new Date() });
    const rows = db.prepare("SELECT * FROM reports WHERE status = 'notready' AND claimed_by_device IS NULL ORDER BY id").all() as ReportRow[];
    // the richest unclaimed notready report: most files
    const score = (r: ReportRow) => (db.prepare('SELECT COUNT(*) AS n FROM files WHERE report_id = ?').get(r.id) as { n: number }).n;
    const row = rows.sort((a, b) => score(b) - score(a))[0]!;
    // A blob's bytes are on disk (the blobs table's data column is empty then): read them from the store.
    const files = (db.prepare('SELECT * FROM files WHERE report_id = ?').all(row.id) as Omit<Template['files'][number], 'data'>[]).map((f) => {
      const data = readBlob(db, f.sha256);
      if (!data || data.byteLength !== f.size) throw new Error(`the demo file ${f.id} has ${data?.byteLength ?? 0} bytes, not ${f.size}`);
      return { ...f, data };
    });
    templateCache = { doc: JSON.parse(row.doc) as ReportDoc, extended: row.extended, files };
    db.close();
    return templateCache;
  } finally {
    rmrf(scratch);
  }
}

/** A JPEG of the size an inspector's tablet stores (3000 × 2250 at quality 70, about 1.8 MB): noisy, so it does not compress. */
export function makeJpeg(width: number, height: number, seed: number, quality = 70): Uint8Array {
  const rnd = prng(seed);
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const n = rnd() * 60;
      data[i] = (x / width) * 180 + n;
      data[i + 1] = (y / height) * 160 + n;
      data[i + 2] = 120 + n;
      data[i + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, quality).data);
}

/** The same picture with a different comment segment: other bytes (and hash), same size class, still a valid JPEG. */
function jpegVariant(base: Uint8Array, tag: string): Uint8Array {
  const text = Buffer.from(`bench ${tag}`, 'latin1');
  const seg = Buffer.alloc(4 + text.length);
  seg[0] = 0xff;
  seg[1] = 0xfe;
  seg.writeUInt16BE(text.length + 2, 2);
  text.copy(seg, 4);
  return new Uint8Array(Buffer.concat([base.subarray(0, 2), seg, base.subarray(2)]));
}

async function makePdf(pages: Uint8Array[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  for (const bytes of pages) {
    const img = await pdf.embedJpg(bytes);
    const page = pdf.addPage([595.28, 841.89]);
    const scale = Math.min(595.28 / img.width, 841.89 / img.height);
    page.drawImage(img, { x: 0, y: 0, width: img.width * scale, height: img.height * scale });
  }
  return pdf.save();
}

let bigCache: { pictures: Uint8Array[]; pdfs: Uint8Array[] } | null = null;

/** 40 pictures of ~1.8 MB and 5 PDFs of two such pages (~3.7 MB): about 90–100 MB. */
export async function bigFiles(): Promise<{ pictures: Uint8Array[]; pdfs: Uint8Array[] }> {
  if (bigCache) return bigCache;
  const cacheDir = path.join(ROOT, 'bench', '.data', 'big-files-v1');
  if (fs.existsSync(path.join(cacheDir, 'done'))) {
    const read = (f: string) => new Uint8Array(fs.readFileSync(path.join(cacheDir, f)));
    bigCache = {
      pictures: Array.from({ length: 40 }, (_, i) => read(`p${i}.jpg`)),
      pdfs: Array.from({ length: 5 }, (_, i) => read(`d${i}.pdf`)),
    };
    return bigCache;
  }
  const bases = [makeJpeg(3000, 2250, 11), makeJpeg(3000, 2250, 12), makeJpeg(2250, 3000, 13), makeJpeg(3000, 2250, 14)];
  const pictures = Array.from({ length: 40 }, (_, i) => jpegVariant(bases[i % bases.length]!, `picture ${i}`));
  const pdfs: Uint8Array[] = [];
  for (let i = 0; i < 5; i++) pdfs.push(await makePdf([jpegVariant(bases[i % 4]!, `pdf ${i} page 1`), jpegVariant(bases[(i + 1) % 4]!, `pdf ${i} page 2`)], `Document ${i + 1}`));
  fs.mkdirSync(cacheDir, { recursive: true });
  pictures.forEach((p, i) => fs.writeFileSync(path.join(cacheDir, `p${i}.jpg`), p));
  pdfs.forEach((p, i) => fs.writeFileSync(path.join(cacheDir, `d${i}.pdf`), p));
  fs.writeFileSync(path.join(cacheDir, 'done'), '');
  bigCache = { pictures, pdfs };
  return bigCache;
}

function insertFile(db: DB, f: { id?: number; kind: string; name: string; contentType: string; bytes: Uint8Array; reportId: number | null; createdAt: string }): number {
  const sha = putBlob(db, f.bytes, sha256Hex(f.bytes));
  const info = db
    .prepare('INSERT INTO files (id, kind, name, content_type, size, sha256, report_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(f.id ?? null, f.kind, f.name, f.contentType, f.bytes.byteLength, sha, f.reportId, f.createdAt);
  return Number(info.lastInsertRowid);
}

const DAY = 86_400_000;

/** Creates the data directory `dir` (which must not hold a database yet). */
export async function seedBenchData(dir: string, spec: SeedSpec): Promise<SeedInfo> {
  const t0 = performance.now();
  const tpl = await template();
  fs.mkdirSync(dir, { recursive: true });
  const db = openDb(dir);
  try {
    for (const u of DEMO_USERS) await addUser(db, { username: u.username, name: u.name, deviceName: u.deviceName, password: u.password });

    const info: SeedInfo = { dir, listingIds: [], bigIds: [], submitIds: [], bigBytes: 0, bigFiles: 0, ms: 0 };
    const ports = (JSON.parse(fs.readFileSync(path.join(ROOT, 'server/reference-data/data/designatedPort.json'), 'utf8')) as PortEntry[]).filter((p) => p.disabled === 0);
    const today = new Date();
    const shift = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - Date.UTC(2026, 10, 22);
    const moved = (iso: string | null) => (iso ? new Date(Date.parse(iso) + shift).toISOString() : null);
    const rnd = prng(7);

    db.transaction(() => {
      // the template's files keep their ids, so the template's download links stay valid
      for (const f of tpl.files) {
        putBlob(db, f.data, f.sha256);
        db.prepare('INSERT INTO files (id, kind, name, content_type, size, sha256, report_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
          f.id,
          f.kind,
          f.name,
          f.content_type,
          f.size,
          f.sha256,
          null,
          f.created_at,
        );
      }
      const generated = generateReports(spec.reports, ports.map((p) => p.id), 2026);
      const others = [OTHER_USER.deviceName, DEMO_USERS[2]!.deviceName];
      for (const [i, g] of generated.entries()) {
        const id = LISTING_ID_BASE + i;
        const notready = rnd() < (spec.notreadyShare ?? 0.6);
        const status: Pir['status'] = notready ? 'notready' : g.status === 'notready' || g.status === 'claimed' ? 'submitted' : g.status;
        const held = status !== 'notready' && status !== 'submitted';
        const doc: ReportDoc = {
          ...tpl.doc,
          id,
          fileId: id,
          code: g.code,
          createDate: moved(g.createDate)!,
          vesselIdentity: g.vesselIdentity,
          offlinePendingForms: [{ id: 700_000 + i, name: `PIR ${g.code}`, typeOfForm: 'PIR' }],
          portOfArrival: g.portOfArrival,
          startOfInspection: moved(g.startOfInspection),
          expectedArrival: moved(g.expectedArrival),
          inspectionComment: null,
        };
        insertReport(db, {
          id,
          pendingFormId: 700_000 + i,
          status,
          claimedByDevice: held ? others[i % 2]! : null,
          lifecycle: {},
          doc,
          extended: JSON.parse(tpl.extended),
          updatedAt: moved(g.lastUpdateDate)!,
        });
        info.listingIds.push(id);
      }
    })();

    if (spec.bigToPrepare || spec.toSubmit) {
      const big = await bigFiles();
      const base: ReportDoc = { ...tpl.doc, vesselPictures: [], submitedForms: [], fileAttachements: [], rarLink: null };
      const now = new Date(today.getTime() - DAY).toISOString();
      db.transaction(() => {
        for (let k = 0; k < (spec.bigToPrepare ?? 0); k++) {
          const id = BIG_ID_BASE + k;
          const code = `PIR-BIG-${new Date().getUTCFullYear()}-${String(k + 1).padStart(4, '0')}`;
          const pictures: VesselPicture[] = big.pictures.map((bytes, p) => {
            const fid = insertFile(db, { kind: 'pictures', name: `PWHO_big_${k}_${p + 1}.jpg`, contentType: 'image/jpeg', bytes: jpegVariant(bytes, `report ${k}`), reportId: id, createdAt: now });
            return { id: fid, contentType: 'image/jpeg', description: `Picture ${p + 1} of ${code}`, photoTakingDate: now, tagId: null, tagName: 'PWHO', downloadLink: downloadLink('pictures', fid) };
          });
          const doc = (p: number, kind: 'documents' | 'attachments', name: string) =>
            insertFile(db, { kind, name, contentType: 'application/pdf', bytes: Buffer.concat([big.pdfs[p]!, Buffer.from(`\n%bench ${k}\n`)]), reportId: id, createdAt: now });
          const rarId = doc(0, 'documents', `RAR_${code}.pdf`);
          const forms: SubmittedForm[] = (['AREP', 'RAIAREP'] as const).map((type, j) => {
            const fid = doc(1 + j, 'documents', `${type}_${code}.pdf`);
            return { id: 3001 + k * 10 + j, name: `${type} ${code}`, typeOfForm: type, contentType: 'application/pdf', attachments: [], submitDate: now, downloadLink: downloadLink('documents', fid) };
          });
          const attachments: RemoteDocument[] = [3, 4].map((p) => {
            const fid = doc(p, 'attachments', `CRLI_${code}_${p}.pdf`);
            return { id: fid, name: `Crew list ${p}.pdf`, contentType: 'application/pdf', documentTag: 'CRLI', downloadLink: downloadLink('attachments', fid) };
          });
          insertReport(db, {
            id,
            pendingFormId: BIG_PENDING_BASE + k,
            status: 'notready',
            claimedByDevice: null,
            lifecycle: {},
            doc: {
              ...base,
              id,
              fileId: id,
              code,
              offlinePendingForms: [{ id: BIG_PENDING_BASE + k, name: `PIR ${code}`, typeOfForm: 'PIR' }],
              vesselPictures: pictures,
              submitedForms: forms,
              fileAttachements: attachments,
              rarLink: { name: `RAR_${code}.pdf`, downloadLink: downloadLink('documents', rarId), contentType: 'application/pdf' },
              vesselIdentity: { ...base.vesselIdentity, vesselName: `Big Report ${k + 1}` },
            },
            extended: JSON.parse(tpl.extended),
            updatedAt: now,
          });
          info.bigIds.push(id);
        }
        for (let k = 0; k < (spec.toSubmit ?? 0); k++) {
          const id = BIG_ID_BASE + 500 + k;
          const code = `PIR-SUB-${new Date().getUTCFullYear()}-${String(k + 1).padStart(4, '0')}`;
          insertReport(db, {
            id,
            pendingFormId: BIG_PENDING_BASE + 500 + k,
            status: 'inspecting',
            claimedByDevice: BENCH_USER.deviceName,
            lifecycle: {},
            doc: {
              ...base,
              id,
              fileId: id,
              code,
              offlinePendingForms: [{ id: BIG_PENDING_BASE + 500 + k, name: `PIR ${code}`, typeOfForm: 'PIR' }],
              vesselIdentity: { ...base.vesselIdentity, vesselName: `Submit Report ${k + 1}` },
            },
            extended: JSON.parse(tpl.extended),
            updatedAt: now,
          });
          info.submitIds.push(id);
        }
      })();
      info.bigFiles = big.pictures.length + big.pdfs.length;
      info.bigBytes = big.pictures.reduce((s, p) => s + p.byteLength, 0) + big.pdfs.reduce((s, p) => s + p.byteLength, 0);
    }
    info.ms = performance.now() - t0;
    return info;
  } finally {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
}
