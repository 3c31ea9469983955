/**
 * The tablet's state, made quickly: reports built in Node with the app's own transitions
 * (lib/lifecycle/transitions.ts), written into the app's IndexedDB (`pir-app`, lib/local-data/db.ts)
 * from the page, with picture files generated in the page.
 */
import type { Page } from '@playwright/test';
import type { Extended, Pir } from '../../lib/contract/index';
import { applyTransition } from '../../lib/lifecycle/transitions';
import { encodePng } from '../../server/seed/png';
import { apiGet } from './server';
import { attachmentPageFileId, pictureFileId } from '../../lib/media/file-ids';

export interface Template {
  pir: Pir;
  extended: Extended;
}

/** A listing report and its extended info, as the server gives them. */
export async function fetchTemplate(url: string, token: string, id: number): Promise<Template> {
  const list = await apiGet<Pir[]>(url, token, 'offline-api/current-files');
  const pir = list.find((r) => r.id === id);
  if (!pir) throw new Error(`report ${id} is not in the listing`);
  const callId = pir.offlinePendingForms[0]?.id ?? pir.fileId;
  const extended = await apiGet<Extended>(url, token, `offline-api/pir/${callId}`);
  return { pir, extended };
}

function step(r: Pir, t: Parameters<typeof applyTransition>[1], now: Date): Pir {
  const out = applyTransition(r, t, now);
  if (!out.ok) throw new Error(`transition ${t.type} refused: ${out.reason}`);
  return out.report;
}

/**
 * A report held by `device` and being inspected (claimed, prepared, started), with `pictures`
 * inspection pictures (their files are named with pictureFileId()).
 */
export function inspectingReport(tpl: Template, o: { as?: { id: number; pendingId: number }; device: string; inspector: string; pictures: number; now?: Date }): Pir {
  const now = o.now ?? new Date();
  const as = o.as;
  let r: Pir = {
    ...tpl.pir,
    ...(as
      ? {
          id: as.id,
          fileId: as.id,
          code: `PIR-LOC-2026-${String(as.id).slice(-5)}`,
          offlinePendingForms: [{ id: as.pendingId, name: `PIR ${as.id}`, typeOfForm: 'PIR' as const }],
          vesselIdentity: { ...tpl.pir.vesselIdentity, vesselName: `${tpl.pir.vesselIdentity.vesselName} ${as.id}` },
        }
      : {}),
    status: 'notready',
    claimedByDevice: null,
    lifecycle: {},
    extended: null,
  };
  r = step(r, { type: 'claim', device: o.device }, now);
  r = { ...r, extended: structuredClone(tpl.extended) };
  r = step(r, { type: 'prepared' }, now);
  r = step(r, { type: 'startInspection', inspectorName: o.inspector }, now);
  const pictures = Array.from({ length: o.pictures }, (_, i) => ({
    uid: `bench-${r.id}-${i}`,
    type: 'PWHO',
    author: o.inspector,
    description: `Picture ${i + 1}`,
    date: now.toISOString(),
  }));
  return { ...r, extended: { ...r.extended!, pictures } };
}


export interface FileSpec {
  id: string;
  pirId: number;
  filename: string;
  contentType: string;
  /** which base file (index into `bases`, modulo their number) */
  base: number;
  /** JPEG only: give it its own bytes (a comment segment naming the file); otherwise the base as is */
  variant?: boolean;
}

export function pictureFiles(report: Pir): FileSpec[] {
  return (report.extended?.pictures ?? []).map((p, i) => ({ id: pictureFileId(report.id, p.uid), pirId: report.id, filename: `picture_${p.uid}.jpg`, contentType: 'image/jpeg', base: i, variant: true }));
}

/**
 * Turns a report being inspected into one signed by both: `attachments` local attachments of
 * `pages` pages each, both signatures (files named in the result), in signing. The inspection is
 * ended in the app ("Finish the inspection"), which takes the fingerprint of what was signed from
 * the stored files: the server refuses a signed save without it.
 */
