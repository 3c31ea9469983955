/**
 * Attack suite — reading what is not yours (issue 19 item 9, docs/decisions.md). A report's unsubmitted
 * draft (its latest save) belongs to the tablet holding the report (SPEC §6: only the claiming device may
 * work on it): another tablet, of another inspector or of the same one, reads the report's record without
 * the draft; a tablet that reclaims the report (a visible, confirmed, logged act) reads the draft and
 * continues from it. The external vessel file page needs no token (it opens in a new tab, SPEC §1) and
 * so shows only the record: the vessel's identity and the forms on file, never a draft or a claim.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { anotherTablet } from '../../server/seed/index';
import { AMINA, be, client, formOf, listing, login, makeFiles, RAJESH, saveParts, tempDir, TODAY } from './helpers';
import { expectNoLeak, unchanged } from './attack-helpers';

let dataDir: string;
let server: RunningServer;
let amina: ReturnType<typeof client>;
let aminaOther: ReturnType<typeof client>;
let rajesh: ReturnType<typeof client>;
let draft: { report: Pir; id: number; ext: Extended };
const FINDINGS = 'Draft finding: hold 3 not opened, master asked to wait';
const DRAFT_VESSEL = 'Draft Vessel Name Zulu';

beforeAll(async () => {
  dataDir = tempDir('pir-attack-drafts-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: { info: () => {}, warn: () => {}, error: () => {} }, seed: { today: TODAY }, loginRateLimit: { max: 10_000, windowMs: 60_000 } });
  amina = client(server.app, (await login(server.app, AMINA)).token.jwt);
  aminaOther = client(server.app, (await login(server.app, AMINA, anotherTablet(AMINA))).token.jwt);
  rajesh = client(server.app, (await login(server.app, RAJESH)).token.jwt);
  // Amina's tablet claims a free report and saves a draft: findings and a corrected vessel name
  const report = (await listing(amina)).find((p) => p.claimedByDevice === null && p.status === 'notready')!;
  const id = pirCallId(report);
  expect(await (await amina.postJson(be(paths.claim(id)), { deviceIdentifier: AMINA.deviceName })).json()).toBe(report.id);
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  const changed: Extended = { ...ext, pir: { ...ext.pir, findingsByInspector: FINDINGS }, vessel: { ...ext.vessel, name: DRAFT_VESSEL } };
  const parts = saveParts(report, changed, makeFiles(3));
  expect((await amina.post(be(paths.save(id)), formOf({ ...parts, vessel: changed.vessel }))).status).toBe(200);
  draft = { report, id, ext };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;

describe('a report\'s unsubmitted draft is the holding tablet\'s', () => {
  it('the holding tablet reads its draft', async () => {
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(draft.id)))).json());
    expect(ext.pir.findingsByInspector).toBe(FINDINGS);
    expect(ext.vessel.name).toBe(DRAFT_VESSEL);
  });

  /** The reply of another tablet: the report's record (the seeded details), nothing of the draft. */
  async function expectRecordOnly(res: Response) {
    expect(res.status).toBe(200);
    const text = await res.text();
    expectNoLeak(text, [FINDINGS, DRAFT_VESSEL]);
    const ext = extendedReply.parse(JSON.parse(text));
    expect(ext.vessel.name).toBe(draft.ext.vessel.name);
    expect(ext.pir.findingsByInspector).toBe(draft.ext.pir.findingsByInspector);
  }

  it('another inspector\'s tablet gets the report\'s record, nothing of the draft', async () => {
    await expectRecordOnly(await unchanged(db(), () => rajesh.get(be(paths.extended(draft.id)))));
  });

  it('the same inspector on another tablet too: a draft belongs to the tablet, as the claim does', async () => {
    await expectRecordOnly(await aminaOther.get(be(paths.extended(draft.id))));
  });

  it('by its file id or its pending form id alike', async () => {
    for (const id of new Set([draft.report.id, draft.report.fileId, pirCallId(draft.report)])) {
      await expectRecordOnly(await rajesh.get(be(paths.extended(id))));
    }
  });

  it('a report no tablet holds, and a submitted one, are read by anyone (no draft there)', async () => {
    const list = await listing(rajesh);
    const free = list.find((p) => p.claimedByDevice === null && p.status !== 'submitted')!;
    const submitted = list.find((p) => p.status === 'submitted')!;
    for (const p of [free, submitted]) expect((await rajesh.get(be(paths.extended(pirCallId(p))))).status).toBe(200);
  });

  it('a tablet that reclaims the report reads the draft and continues from it', async () => {
    const other = await listing(rajesh);
    const held = other.find((p) => p.id === draft.report.id)!;
    const id = pirCallId(held);
    expect(await (await rajesh.postJson(be(`${paths.claim(id)}?reclaim=1`), { deviceIdentifier: RAJESH.deviceName })).json()).toBe(held.id);
    const ext = extendedReply.parse(await (await rajesh.get(be(paths.extended(id)))).json());
    expect(ext.pir.findingsByInspector).toBe(FINDINGS);
    // and now the former holder is the one that gets the record only
    const former = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    expect(former.pir.findingsByInspector).not.toBe(FINDINGS);
    // given back, so the vessel file checks below see a held report with a draft
    expect(await (await amina.postJson(be(`${paths.claim(id)}?reclaim=1`), { deviceIdentifier: AMINA.deviceName })).json()).toBe(held.id);
  });
});

describe('the vessel file page without a token shows the record, never a draft or a claim', () => {
  it('a held report with a draft: the recorded vessel name, no finding, no tablet, no status', async () => {
    const res = await server.app.request(`/vfd/${draft.report.fileId}/vesselfile.html`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(draft.report.vesselIdentity.vesselName);
    expectNoLeak(html, [FINDINGS, DRAFT_VESSEL, AMINA.deviceName, AMINA.name]);
    expect(html).not.toMatch(/notready|preparing|inspecting|claimed/i);
  });

  it('an unknown file id and a malformed one answer the same 404 page (nothing to tell them apart)', async () => {
    const a = await server.app.request('/vfd/999999/vesselfile.html');
    const b = await server.app.request('/vfd/abc/vesselfile.html');
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(await a.text()).toBe(await b.text());
  });
});
