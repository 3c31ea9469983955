/**
 * Attack suite — stalling the server (issue 19 items 1 and 2). A report whose PIR PDF would take
 * seconds to render (a catch listing a thousand areas, a cell of thousands of characters) or whose
 * signature is a decompression bomb must not hold up anyone else: the contract refuses the oversized
 * lists with a 400, the PDF is rendered in a worker thread with a time limit, cells are clipped in
 * linear time, and other requests are answered quickly while it happens.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, LIST_LIMITS, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, be, client, formOf, listing, login, makeApp, makeFiles, refingerprint, saveParts, sha256, tempDir, TODAY, uploads, type SaveFiles } from './helpers';
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
async function readyToSubmit(seed: number, change: (ext: Extended) => Extended = (e) => e, files: SaveFiles = makeFiles(seed)) {
  const { report, id, ext } = await claimed();
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
  let target: Awaited<ReturnType<typeof claimed>>;
  beforeAll(async () => {
    target = await claimed();
  });
  for (const [name, change] of cases) {
    it(name, async () => {
      const { report, id, ext } = target;
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
    // signed as it now stands (issue 31 item 4: a signed save carries its fingerprint)
    refingerprint(db(), report.id);
    expect(db().prepare("SELECT json_array_length(pir, '$.extended.pir.catchOnboard') AS n FROM saves WHERE report_id = ?").get(report.id)).toEqual({ n: 41 });
    await submitsWhileOthersAreAnswered(id);
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

/** complete-submit succeeds while a probe keeps being answered quickly. */
async function submitsWhileOthersAreAnswered(id: number) {
  const authorization = await loginHeader();
  const { result, latencies } = await probeDuring(server.url, async () => {
    const res = await fetch(`${server.url}/be/${paths.completeSubmit(id)}`, { headers: { authorization } });
    return { status: res.status, body: await res.text() };
  });
  expect(result.status, result.body).toBe(200);
  // truthy: the receipt of the files the server holds (issue 22)
  expect(JSON.parse(result.body)).toMatchObject({ total: { files: expect.any(Number) } });
  expectResponsive(latencies);
}

async function loginHeader(): Promise<string> {
  return `Bearer ${(await login(server.app, AMINA)).token.jwt}`;
}

// ---------------------------------------------------------------- decompression bombs (item 2)

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A valid greyscale PNG of width×height black pixels: a few hundred KB that decode to width×height bytes and more. */
async function bombPng(width: number, height: number): Promise<Uint8Array> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((r) => deflate.on('end', r));
  const row = Buffer.alloc(width + 1); // filter byte 0, then the row
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(out)), chunk('IEND', Buffer.alloc(0))]));
}

/** The first bytes of a baseline JPEG announcing width×height pixels (enough for anything that reads its header). */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...new Array<number>(2000).fill(0)]);
}

describe('images beyond sane pixel sizes are refused before anything decodes them', () => {
  it('a 12000×12000 PNG signature (a decompression bomb) → 400 IMAGE_TOO_LARGE, not stored, probes answered quickly', async () => {
    const bomb = await bombPng(12000, 12000);
    expect(bomb.byteLength).toBeLessThan(400_000);
    const files = { ...makeFiles(21), master: bomb };
    const { report, id, ext } = await claimed();
    expect((await amina.post(be(paths.save(id)), formOf(saveParts(report, ext, files)))).status).toBe(200);
    const { result, latencies } = await probeDuring(server.url, () =>
      unchanged(db(), async () => expectError(await amina.post(be(paths.submitFile(id, 'sig-master.png')), bomb as BodyInit, { 'content-type': 'application/octet-stream' }), 400, 'IMAGE_TOO_LARGE')),
    );
    expect(result.data).toMatchObject({ width: 12000, height: 12000 });
    expectResponsive(latencies);
  });

  it('a picture announcing 30000×30000 pixels → 400 IMAGE_TOO_LARGE; one of 3000×5000 is accepted', async () => {
    const { report, id, ext } = await claimed();
    const big = jpegHeader(30000, 30000);
    const fine = jpegHeader(3000, 5000);
    const files = { ...makeFiles(22), picture: big };
    expect((await amina.post(be(paths.save(id)), formOf(saveParts(report, ext, files)))).status).toBe(200);
    const body = await unchanged(db(), async () =>
      expectError(await amina.post(be(paths.submitFile(id, 'pic-1.jpg')), big as BodyInit, { 'content-type': 'application/octet-stream' }), 400, 'IMAGE_TOO_LARGE'),
    );
    expect(body.data).toMatchObject({ width: 30000, height: 30000 });
    expect((await amina.post(be(paths.save(id)), formOf(saveParts(report, ext, { ...files, picture: fine })))).status).toBe(200);
    expect((await amina.post(be(paths.submitFile(id, 'pic-1.jpg')), fine as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
  });

  it('a signature that is not a PNG or JPEG (HTML) → 400 INVALID_IMAGE, not stored', async () => {
    const { report, id, ext } = await claimed();
    const html = new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>'));
    expect((await amina.post(be(paths.save(id)), formOf(saveParts(report, ext, { ...makeFiles(23), inspector: html })))).status).toBe(200);
    await unchanged(db(), async () =>
      expectError(await amina.post(be(paths.submitFile(id, 'sig-inspector.png')), html as BodyInit, { 'content-type': 'application/octet-stream' }), 400, 'INVALID_IMAGE'),
    );
  });

  it('a bomb stored before the check existed: complete-submit succeeds with the box left empty, probes answered quickly', async () => {
    const { report, id } = await readyToSubmit(24);
    const bomb = await bombPng(8000, 8000);
    const sha = sha256(bomb);
    // as an upload accepted before the pixel check: the bytes stored, the signature announced with them
    db().prepare('INSERT OR IGNORE INTO blobs (sha256, size, data) VALUES (?, ?, ?)').run(sha, bomb.byteLength, Buffer.from(bomb));
    db().prepare("UPDATE announced SET sha256 = ?, size = ? WHERE report_id = ? AND file_url = 'sig-master.png'").run(sha, bomb.byteLength, report.id);
    refingerprint(db(), report.id);
    await submitsWhileOthersAreAnswered(id);
  });
});