export function signedByBoth(r: Pir, o: { attachments: number; pages: number; now?: Date }): { report: Pir; files: FileSpec[] } {
  const now = o.now ?? new Date();
  const files: FileSpec[] = pictureFiles(r);
  const attachments = Array.from({ length: o.attachments }, (_, a) => {
    const uid = `bench-att-${r.id}-${a}`;
    const pages = Array.from({ length: o.pages }, (_, p) => attachmentPageFileId(r.id, uid, `page-${p}`));
    pages.forEach((id, p) => files.push({ id, pirId: r.id, filename: `CRLI_${uid}_${p + 1}.jpg`, contentType: 'image/jpeg', base: a + p, variant: true }));
    return { uid, type: 'CRLI', name: `CRLI_${uid}.pdf`, offline: true, documentTag: null, pictures: pages };
  });
  let next: Pir = { ...r, extended: { ...r.extended!, attachments: [...r.extended!.attachments, ...attachments] } };
  next = step(next, { type: 'startSigning' }, now);
  const sig = (role: string) => `signature:${r.id}:${role}:bench`;
  files.push({ id: sig('master'), pirId: r.id, filename: 'signature_master.png', contentType: 'image/png', base: -1 });
  files.push({ id: sig('inspector'), pirId: r.id, filename: 'signature_inspector.png', contentType: 'image/png', base: -2 });
  next = { ...next, inspectionSignatures: { masterSignature: sig('master'), inspectorSignature: sig('inspector'), masterRefuses: false } };
  return { report: next, files };
}

/** A small valid PNG (a signature-like stroke), different for each seed. */
export function signaturePng(seed: number, width = 600, height = 200): Uint8Array {
  return new Uint8Array(
    encodePng(width, height, 4, (x, y) => (Math.abs(y - height / 2 - Math.sin((x + seed) / 30) * 50) < 3 ? [20, 20, 20, 255] : [0, 0, 0, 0])),
  );
}

/**
 * Waits until the app has created its database (it does on its first start), then replaces the
 * tablet's reports, files and processes with these. Each file is one of `bases` with its own
 * comment segment (distinct bytes, still a valid JPEG).
 */
export async function writeLocalState(page: Page, reports: Pir[], files: FileSpec[], bases: Uint8Array[], opts: { clear?: boolean; negative?: Uint8Array[] } = {}): Promise<void> {
  const basesB64 = bases.map((b) => Buffer.from(b).toString('base64'));
  // files with base -1, -2, …: these (signatures), as they are
  const negB64 = (opts.negative ?? []).map((b) => Buffer.from(b).toString('base64'));
  const clear = opts.clear ?? true;
  await page.evaluate(
    async ({ reports, files, basesB64, negB64, clear }) => {
      const open = () =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('pir-app');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      let db = await open();
      for (let i = 0; i < 100 && !db.objectStoreNames.contains('files'); i++) {
        db.close();
        await new Promise((r) => setTimeout(r, 100));
        db = await open();
      }
      const done = (tx: IDBTransaction) =>
        new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      {
        const tx = db.transaction(['reports', 'files', 'processes'], 'readwrite');
        if (clear) for (const s of ['reports', 'files', 'processes']) tx.objectStore(s).clear();
        for (const r of reports) tx.objectStore('reports').put(r);
        await done(tx);
      }
      const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bases = basesB64.map(decode);
      const negative = negB64.map(decode);
      const now = new Date().toISOString();
      for (let at = 0; at < files.length; at += 50) {
        const tx = db.transaction('files', 'readwrite');
        for (const f of files.slice(at, at + 50)) {
          const base = f.base < 0 ? negative[-f.base - 1]! : bases[f.base % bases.length]!;
          let content = base.slice();
          if (f.variant) {
            const tag = new TextEncoder().encode(`bench ${f.id}`);
            content = new Uint8Array(base.byteLength + 4 + tag.byteLength);
            content.set(base.subarray(0, 2), 0);
            content.set([0xff, 0xfe, (tag.byteLength + 2) >> 8, (tag.byteLength + 2) & 0xff], 2);
            content.set(tag, 6);
            content.set(base.subarray(2), 6 + tag.byteLength);
          }
          tx.objectStore('files').put({
            id: f.id,
            url: f.id,
            date: now,
            // as the app stores files (lib/media/pictures.ts)
            content: new Blob([content], { type: f.contentType }),
            width: null,
            height: null,
            filename: f.filename,
            type: f.contentType.includes('pdf') ? 'pdf' : 'image',
            size: content.byteLength,
            pirId: f.pirId,
            contentType: f.contentType,
          });
        }
        await done(tx);
      }
      db.close();
      // edits the app had not stored yet would be replayed over these reports
      localStorage.removeItem('pir-unsaved-edits');
    },
    { reports, files, basesB64, negB64, clear },
  );
}
