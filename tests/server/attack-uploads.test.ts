/**
 * Attack suite — uploads (issue 19 item 6). An upload is refused as soon as it cannot be the announced
 * file: a declared length that is not the announced size before a byte is read, a body that runs past
 * the announced size (chunked too) at the first byte over; the bytes are streamed to a temporary file
 * and hashed as they arrive, never held whole in memory; an inspector has a bounded number of uploads
 * in flight; bytes that no file or announcement references are deleted on release, on a save that
 * drops them, and by `server gc`; a report's announced files have a total size limit. Nothing stored
 * changes on a refused upload, and other requests are answered quickly meanwhile.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, MAX_FILE_BYTES, MAX_REPORT_BYTES, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { blobDir, blobPath } from '../../server/db/blob-store';
import { putBlob } from '../../server/db/files';
import { MAX_UPLOADS_IN_FLIGHT } from '../../server/routes/reports';
import { AMINA, be, client, formOf, listing, login, makeFiles, saveParts, sha256, tempDir, TODAY } from './helpers';
import { blobFiles, expectError, expectResponsive, probeDuring, unchanged } from './attack-helpers';

let dataDir: string;
let server: RunningServer;
let jwt: string;
let amina: ReturnType<typeof client>;

beforeAll(async () => {
  dataDir = tempDir('pir-attack-uploads-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: { info: () => {}, warn: () => {}, error: () => {} }, seed: { today: TODAY }, loginRateLimit: { max: 10_000, windowMs: 60_000 } });
  const l = await login(server.app, AMINA);
  jwt = l.token.jwt;
  amina = client(server.app, jwt);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;
const MB = 2 ** 20;
let seed = 0;

/** A report no tablet holds now (a released one is free again), claimed by Amina's tablet. */
async function claimFree(): Promise<{ report: Pir; id: number; ext: Extended }> {
  const open = (await listing(amina)).filter((p) => p.status !== 'submitted');
  // when none is free, one the tablet already holds (a claim by its holder is a success too)
  const report = open.find((p) => p.claimedByDevice === null) ?? open.find((p) => p.claimedByDevice === AMINA.deviceName)!;
  const id = pirCallId(report);
  expect(await (await amina.postJson(be(paths.claim(id)), { deviceIdentifier: AMINA.deviceName })).json()).toBe(report.id);
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  return { report, id, ext };
}

/** A PDF-looking attachment of `size` bytes, different for each seed. */
function pdfOf(size: number, seed: string): Uint8Array {
  const b = new Uint8Array(size);
  b.set(Buffer.from('%PDF-1.4\n'));
  const fill = crypto.createHash('sha256').update(seed).digest();
  for (let i = 9; i < size; i++) b[i] = fill[i % 32]!;
  return b;
}

/** A report Amina's tablet claims, saved with the given attachments announced (nothing uploaded). */
async function savedWith(attachments: { name: string; bytes: Uint8Array | { size: number; sha256: string } }[]): Promise<{ report: Pir; id: number; ext: Extended }> {
  const { report, id, ext } = await claimFree();
  const parts = saveParts(report, ext, makeFiles(++seed));
  const ann = attachments.map((a, k) => ({
    fileUrl: a.name,
    contentType: 'application/pdf',
    size: a.bytes instanceof Uint8Array ? a.bytes.byteLength : a.bytes.size,
    sha256: a.bytes instanceof Uint8Array ? sha256(a.bytes) : a.bytes.sha256,
    uid: `a${k}`,
    type: 'AUTF',
    name: a.name,
  }));
  const res = await amina.post(be(paths.save(id)), formOf({ ...parts, pictures: [], signatures: [], attachments: ann }));
  expect(res.status, await res.clone().text()).toBe(200);
  return { report, id, ext };
}

const upload = (id: number, name: string, bytes: Uint8Array) => amina.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });

interface Sent {
  status: number;
  body: string;
  /** body bytes written before the reply arrived */
  sentBeforeReply: number;
}

/**
 * An upload over a real socket: `total` bytes (chunked, or with `declared` as its Content-Length) are
 * written as fast as the socket takes them, until the reply arrives; then the request is dropped.
 * Before the reply, at most `total` bytes; the test never holds the body in memory.
 */
function sendUpload(id: number, name: string, total: number, declared: number | null): Promise<Sent> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let replied = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: be(paths.submitFile(id, name)),
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/octet-stream', ...(declared === null ? {} : { 'content-length': String(declared) }) },
      },
      (res) => {
        replied = true;
        const sentBeforeReply = sent;
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, sentBeforeReply });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e) => (replied ? undefined : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!replied && sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!replied && declared === null) req.end();
    };
    pump();
  });
}

