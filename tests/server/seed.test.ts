/** The demo data: enough reports, every status, valid identifiers, and every link downloads real bytes. */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISATION_ISSUER_DATASET, currentFilesReply, downloadLink, extendedReply, PIR_STATUSES, pirCallId, paths, REFERENCE_DATASETS, type Pir } from '../../lib/contract/index';
import { isValidImo } from '../../server/seed/identity';
import { pdfPagesText } from '../pdf-text';
import { ReferenceStore, DEFAULT_REFERENCE_DIR } from '../../server/reference';
import { openDb } from '../../server/db/schema';
import { anotherTablet, seedDemoData } from '../../server/seed/index';
import { AMINA, asUser, be, CLAIRE, DEMO_USERS, makeApp, RAJESH, silent, tempDir, TODAY, waitForReferenceData, type TestApp } from './helpers';

let t: TestApp;
let list: Pir[];
let amina: Awaited<ReturnType<typeof asUser>>;

beforeAll(async () => {
  await waitForReferenceData();
  t = await makeApp();
  amina = await asUser(t.app, AMINA);
  list = currentFilesReply.parse(await (await amina.get(be(paths.currentFiles()))).json());
});
afterAll(() => t?.close());

const DAY = 24 * 3600 * 1000;
const dayOf = (iso: string) => Math.floor((Date.parse(iso) - Date.UTC(2026, 2, 10)) / DAY);

