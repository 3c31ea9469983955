/**
 * Attack suite — the server keeps the record (issue 31 items 3, 4, 5; issue 30 item 8).
 *
 * Item 3: complete-submit refuses (409, a code, nothing stored changed) a report whose inspection never
 * started, whose form steps are not all complete, without the inspector's signature or the master's
 * signature or refusal, whose signature files are not images, or with impossible dates; the flow's own
 * fields (previousStatus, signature ids, the listing's start date) are never taken as they come, and
 * the submitter is the token's account, printed in the PDF beside the principal inspector it names.
 * Item 4: once signed, a save without the fingerprint is refused.
 * Item 5: a reclaim or a release loses nothing of the other tablet's last save (kept, readable by the
 * operator, deleted only by gc after a retention), that save and its signatures cannot be submitted by
 * the tablet that took the report, and every claim, reclaim, release, save, upload and submission is in
 * an append-only audit log (`server audit <report>`).
 * Issue 30 item 8: a second complete-submit overlapping the first gets the same receipt, not 403.
 * Each attack was accepted by the code before these fixes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSubmitReply, extendedReply, paths, pirCallId, submitReceipt, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { blobPath, collectGarbage } from '../../server/db/blob-store';
import { purgeKeptSaves } from '../../server/db/kept-saves';
import { pdfPagesText } from '../pdf-text';
import { AMINA, be, CLAIRE, client, formOf, listing, login, makeFiles, RAJESH, refingerprint, saveParts, sealed, silent, tempDir, TODAY, uploads, type SaveFiles } from './helpers';
import { expectError, expectResponsive, probeDuring, unchanged } from './attack-helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let server: RunningServer;
type Tablet = ReturnType<typeof client> & { jwt: string; device: string; userId: number; name: string; username: string };
let amina: Tablet;
let rajesh: Tablet;
let claire: Tablet;
const db = () => server.app.ctx.db;

async function tablet(user: typeof AMINA): Promise<Tablet> {
  const l = await login(server.app, user);
  return { ...client(server.app, l.token.jwt), jwt: l.token.jwt, device: l.user.deviceName, userId: l.user.id, name: l.user.name, username: l.user.username };
}

beforeAll(async () => {
  dataDir = tempDir('pir-attack-record-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: silent, seed: { today: TODAY }, loginRateLimit: { max: 10_000, windowMs: 60_000 } });
  amina = await tablet(AMINA);
  rajesh = await tablet(RAJESH);
  claire = await tablet(CLAIRE);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Claims the `skip`-th free notready report; its details as served. */
async function claimFree(t: Tablet, skip = 0): Promise<{ report: Pir; id: number; ext: Extended }> {
  const report = (await listing(t)).filter((p) => p.claimedByDevice === null && p.status === 'notready')[skip]!;
  const id = pirCallId(report);
  expect(await (await t.postJson(be(paths.claim(id)), { deviceIdentifier: t.device })).json()).toBe(report.id);
  const ext = extendedReply.parse(await (await t.get(be(paths.extended(id)))).json());
  return { report, id, ext };
}

type Parts = ReturnType<typeof saveParts>;

const save = (t: Tablet, id: number, parts: unknown) => t.post(be(paths.save(id)), formOf(parts as Record<string, unknown>));