describe('bodies that cannot be the announced file are refused before they are read', () => {
  it('a declared Content-Length that is not the announced size → 400 HASH_MISMATCH before the body is sent, nothing stored', async () => {
    const small = pdfOf(10, 'ten');
    const { id } = await savedWith([{ name: 'ten.pdf', bytes: small }]);
    await unchanged(db(), async () => {
      // the body is 48 MB as declared, but only the first chunk is written until a reply comes
      const res = await sendUpload(id, 'ten.pdf', 64 * 1024, 48 * MB);
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: 'HASH_MISMATCH', data: { fileUrl: 'ten.pdf', expected: { size: 10 }, received: { size: 48 * MB } } });
    });
  });

  it('a chunked body past the announced size → 400 HASH_MISMATCH once it passes it: the rest is never read', async () => {
    const small = pdfOf(10, 'ten-chunked');
    const { id } = await savedWith([{ name: 'ten.pdf', bytes: small }]);
    await unchanged(db(), async () => {
      const res = await sendUpload(id, 'ten.pdf', 48 * MB, null);
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: 'HASH_MISMATCH', data: { fileUrl: 'ten.pdf', expected: { size: 10 } } });
      // socket buffers take a few MB before the server stops reading; the 48 MB are never all sent
      expect(res.sentBeforeReply).toBeLessThan(16 * MB);
    });
  });

  it('ten parallel 48 MB bodies for a file announced as 10 bytes: all refused early, nothing stored, probes answered quickly', async () => {
    const small = pdfOf(10, 'ten-parallel');
    const { id } = await savedWith([{ name: 'ten.pdf', bytes: small }]);
    await unchanged(db(), async () => {
      const { result, latencies } = await probeDuring(server.url, () =>
        Promise.all(Array.from({ length: 10 }, (_, k) => sendUpload(id, 'ten.pdf', 48 * MB, k % 2 ? 48 * MB : null))),
      );
      expectResponsive(latencies);
      for (const res of result) {
        // refused for its size, or for too many uploads at once
        expect([400, 429], res.body).toContain(res.status);
        expect(JSON.parse(res.body).message).toMatch(/^(HASH_MISMATCH|TOO_MANY_REQUESTS)$/);
      }
      const sent = result.reduce((sum, r) => sum + r.sentBeforeReply, 0);
      expect(sent).toBeLessThan(10 * 16 * MB);
    });
    expect(fs.readdirSync(path.join(blobDir(db()), 'tmp'))).toEqual([]);
  });

  it('the right size with other bytes → 400 HASH_MISMATCH after reading it: no temporary file is left, nothing stored', async () => {
    const bytes = pdfOf(2 * MB, 'right-size');
    const { id } = await savedWith([{ name: 'two.pdf', bytes }]);
    await unchanged(db(), async () => {
      await expectError(await upload(id, 'two.pdf', pdfOf(2 * MB, 'other-bytes')), 400, 'HASH_MISMATCH');
    });
    expect(fs.readdirSync(path.join(blobDir(db()), 'tmp'))).toEqual([]);
    // the announced bytes are then accepted and stored on disk under their hash
    const res = await upload(id, 'two.pdf', bytes);
    expect(await res.text()).toBe(`ok ${2 * MB}`);
    expect(fs.statSync(blobPath(db(), sha256(bytes))).size).toBe(2 * MB);
  });
});

describe('uploads in flight per inspector', () => {
  it(`more than ${MAX_UPLOADS_IN_FLIGHT} at once → 429 TOO_MANY_REQUESTS with Retry-After; the held ones stream to temporary files`, async () => {
    const files = Array.from({ length: MAX_UPLOADS_IN_FLIGHT + 1 }, (_, k) => ({ name: `f${k}.pdf`, bytes: pdfOf(MB, `inflight-${k}`) }));
    const { id } = await savedWith(files);
    const { port } = new URL(server.url);
    const tmp = path.join(blobDir(db()), 'tmp');
    // MAX uploads send half of their bytes, then wait
    const held = files.slice(0, MAX_UPLOADS_IN_FLIGHT).map((f) => {
      const req = http.request({
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: be(paths.submitFile(id, f.name)),
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/octet-stream', 'content-length': String(MB) },
      });
      req.on('error', () => {});
      req.write(f.bytes.subarray(0, MB / 2));
      return req;
    });
    try {
      // each held upload is being written to its own temporary file, half of it so far
      await expect.poll(() => fs.readdirSync(tmp).map((n) => fs.statSync(path.join(tmp, n)).size).filter((s) => s >= MB / 2).length, { timeout: 10_000 }).toBe(MAX_UPLOADS_IN_FLIGHT);
      const last = files[MAX_UPLOADS_IN_FLIGHT]!;
      const res = await unchanged(db(), () => upload(id, last.name, last.bytes));
      expect(res.headers.get('retry-after')).toBe('1');
      const body = await expectError(res, 429, 'TOO_MANY_REQUESTS');
      expect(body.data).toMatchObject({ retryAfter: 1, limit: MAX_UPLOADS_IN_FLIGHT });
    } finally {
      for (const req of held) req.destroy();
    }
    // the dropped uploads leave nothing behind, and the slots are free again
    await expect.poll(() => fs.readdirSync(tmp), { timeout: 10_000 }).toEqual([]);
    const last = files[MAX_UPLOADS_IN_FLIGHT]!;
    expect(await (await upload(id, last.name, last.bytes)).text()).toBe(`ok ${MB}`);
  });
});

