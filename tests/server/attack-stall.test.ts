/**
 * Attack suite — stalling the server (issue 19 items 1 and 2). A report whose PIR PDF would take
 * seconds to render (a catch listing a thousand areas, a cell of thousands of characters) or whose
 * signature is a decompression bomb must not hold up anyone else: the contract refuses the oversized
 * lists with a 400, the PDF is rendered in a worker thread with a time limit, cells are clipped in
 * linear time, and other requests are answered quickly while it happens.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, LIST_LIMITS, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, be, client, formOf, listing, login, makeApp, makeFiles, saveParts, tempDir, TODAY, uploads } from './helpers';
import { expectError, expectResponsive, probeDuring, unchanged } from './attack-helpers';

let dataDir: string;
let server: RunningServer;
let amina: ReturnType<typeof client>;
let list: Pir[];
let fishingAreas: number[];

beforeAll(async () => {
  dataDir = tempDir('pir-attack-stall-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: { info: () => {}, warn: () => {}, error: () => {} }, seed: { today: TODAY }, loginRateLimit: { max: 10_000, windowMs: 60_000 } });
  const l = await login(server.app, AMINA);
  amina = client(server.app, l.token.jwt);
  list = await listing(amina);
  fishingAreas = (server.app.ctx.refs.list('fishingArea') ?? []).map((e) => e.id);
  expect(fishingAreas.length).toBeGreaterThan(100);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;
let nextFree = 0;

/** A report Amina's tablet holds: claims the next free one. */
async function claimed(): Promise<{ report: Pir; id: number; ext: Extended }> {
  const free = list.filter((p) => p.claimedByDevice === null && p.status !== 'submitted')[nextFree++]!;
  const id = pirCallId(free);
  expect(await (await amina.postJson(be(paths.claim(id)), { deviceIdentifier: AMINA.deviceName })).json()).toBe(free.id);
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  return { report: free, id, ext };
}

const aCatch = (catchArea: number[], comments = '') => ({
  uid: `c-${catchArea.length}`,
  species: null,
  productForm: null,
  catchArea,
  quantity: 1,
  quantityToLand: null,
  monitoredLandedQuantity: null,
  quantityToTransship: null,
  monitoredTranshippedQuantity: null,
  deltaLanded: null,
  deltaTranshipped: null,
  objection: false,
  comments,
});

const areas = (n: number) => Array.from({ length: n }, (_, k) => fishingAreas[k % fishingAreas.length]!);

/** Saves the report with its files (all uploaded), ready for complete-submit. */
async function readyToSubmit(seed: number, change: (ext: Extended) => Extended = (e) => e) {
  const { report, id, ext } = await claimed();
  const files = makeFiles(seed);
  const res = await amina.post(be(paths.save(id)), formOf(saveParts(report, change(ext), files)));
  expect(res.status, await res.clone().text()).toBe(200);
  for (const [name, bytes] of uploads(files)) {
    expect((await amina.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
  }
  return { report, id, ext };
}

describe('oversized lists in a save → 400 INVALID_REQUEST, nothing stored', () => {
  const cases: [string, (ext: Extended) => Extended][] = [
    ['a catch with 1,000 areas', (e) => ({ ...e, pir: { ...e.pir, catchOnboard: [aCatch(areas(1000))] } })],
    ['501 catches', (e) => ({ ...e, pir: { ...e.pir, controlledCatches: Array.from({ length: LIST_LIMITS.rows + 1 }, () => aCatch([fishingAreas[0]!])) } })],
    [
      'an authorisation with 5,000 species',
      (e) => ({
        ...e,
        pir: {
          ...e.pir,
          fishingAuthorizations: [
            { uid: 'f1', identifier: 'X', isTypeATF: true, issuedBy: null, validFrom: null, validTo: null, fishingAreas: [], species: areas(5000), gear: [], attachment: null, srcForm: '', objection: false, comments: '' },
          ],
        },
      }),
    ],
    ['a catch comment of 100,000 characters', (e) => ({ ...e, pir: { ...e.pir, catchOnboard: [aCatch([fishingAreas[0]!], 'x'.repeat(100_000))] } })],
  ];
  for (const [name, change] of cases) {
    it(name, async () => {
      const { report, id, ext } = await claimed();
      const body = await unchanged(db(), async () => expectError(await amina.post(be(paths.save(id)), formOf(saveParts(report, change(ext), makeFiles(3)))), 400, 'INVALID_REQUEST'));
      expect(JSON.stringify(body.data)).toMatch(/pir/);
    });
  }
});

describe('a PIR whose PDF is slow to draw does not stall other requests', () => {
  it('a catch of 1,500 areas stored before the limits existed: complete-submit succeeds, probes answered quickly', async () => {
    const { id, report } = await readyToSubmit(11);
    // written straight into the database, as a save accepted before the contract had limits
    const wide = [aCatch(areas(1500)), ...Array.from({ length: 40 }, (_, k) => aCatch(areas(60 + k)))];
    db().prepare("UPDATE saves SET pir = json_set(pir, '$.extended.pir.catchOnboard', json(?)) WHERE report_id = ?").run(JSON.stringify(wide), report.id);
    expect(db().prepare("SELECT json_array_length(pir, '$.extended.pir.catchOnboard') AS n FROM saves WHERE report_id = ?").get(report.id)).toEqual({ n: 41 });
    const authorization = await loginHeader();
    const { result, latencies } = await probeDuring(server.url, async () => {
      const res = await fetch(`${server.url}/be/${paths.completeSubmit(id)}`, { headers: { authorization } });
      return { status: res.status, body: await res.text() };
    });
    expect(result, result.body).toEqual({ status: 200, body: 'true' });
    expectResponsive(latencies);
  });

  it('a PDF over its time limit is refused (422 DOCUMENT_TOO_COMPLEX) and the report stays claimed, nothing stored', async () => {
    const t = await makeApp({ pdfTimeoutMs: 1 });
    try {
      const l = await login(t.app, AMINA);
      const c = client(t.app, l.token.jwt);
      const own = (await listing(c)).find((p) => p.claimedByDevice === AMINA.deviceName && p.status !== 'submitted')!;
      const id = pirCallId(own);
      const ext = extendedReply.parse(await (await c.get(be(paths.extended(id)))).json());
      const files = makeFiles(5);
      expect((await c.post(be(paths.save(id)), formOf(saveParts(own, ext, files)))).status).toBe(200);
      for (const [name, bytes] of uploads(files)) {
        expect((await c.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
      }
      await unchanged(t.app.ctx.db, async () => expectError(await c.get(be(paths.completeSubmit(id))), 422, 'DOCUMENT_TOO_COMPLEX'));
      expect((await listing(c)).find((p) => p.id === own.id)!.claimedByDevice).toBe(AMINA.deviceName);
    } finally {
      t.close();
    }
  });
});

async function loginHeader(): Promise<string> {
  return `Bearer ${(await login(server.app, AMINA)).token.jwt}`;
}