/** Uploads every file the parts announce (bytes from `files`). */
async function uploadAnnounced(t: Tablet, id: number, parts: Parts, files: SaveFiles) {
  const bytes = new Map(uploads(files));
  for (const f of [...parts.pictures, ...parts.attachments, ...parts.signatures]) {
    const b = bytes.get(f.fileUrl)!;
    const res = await t.post(be(paths.submitFile(id, f.fileUrl)), b as BodyInit, { 'content-type': 'application/octet-stream' });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

const submit = (t: Tablet, id: number) => t.get(be(paths.completeSubmit(id)));
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const auditOf = (reportId: number) =>
  (db().prepare('SELECT * FROM audit WHERE report_id = ? ORDER BY id').all(reportId) as { action: string; username: string; device: string; user_id: number; detail: string }[]).map((r) => ({
    ...r,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args, '--data', dataDir], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// ---------------------------------------------------------------- item 3

describe('item 3: complete-submit accepts only a submission that happened', () => {
  let target: { report: Pir; id: number; ext: Extended };
  const files = makeFiles(71);
  beforeAll(async () => {
    target = await claimFree(amina, 0);
  });

  /** An honest signed report of the target, changed by `change`, fingerprinted again, saved and its files uploaded. */
  async function savedAs(change: (p: Parts) => Parts): Promise<void> {
    const parts = sealed(change(saveParts(target.report, target.ext, files)));
    const res = await save(amina, target.id, parts);
    expect(res.status, await res.clone().text()).toBe(200);
    await uploadAnnounced(amina, target.id, parts, files);
  }

  const withPir = (p: Parts, pir: Partial<Extended['pir']>): Parts => ({ ...p, pir: { ...p.pir, extended: { ...p.pir.extended, pir: { ...p.pir.extended.pir, ...pir } } } });
  const withLifecycle = (p: Parts, status: string, date: string): Parts => ({ ...p, pir: { ...p.pir, lifecycle: { ...p.pir.lifecycle, [status]: { date, previousStatus: 'inspecting' } } } });

  const cases: [string, (p: Parts) => Parts, string][] = [
    [
      'just claimed, saved with no inspection, no step and no signature (the reproduced attack)',
      (p) => ({
        ...withPir(p, { startOfInspection: null, endOfInspection: null }),
        pir: { ...withPir(p, { startOfInspection: null, endOfInspection: null }).pir, inspectionstatus: {}, lifecycle: {}, inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false, fingerprint: null } },
        signatures: [],
      }),
      'INSPECTION_NOT_STARTED',
    ],
    ['started and signed, never ended (no end of inspection)', (p) => withPir(p, { endOfInspection: null }), 'INSPECTION_NOT_COMPLETED'],
    [
      'two form steps not complete',
      (p) => {
        const { comments: _left, ...steps } = p.pir.inspectionstatus;
        return { ...p, pir: { ...p.pir, inspectionstatus: { ...steps, findings: false } } };
      },
      'STEPS_INCOMPLETE',
    ],
    ['no inspector signature', (p) => ({ ...p, signatures: p.signatures.filter((s) => s.role !== 'inspector') }), 'SIGNATURE_MISSING'],
    ['neither the master\'s signature nor the master\'s refusal', (p) => ({ ...p, signatures: p.signatures.filter((s) => s.role !== 'master') }), 'SIGNATURE_MISSING'],
    ['the inspector\'s signature given twice', (p) => ({ ...p, signatures: p.signatures.map((s) => ({ ...s, role: 'inspector' as const })) }), 'SIGNATURE_MISSING'],
    ['a start of inspection in 1999, before the claim', (p) => withPir(p, { startOfInspection: '1999-01-01T10:00:00.000Z' }), 'IMPOSSIBLE_DATES'],
    ['a start of inspection tomorrow, after the submission', (p) => withPir(p, { startOfInspection: iso(Date.now() + DAY), endOfInspection: iso(Date.now() + DAY) }), 'IMPOSSIBLE_DATES'],
    ['an end of inspection an hour before the start', (p) => withPir(p, { endOfInspection: iso(Date.parse(p.pir.extended.pir.startOfInspection!) - 3_600_000) }), 'IMPOSSIBLE_DATES'],
    ['signing in 1999, before the start', (p) => withLifecycle(p, 'signing', '1999-06-01T10:00:00.000Z'), 'IMPOSSIBLE_DATES'],
    ['a submission dated next week', (p) => withLifecycle(p, 'submitting', iso(Date.now() + 7 * DAY)), 'IMPOSSIBLE_DATES'],
    ['a start of inspection that is not a date', (p) => withPir(p, { startOfInspection: 'yesterday at ten' }), 'IMPOSSIBLE_DATES'],
  ];

  for (const [name, change, code] of cases) {
    it(`${name} → 409 ${code}, nothing stored changes`, async () => {
      await savedAs(change);
      const body = await unchanged(db(), async () => expectError(await submit(amina, target.id), 409, code));
      expect(body.data).toBeTruthy();
    });
  }

  it('a signature stored as something that is not an image → 409 SIGNATURE_NOT_IMAGE, nothing changes, probes answered quickly', async () => {
    await savedAs((p) => p);
    // as bytes accepted before the upload checked types: the inspector's signature is the PDF attachment
    const pdf = db().prepare("SELECT sha256, size FROM announced WHERE report_id = ? AND file_url = 'att-1.pdf'").get(target.report.id) as { sha256: string; size: number };
    db().prepare("UPDATE announced SET sha256 = ?, size = ?, content_type = 'application/pdf' WHERE report_id = ? AND file_url = 'sig-inspector.png'").run(pdf.sha256, pdf.size, target.report.id);
    db().prepare("UPDATE saves SET signatures = (SELECT json_group_array(CASE WHEN json_extract(value, '$.role') = 'inspector' THEN json_set(value, '$.sha256', ?, '$.size', ?) ELSE json(value) END) FROM json_each(signatures)) WHERE report_id = ?").run(pdf.sha256, pdf.size, target.report.id);
    refingerprint(db(), target.report.id);
    const { result, latencies } = await probeDuring(server.url, () =>
      unchanged(db(), async () => expectError(await fetch(`${server.url}/be/${paths.completeSubmit(target.id)}`, { headers: { authorization: `Bearer ${amina.jwt}` } }), 409, 'SIGNATURE_NOT_IMAGE')),
    );
    expect(result.data).toMatchObject({ role: 'inspector' });
    expectResponsive(latencies);
  });

  it('a report signed on the server\'s own record before claims were recorded (the demo\'s signed reports), sent as a fresh tablet does without the images: accepted', async () => {
    const seeded = (await listing(amina)).find((p) => p.status === 'readytosubmit' && p.claimedByDevice === amina.device)!;
    const id = pirCallId(seeded);
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    const parts = { pir: { ...seeded, status: 'submitting', extended: ext }, vessel: ext.vessel, pictures: [], attachments: [], signatures: [] };
    expect((await save(amina, id, parts)).status).toBe(200);
    const res = await submit(amina, id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(submitReceipt.parse(await res.json()).fingerprint).toBeNull();
  });

  it('the flow\'s own fields are not taken as given: the record is the checked dates and the token\'s account, printed beside the named inspector', async () => {
    // honest content, with the fields only the tablet's flow sets forged
    await savedAs((p) => ({
      ...withPir(p, { monitoringDetails: { ...p.pir.extended.pir.monitoringDetails, principalInspectorName: 'Rajesh Pillay (named)' } }),
      pir: {
        ...withPir(p, { monitoringDetails: { ...p.pir.extended.pir.monitoringDetails, principalInspectorName: 'Rajesh Pillay (named)' } }).pir,
        startOfInspection: '1999-01-01T00:00:00.000Z',
        lifecycle: Object.fromEntries(Object.entries(p.pir.lifecycle).map(([k, v]) => [k, { ...v!, previousStatus: 'notready' }])),
        inspectionSignatures: { ...p.pir.inspectionSignatures, masterSignature: 'someone-elses-file' },
      },
    }));
    const res = await submit(amina, target.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const receipt = submitReceipt.parse(await res.json());

    const row = db().prepare('SELECT * FROM reports WHERE id = ?').get(target.report.id) as { doc: string; lifecycle: string; submitted_by_device: string; submitted_by_user_id: number };
    expect(row.submitted_by_device).toBe(amina.device);
    expect(row.submitted_by_user_id).toBe(amina.userId);
    const doc = JSON.parse(row.doc) as Pir;
    expect(doc.startOfInspection).not.toMatch(/^1999/);
    expect(Date.now() - Date.parse(doc.startOfInspection!)).toBeLessThan(10 * 60_000);
    expect(doc.inspectionSignatures).toMatchObject({ masterSignature: 'sig-master.png', inspectorSignature: 'sig-inspector.png', masterRefuses: false, fingerprint: receipt.fingerprint });
    const lifecycle = JSON.parse(row.lifecycle) as Pir['lifecycle'];
    expect(lifecycle.signing?.previousStatus).toBe('inspecting');
    expect(lifecycle.submitted?.previousStatus).toBe('submitting');
    expect(Object.values(lifecycle).map((e) => e!.previousStatus)).not.toContain('notready');

    // the PDF: the inspector the report names, and the account that submitted it
    const form = (await listing(amina)).find((p) => p.id === target.report.id)!.submitedForms.find((f) => f.typeOfForm === 'PIR')!;
    const pdf = new Uint8Array(await (await amina.get(form.downloadLink)).arrayBuffer());
    const text = (await pdfPagesText(pdf)).join('\n');
    expect(text).toContain('Rajesh Pillay (named)');
    expect(text).toContain('Submitted by (account)');
    expect(text).toContain(`${amina.name} (${amina.username})`);
    expect(text).not.toContain('1999');

    // a complete audit trail of the submission, each entry the token's user and tablet
    const trail = auditOf(target.report.id);
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['claim', 'save', 'upload', 'submit']));
    expect(trail[0]!.action).toBe('claim');
    expect(trail.at(-1)).toMatchObject({ action: 'submit', user_id: amina.userId, username: AMINA.username, device: amina.device });
    expect(trail.at(-1)!.detail).toMatchObject({ fingerprint: receipt.fingerprint });
    for (const e of trail) expect([e.username, e.device]).toEqual([AMINA.username, amina.device]);
  });
});

// ---------------------------------------------------------------- item 4

describe('item 4: a signed report is saved with its fingerprint', () => {
  let target: { report: Pir; id: number; ext: Extended };
  const files = makeFiles(72);
  beforeAll(async () => {
    target = await claimFree(claire, 0);
  });

  it('a signed save with fingerprint null → 409 FINGERPRINT_MISSING, nothing stored changes', async () => {
    const parts = saveParts(target.report, target.ext, files);
    const forged = { ...parts, pir: { ...parts.pir, inspectionSignatures: { ...parts.pir.inspectionSignatures, fingerprint: null } } };
    await unchanged(db(), async () => expectError(await save(claire, target.id, forged), 409, 'FINGERPRINT_MISSING'));
  });

  it('without the fingerprint field at all → the same', async () => {
    const parts = saveParts(target.report, target.ext, files);
    const { fingerprint: _dropped, ...signatures } = parts.pir.inspectionSignatures;
    await unchanged(db(), async () => expectError(await save(claire, target.id, { ...parts, pir: { ...parts.pir, inspectionSignatures: signatures } }), 409, 'FINGERPRINT_MISSING'));
  });

  it('after a signed save, a save that drops the signatures and the fingerprint → 409, and the signed save stays', async () => {
    const parts = saveParts(target.report, target.ext, files);
    expect((await save(claire, target.id, parts)).status).toBe(200);
    const stripped = { ...parts, signatures: [], pir: { ...parts.pir, inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false, fingerprint: null } } };
    await unchanged(db(), async () => expectError(await save(claire, target.id, stripped), 409, 'FINGERPRINT_MISSING'));
  });

  it('the fingerprint it carries is checked against what the server computes from what it stores', async () => {
    const parts = saveParts(target.report, target.ext, files);
    expect((await save(claire, target.id, parts)).status).toBe(200);
    await uploadAnnounced(claire, target.id, parts, files);
    // the saved content changed after signing, behind the tablet's back
    db().prepare("UPDATE saves SET pir = json_set(pir, '$.extended.pir.findingsByInspector', 'changed after signing') WHERE report_id = ?").run(target.report.id);
    await unchanged(db(), async () => expectError(await submit(claire, target.id), 409, 'FINGERPRINT_MISMATCH'));
  });
});

// ---------------------------------------------------------------- item 5

describe('item 5: a reclaim or a release loses nothing, and everything is recorded', () => {
  let target: { report: Pir; id: number; ext: Extended };
  const aminaFiles = makeFiles(81);
  const rajeshFiles: SaveFiles = { ...makeFiles(82), picture: aminaFiles.picture };
  let aminaShas: string[];
  let keptId: number;

  beforeAll(async () => {
    target = await claimFree(amina, 1);
    const parts = saveParts(target.report, target.ext, aminaFiles);
    expect((await save(amina, target.id, parts)).status).toBe(200);
    await uploadAnnounced(amina, target.id, parts, aminaFiles);
    aminaShas = (db().prepare('SELECT sha256 FROM announced WHERE report_id = ?').all(target.report.id) as { sha256: string }[]).map((r) => r.sha256);
  });

  it('another inspector reclaims: Amina\'s last save is kept as hers, and the reclaim is in the audit log', async () => {
    expect(await (await rajesh.postJson(be(`${paths.claim(target.id)}?reclaim=1`), { deviceIdentifier: rajesh.device })).json()).toBe(target.report.id);
    const kept = db().prepare('SELECT id, device, user_id, reason FROM kept_saves WHERE report_id = ?').all(target.report.id) as { id: number; device: string; user_id: number; reason: string }[];
    expect(kept).toEqual([{ id: expect.any(Number), device: amina.device, user_id: amina.userId, reason: 'reclaim' }]);
    keptId = kept[0]!.id;
    expect(auditOf(target.report.id).at(-1)).toMatchObject({ action: 'reclaim', username: RAJESH.username, device: rajesh.device, detail: { from: amina.device, keptDraft: keptId } });
  });

  it('the tablet that reclaimed cannot submit Amina\'s save → 409 SAVED_BY_ANOTHER_TABLET, nothing changes', async () => {
    await unchanged(db(), async () => expectError(await submit(rajesh, target.id), 409, 'SAVED_BY_ANOTHER_TABLET'));
  });

  it('nor save it again with her signatures → 409 SIGNATURES_OF_ANOTHER_TABLET, nothing changes', async () => {
    const ext = extendedReply.parse(await (await rajesh.get(be(paths.extended(target.id)))).json());
    const parts = saveParts(target.report, ext, { ...rajeshFiles, master: aminaFiles.master, inspector: aminaFiles.inspector });
    await unchanged(db(), async () => expectError(await save(rajesh, target.id, parts), 409, 'SIGNATURES_OF_ANOTHER_TABLET'));
  });

  it('its own save over hers keeps hers, and a file she sent is not counted as received for it', async () => {
    const ext = extendedReply.parse(await (await rajesh.get(be(paths.extended(target.id)))).json());
    const parts = saveParts(target.report, ext, rajeshFiles);
    expect((await save(rajesh, target.id, parts)).status).toBe(200);
    // the picture has the bytes Amina uploaded: Rajesh's tablet must send them itself
    expect(db().prepare("SELECT received_at FROM announced WHERE report_id = ? AND file_url = 'pic-1.jpg'").get(target.report.id)).toEqual({ received_at: null });
    expect(await (await submit(rajesh, target.id)).json()).toBe(false);
    expect(db().prepare('SELECT COUNT(*) AS n FROM kept_saves WHERE report_id = ?').get(target.report.id)).toEqual({ n: 1 });
  });

  it('its release drops no byte of Amina\'s save: kept, on disk, not collected by gc', async () => {
    expect((await rajesh.postJson(be(paths.release(target.id)), { deviceIdentifier: rajesh.device })).status).toBe(200);
    expect(db().prepare('SELECT COUNT(*) AS n FROM kept_files WHERE kept_id = ? AND received_at IS NOT NULL').get(keptId)).toEqual({ n: 4 });
    collectGarbage(db(), 0);
    for (const sha of aminaShas) expect(fs.existsSync(blobPath(db(), sha)), sha).toBe(true);
    // a retention not yet over deletes nothing
    expect(purgeKeptSaves(db(), DAY).deleted).toBe(0);
    // its own save (the last one) was its own to drop; Amina's was kept when it reclaimed
    expect(auditOf(target.report.id).at(-1)).toMatchObject({ action: 'release', username: RAJESH.username, detail: { droppedOwnSave: expect.any(String) } });
  });

  it('the audit log is append-only: no row can be changed or deleted', () => {
    const before = db().prepare('SELECT COUNT(*) AS n FROM audit').get();
    expect(() => db().prepare('DELETE FROM audit').run()).toThrow(/append-only/);
    expect(() => db().prepare("UPDATE audit SET username = 'nobody'").run()).toThrow(/append-only/);
    expect(db().prepare('SELECT COUNT(*) AS n FROM audit').get()).toEqual(before);
  });

  it('the operator reads the log and the kept save, and gc deletes it only after the retention given', { timeout: 90_000 }, () => {
    const audit = cli('audit', String(target.id));
    expect(audit.code, audit.err).toBe(0);
    for (const action of ['claim', 'save', 'upload', 'reclaim', 'release']) expect(audit.out).toContain(` ${action} `);
    expect(audit.out).toContain(amina.device);
    expect(audit.out).toContain(rajesh.device);

    const list = cli('drafts', String(target.id));
    expect(list.code, list.err).toBe(0);
    expect(list.out).toContain(`#${keptId}`);
    expect(list.out).toContain(amina.device);
    const out = path.join(dataDir, 'kept-out');
    const shown = cli('drafts', String(target.id), '--show', String(keptId), '--out', out);
    expect(shown.code, shown.err).toBe(0);
    expect(fs.readdirSync(path.join(out, 'files')).sort()).toEqual(['att-1.pdf', 'pic-1.jpg', 'sig-inspector.png', 'sig-master.png']);
    expect(new Uint8Array(fs.readFileSync(path.join(out, 'files', 'sig-master.png')))).toEqual(aminaFiles.master);

    const noRetention = cli('gc');
    expect(noRetention.code, noRetention.err).toBe(0);
    expect(db().prepare('SELECT COUNT(*) AS n FROM kept_saves WHERE id = ?').get(keptId)).toEqual({ n: 1 });
    const gc = cli('gc', '--drafts-retention-days', '0');
    expect(gc.code, gc.err).toBe(0);
    expect(db().prepare('SELECT COUNT(*) AS n FROM kept_saves WHERE id = ?').get(keptId)).toEqual({ n: 0 });
    expect(auditOf(target.report.id).at(-1)).toMatchObject({ action: 'gc', detail: { deletedKeptDraft: keptId } });
  });
});

// ---------------------------------------------------------------- issue 30 item 8

describe('issue 30 item 8: what the server already did, it answers with its receipt', () => {
  it('two complete-submits overlapping: both get the same receipt (not 403), one form stored, probes answered quickly', async () => {
    const { report, id, ext } = await claimFree(claire, 1);
    const files = makeFiles(91);
    const parts = saveParts(report, ext, files);
    expect((await save(claire, id, parts)).status).toBe(200);
    await uploadAnnounced(claire, id, parts, files);
    const call = async () => {
      const res = await fetch(`${server.url}/be/${paths.completeSubmit(id)}`, { headers: { authorization: `Bearer ${claire.jwt}` } });
      return { status: res.status, body: await res.text() };
    };
    const { result, latencies } = await probeDuring(server.url, () => Promise.all([call(), call(), call()]));
    for (const r of result) expect(r.status, r.body).toBe(200);
    const receipts = result.map((r) => completeSubmitReply.parse(JSON.parse(r.body)));
    expect(receipts[1]).toEqual(receipts[0]);
    expect(receipts[2]).toEqual(receipts[0]);
    expect(submitReceipt.parse(receipts[0]).total.files).toBe(4);
    const doc = JSON.parse((db().prepare('SELECT doc FROM reports WHERE id = ?').get(report.id) as { doc: string }).doc) as Pir;
    expect(doc.submitedForms.filter((f) => f.typeOfForm === 'PIR')).toHaveLength(1);
    expect(auditOf(report.id).filter((e) => e.action === 'submit')).toHaveLength(1);
    expectResponsive(latencies);
  });
});