describe('bytes no file or announcement references are deleted', () => {
  it('three rounds of claim, upload 5 MB, release leave no bytes behind', async () => {
    const before = blobFiles(db());
    const rowsBefore = db().prepare('SELECT COUNT(*) AS n FROM blobs').get();
    for (let round = 0; round < 3; round++) {
      const bytes = pdfOf(5 * MB, `round-${round}`);
      const { id } = await savedWith([{ name: 'big.pdf', bytes }]);
      expect(await (await upload(id, 'big.pdf', bytes)).text()).toBe(`ok ${5 * MB}`);
      expect(fs.existsSync(blobPath(db(), sha256(bytes)))).toBe(true);
      expect(await (await amina.postJson(be(paths.release(id)), { deviceIdentifier: AMINA.deviceName })).json()).toBe(1);
      expect(fs.existsSync(blobPath(db(), sha256(bytes)))).toBe(false);
    }
    expect(blobFiles(db())).toEqual(before);
    expect(db().prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual(rowsBefore);
  });

  it('a save that no longer announces an uploaded file deletes its bytes; bytes a seeded file uses are kept', async () => {
    const bytes = pdfOf(MB, 'dropped');
    const { id, report, ext } = await savedWith([{ name: 'gone.pdf', bytes }]);
    expect(await (await upload(id, 'gone.pdf', bytes)).text()).toBe(`ok ${MB}`);
    const parts = saveParts(report, ext, makeFiles(99));
    expect((await amina.post(be(paths.save(id)), formOf({ ...parts, pictures: [], signatures: [], attachments: [] }))).status).toBe(200);
    expect(fs.existsSync(blobPath(db(), sha256(bytes)))).toBe(false);
    expect(db().prepare('SELECT 1 FROM blobs WHERE sha256 = ?').get(sha256(bytes))).toBeUndefined();
    // every file the listing links to can still be downloaded
    const seeded = db().prepare('SELECT sha256 FROM files').all() as { sha256: string }[];
    for (const { sha256: sha } of seeded) expect(fs.existsSync(blobPath(db(), sha)), sha).toBe(true);
  });

  it('`server gc` deletes unreferenced bytes, stray and stale temporary files, and keeps everything referenced', async () => {
    const orphan = putBlob(db(), pdfOf(3 * MB, 'orphan'));
    const stray = path.join(blobDir(db()), 'ab', 'ab'.padEnd(64, '0'));
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'stray');
    const staleTmp = path.join(blobDir(db()), 'tmp', 'stale.part');
    const freshTmp = path.join(blobDir(db()), 'tmp', 'fresh.part');
    fs.writeFileSync(staleTmp, 'half an upload');
    fs.writeFileSync(freshTmp, 'an upload under way');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(staleTmp, old, old);
    fs.utimesSync(stray, old, old);
    const referenced = (db().prepare('SELECT DISTINCT sha256 FROM files UNION SELECT sha256 FROM announced WHERE received_at IS NOT NULL').all() as { sha256: string }[]).map((r) => r.sha256);

    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'gc', '--data', dataDir], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gc: 1 unreferenced stored file\(s\) and 2 stray or temporary file\(s\) deleted/);
    expect(fs.existsSync(blobPath(db(), orphan))).toBe(false);
    expect(db().prepare('SELECT 1 FROM blobs WHERE sha256 = ?').get(orphan)).toBeUndefined();
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(staleTmp)).toBe(false);
    expect(fs.existsSync(freshTmp)).toBe(true);
    for (const sha of referenced) expect(fs.existsSync(blobPath(db(), sha)), sha).toBe(true);
    fs.rmSync(freshTmp);
    // nothing left to collect: a second run changes nothing
    const again = await unchanged(db(), async () => spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'gc', '--data', dataDir], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' }));
    expect(again.stdout).toMatch(/gc: 0 unreferenced stored file\(s\) and 0 stray/);
  });
});

describe('a report has a total size limit', () => {
  it(`a save announcing more than ${MAX_REPORT_BYTES / 2 ** 30} GB of files → 413 PAYLOAD_TOO_LARGE, nothing stored`, async () => {
    const { report, id, ext } = await claimFree();
    const parts = saveParts(report, ext, makeFiles(5));
    const count = Math.floor(MAX_REPORT_BYTES / MAX_FILE_BYTES) + 1;
    const huge = Array.from({ length: count }, (_, k) => ({ ...parts.attachments[0]!, fileUrl: `huge-${k}.pdf`, uid: `h${k}`, size: MAX_FILE_BYTES, sha256: sha256(Buffer.from(`h${k}`)) }));
    await unchanged(db(), async () => {
      const body = await expectError(await amina.post(be(paths.save(id)), formOf({ ...parts, pictures: [], signatures: [], attachments: huge })), 413, 'PAYLOAD_TOO_LARGE');
      expect(body.data).toEqual({ reportBytes: count * MAX_FILE_BYTES, limit: MAX_REPORT_BYTES });
    });
    // at the limit it is accepted
    const atLimit = huge.slice(0, count - 1);
    expect((await amina.post(be(paths.save(id)), formOf({ ...parts, pictures: [], signatures: [], attachments: atLimit }))).status).toBe(200);
  });
});