describe('demo data', () => {
  // How long seeding takes is a benchmark's business (bench/), not a test's: it failed once under load.
  it('says what it did', () => {
    expect(t.app.seeded).toMatchObject({ users: 3, reports: 30, missingReference: [] });
  });

  it('has about 30 reports over every status', () => {
    expect(list.length).toBeGreaterThanOrEqual(28);
    expect(list.length).toBeLessThanOrEqual(34);
    expect(new Set(list.map((p) => p.status))).toEqual(new Set(PIR_STATUSES));
  });

  it('uses valid IMO numbers, 9-digit MMSI with a MID, call signs and IOTC ids', () => {
    for (const p of list) {
      const v = p.vesselIdentity;
      expect(isValidImo(v.imoId!), `${v.vesselName} IMO ${v.imoId}`).toBe(true);
      expect(v.mmsi).toMatch(/^[2-7]\d{8}$/);
      expect(v.iotcId).toMatch(/^IOTC\d{6}$/);
      expect(v.ircs).toMatch(/^[A-Z0-9]{3,7}$/);
      expect(v.flagStateId).not.toBeNull();
    }
    expect(new Set(list.map((p) => p.vesselIdentity.imoId)).size).toBe(list.length);
  });

  it('takes flag states, ports and picture types from the reference data', async () => {
    const refs = new ReferenceStore(DEFAULT_REFERENCE_DIR, silent);
    const flags = refs.list('flag')!;
    const ports = refs.list('designatedPort')!;
    const types = refs.list('imageType')!;
    for (const p of list) {
      const flag = flags.find((f) => f.id === p.vesselIdentity.flagStateId);
      expect(flag?.nameEn).toBe(p.vesselIdentity.flagState);
      if (p.portOfArrival !== null) expect(ports.some((d) => d.id === p.portOfArrival)).toBe(true);
      for (const pic of p.vesselPictures) expect(types.find((x) => x.id === pic.tagId)?.code).toBe(pic.tagName);
    }
    const usedPorts = new Set(list.map((p) => p.portOfArrival));
    expect(usedPorts.has(64)).toBe(true);
    expect(usedPorts.has(null)).toBe(true);
    expect(usedPorts.size).toBeGreaterThanOrEqual(4);
  });

  it('spreads arrivals and inspections over today ± 4 days, every day of the 7-day calendar', () => {
    const arrivals = list.map((p) => dayOf(p.expectedArrival!));
    const starts = list.filter((p) => p.startOfInspection).map((p) => dayOf(p.startOfInspection!));
    expect(Math.min(...arrivals)).toBe(-4);
    expect(Math.max(...arrivals)).toBe(4);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(-4);
    expect(Math.max(...starts)).toBeLessThanOrEqual(4);
    for (let d = -3; d <= 3; d++) expect(starts.filter((s) => s === d).length, `day ${d}`).toBeGreaterThan(0);
  });

  it('claims: past-notready reports are held by demo devices; each inspector sees reports claimed by others', () => {
    const devices = DEMO_USERS.flatMap((u) => [u.deviceName, anotherTablet(u)]);
    for (const p of list) {
      if (p.status !== 'notready' && p.status !== 'submitted') expect(devices).toContain(p.claimedByDevice);
      if (p.status === 'submitted') expect(p.claimedByDevice).toBeNull();
    }
    // A fresh demo tablet is not greeted by a submission it cannot run: none held by a demo tablet is under way.
    for (const u of DEMO_USERS) expect(list.filter((p) => p.status === 'submitting' && p.claimedByDevice === u.deviceName), u.username).toEqual([]);
    expect(list.filter((p) => p.status === 'submitting').map((p) => p.claimedByDevice).sort()).toEqual(['MU-TAB-12', 'RE-TAB-13']);
    for (const u of [AMINA, RAJESH, CLAIRE]) {
      const others = list.filter((p) => p.claimedByDevice && p.claimedByDevice !== u.deviceName);
      expect(others.some((p) => p.status === 'notready'), u.username).toBe(true);
      expect(list.some((p) => p.claimedByDevice === u.deviceName && p.status !== 'notready'), u.username).toBe(true);
    }
  });

  it('has codes, creators, pending forms, RAR links and comments as described', () => {
    for (const p of list) {
      expect(p.code).toMatch(/^PIR-[A-Z]{3}-\d{4}-\d{4}$/);
      expect(p.creator.name).toBeTruthy();
      expect(Date.parse(p.createDate)).toBeLessThan(Date.parse(p.expectedArrival!));
      if (p.status === 'submitted') {
        expect(p.offlinePendingForms).toEqual([]);
        expect(p.submitedForms.map((f) => f.typeOfForm).sort()).toEqual(['AREP', 'PIR', 'RAIAREP', 'RAR']);
      } else {
        expect(p.offlinePendingForms).toHaveLength(1);
        expect(pirCallId(p)).toBe(p.offlinePendingForms[0]!.id);
      }
    }
    expect(list.filter((p) => p.rarLink).length).toBeGreaterThan(list.length / 2);
    expect(list.filter((p) => p.inspectionComment).length).toBeGreaterThanOrEqual(2);
    expect(list.filter((p) => p.fileAttachements.length).length).toBeGreaterThanOrEqual(2);
    expect(list.some((p) => p.submitedForms.some((f) => f.attachments.length > 0))).toBe(true);
    const counts = list.map((p) => p.vesselPictures.length);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(5);
  });

  it('every downloadLink resolves to bytes of the right type', async () => {
    const links = new Map<string, string>();
    for (const p of list) {
      for (const pic of p.vesselPictures) links.set(pic.downloadLink, pic.contentType);
      for (const f of p.submitedForms) {
        links.set(f.downloadLink, f.contentType);
        for (const a of f.attachments) links.set(a.downloadLink, a.contentType);
      }
      for (const a of p.fileAttachements) links.set(a.downloadLink, a.contentType);
      if (p.rarLink) links.set(p.rarLink.downloadLink, p.rarLink.contentType);
    }
    expect(links.size).toBeGreaterThan(100);
    const sizes = new Set<string>();
    let checkedA4 = false;
    for (const [link, type] of links) {
      const res = await amina.get(link);
      expect(res.status, link).toBe(200);
      expect(res.headers.get('content-type'), link).toBe(type);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (type === 'image/jpeg') {
        expect([...bytes.subarray(0, 3)], link).toEqual([0xff, 0xd8, 0xff]);
        // JPEG SOF0 marker gives the size
        const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
        sizes.add(`${bytes.readUInt16BE(sof + 7)}x${bytes.readUInt16BE(sof + 5)}`);
      } else {
        expect(type).toBe('application/pdf');
        expect(bytes.subarray(0, 5).toString(), link).toBe('%PDF-');
        if (!checkedA4) {
          const doc = await PDFDocument.load(bytes);
          const { width, height } = doc.getPage(0).getSize();
          expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4
          expect(doc.getTitle()).toBeTruthy();
          checkedA4 = true;
        }
      }
    }
    expect(sizes.has('640x480')).toBe(true);
    expect(sizes.has('2400x1600')).toBe(true);
    expect(sizes.size).toBeGreaterThanOrEqual(4);
  });

  // a held report's details are read by the tablet holding it (issue 19 item 9)
  const holders = new Map<string, Awaited<ReturnType<typeof asUser>>>();
  const reader = async (device: string | null) => {
    if (device === null) return amina;
    if (!holders.has(device)) {
      const user = DEMO_USERS.find((u) => u.deviceName === device || anotherTablet(u) === device)!;
      holders.set(device, await asUser(t.app, user, device));
    }
    return holders.get(device)!;
  };
  const extendedOf = async (p: Pir) => extendedReply.parse(await (await (await reader(p.claimedByDevice)).get(be(paths.extended(pirCallId(p))))).json());

  it('extended info is partly filled with realistic data', async () => {
    for (const p of list.slice(0, 30)) {
      const ext = await extendedOf(p);
      expect(ext.vessel.name).toBe(p.vesselIdentity.vesselName);
      expect(ext.vessel.mmsi).toBe(p.vesselIdentity.mmsi);
      expect(ext.pir.portOfInspection).toBe(p.portOfArrival);
      expect(ext.pir.lastPortOfCallFreeForm).toBeTruthy();
      if (p.rarLink) {
        expect(ext.pir.fishingAuthorizations.length).toBeGreaterThanOrEqual(1);
        for (const fa of ext.pir.fishingAuthorizations) {
          expect(ext.attachments.some((a) => a.uid === fa.attachment && a.documentTag === 'AUTF' && a.name === `AUTF_${a.uid}.pdf`)).toBe(true);
        }
      }
    }
  });

  it('names every authorisation issuer from the list the authorisation steps read, and its document prints that name (issue 29 item 8)', async () => {
    const refs = new ReferenceStore(DEFAULT_REFERENCE_DIR, silent);
    const issuers = refs.list(AUTHORISATION_ISSUER_DATASET)!;
    const flags = refs.list('flag')!;
    let fishing = 0;
    let transhipment = 0;
    for (const p of list) {
      const ext = await extendedOf(p);
      const flagCode = flags.find((f) => f.id === p.vesselIdentity.flagStateId)!.code;
      const check = async (a: { identifier: string; issuedBy: number | null; attachment: string | null }, issuedByCode: string) => {
        const issuer = issuers.find((e) => e.id === a.issuedBy);
        expect(issuer, `${p.code} ${a.identifier}: issuedBy ${a.issuedBy} is not in ${AUTHORISATION_ISSUER_DATASET}`).toBeDefined();
        // the flag state itself, or its EU-member entry ("EU (France)")
        expect([issuedByCode, `EUR.${issuedByCode}`], `${p.code} ${a.identifier}`).toContain(issuer!.code);
        if (a.attachment) {
          const res = await (await reader(p.claimedByDevice)).get(downloadLink('attachments', Number(a.attachment)));
          expect(res.status).toBe(200);
          const text = (await pdfPagesText(new Uint8Array(await res.arrayBuffer()))).join('\n');
          expect(text, `${p.code} ${a.identifier}`).toContain(issuer!.nameEn);
        }
      };
      for (const a of ext.pir.fishingAuthorizations) {
        // an ATF is issued by the flag state; a CSFL by the coastal State, Seychelles
        await check(a, a.isTypeATF ? flagCode : 'SYC');
        fishing++;
      }
      for (const a of ext.pir.transhipmentAuthorizations) {
        await check(a, flagCode);
        transhipment++;
      }
    }
    expect(fishing).toBeGreaterThanOrEqual(20);
    expect(transhipment).toBeGreaterThanOrEqual(1);
  });

  it('is deterministic for a given seed and today', async () => {
    const dirA = tempDir();
    const dirB = tempDir();
    try {
      const refs = new ReferenceStore(DEFAULT_REFERENCE_DIR, silent);
      const rows: unknown[] = [];
      for (const dir of [dirA, dirB]) {
        const db = openDb(dir);
        await seedDemoData(db, refs, { today: TODAY, seed: 7 });
        rows.push(db.prepare('SELECT id, status, claimed_by_device, doc, extended, lifecycle FROM reports ORDER BY id').all());
        rows.push(db.prepare('SELECT id, sha256 FROM files ORDER BY id').all());
        db.close();
      }
      expect(rows[0]).toEqual(rows[2]);
      expect(rows[1]).toEqual(rows[3]);
    } finally {
      fs.rmSync(dirA, { recursive: true, force: true });
      fs.rmSync(dirB, { recursive: true, force: true });
    }
  });

  it('falls back gracefully when reference data is missing', async () => {
    const dir = tempDir();
    const empty = tempDir('pir-noref-');
    try {
      const db = openDb(dir);
      const result = await seedDemoData(db, new ReferenceStore(empty, silent), { today: TODAY });
      expect(result.reports).toBe(30);
      expect(result.missingReference).toEqual(expect.arrayContaining(['flag', 'designatedPort', 'imageType']));
      const docs = db.prepare('SELECT doc FROM reports').all() as { doc: string }[];
      for (const { doc } of docs) {
        const p = JSON.parse(doc) as Pir;
        expect(p.vesselIdentity.flagStateId).not.toBeNull();
        expect(isValidImo(p.vesselIdentity.imoId!)).toBe(true);
      }
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(empty, { recursive: true, force: true });
    }
    expect(REFERENCE_DATASETS.every((d) => fs.existsSync(path.join(DEFAULT_REFERENCE_DIR, `${d}.json`)))).toBe(true);
  });
});
