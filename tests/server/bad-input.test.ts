/** Bad input: each rejected with a clear 4xx JSON message, and the database unchanged. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorReply,
  extendedReply,
  MAX_FILE_BYTES,
  MAX_JSON_BYTES,
  paths,
  pirCallId,
  type Pir,
} from '../../lib/contract/index';
import { MAX_SAVE_BYTES } from '../../server/app';
import { AMINA, asUser, be, formOf, listing, makeApp, makeFiles, pick, saveParts, sha256, snapshot, type TestApp } from './helpers';

let t: TestApp;
let amina: Awaited<ReturnType<typeof asUser>>;
let held: Pir;
let id: number;

beforeAll(async () => {
  t = await makeApp();
  amina = await asUser(t.app, AMINA);
  held = pick(await listing(amina), (p) => p.claimedByDevice === AMINA.deviceName && p.status === 'signing');
  id = pirCallId(held);
  // a save, so that uploads have an announcement to check against
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  const res = await amina.post(be(paths.save(id)), formOf(saveParts(held, ext, makeFiles(5))));
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

/** Runs a request, expects the status and message, and checks nothing changed. */
async function rejects(status: number, message: string | RegExp, run: () => Response | Promise<Response>): Promise<void> {
  const before = snapshot(t.app.ctx.db);
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = errorReply.parse(await res.json());
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
  expect(snapshot(t.app.ctx.db)).toBe(before);
}

describe('routes and ids', () => {
  it('unknown /be routes → 404', async () => {
    await rejects(404, 'NOT_FOUND', () => amina.get('/be/offline-api/nothing-here'));
    await rejects(404, 'NOT_FOUND', () => amina.get('/be'));
    await rejects(404, 'NOT_FOUND', () => amina.get('/be/'));
    await rejects(404, 'NOT_FOUND', () => t.app.request('/be/no/such/route', { method: 'DELETE' }));
    // wrong method on a known path
    await rejects(404, 'NOT_FOUND', () => amina.get('/be/login'));
  });

  it('unknown report id → 404', async () => {
    await rejects(404, 'REPORT_NOT_FOUND', () => amina.get(be(paths.extended(424242))));
    await rejects(404, 'REPORT_NOT_FOUND', () => amina.postJson(be(paths.claim(424242)), { deviceIdentifier: amina.device }));
    await rejects(404, 'REPORT_NOT_FOUND', () => amina.get(be(paths.completeSubmit(424242))));
    await rejects(404, 'REPORT_NOT_FOUND', () => amina.post(be(paths.submitFile(424242, 'pic-1.jpg')), new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
  });

  it('non-numeric or out-of-range ids → 400', async () => {
    for (const bad of ['abc', '12a', '-1', '0', '1.5', '99999999999', '%20']) {
      await rejects(400, 'INVALID_ID', () => amina.get(`/be/offline-api/pir/${bad}`));
      await rejects(400, 'INVALID_ID', () => amina.postJson(`/be/offline-api/pir/${bad}/device-claim`, { deviceIdentifier: amina.device }));
    }
    await rejects(400, 'INVALID_ID', () => amina.post('/be/offline-api/submit-file/x/pic-1.jpg', new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
  });
});

describe('bodies', () => {
  it('malformed JSON → 400', async () => {
    await rejects(400, 'MALFORMED_JSON', () => amina.post(be(paths.claim(id)), '{"deviceIdentifier": ', { 'content-type': 'application/json' }));
    await rejects(400, 'MALFORMED_JSON', () =>
      t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' }),
    );
  });

  it('JSON of the wrong shape → 400 with details', async () => {
    await rejects(400, 'INVALID_REQUEST', () => amina.postJson(be(paths.claim(id)), { device: amina.device }));
    await rejects(400, 'INVALID_REQUEST', () => amina.postJson(be(paths.claim(id)), [1, 2]));
  });

  it('wrong content type → 415', async () => {
    await rejects(415, 'UNSUPPORTED_MEDIA_TYPE', () => amina.post(be(paths.claim(id)), JSON.stringify({ deviceIdentifier: amina.device }), { 'content-type': 'text/plain' }));
    await rejects(415, 'UNSUPPORTED_MEDIA_TYPE', () => amina.post(be(paths.save(id)), JSON.stringify({}), { 'content-type': 'application/json' }));
    await rejects(415, 'UNSUPPORTED_MEDIA_TYPE', () => amina.post(be(paths.submitFile(id, 'pic-1.jpg')), new Uint8Array(3) as BodyInit, { 'content-type': 'image/jpeg' }));
    await rejects(415, 'UNSUPPORTED_MEDIA_TYPE', () =>
      t.app.request('/be/login', { method: 'POST', body: 'username=amina&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
  });

  it('bodies over the limits → 413', async () => {
    const bigJson = JSON.stringify({ deviceIdentifier: amina.device, pad: 'x'.repeat(MAX_JSON_BYTES) });
    await rejects(413, 'PAYLOAD_TOO_LARGE', () => amina.post(be(paths.claim(id)), bigJson, { 'content-type': 'application/json' }));
    await rejects(413, 'PAYLOAD_TOO_LARGE', () => t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: bigJson }));
    // a chunked body without Content-Length is cut off too
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new Uint8Array(1024 * 1024).fill(32);
        for (let i = 0; i < 3; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    await rejects(413, 'PAYLOAD_TOO_LARGE', () =>
      t.app.request(be(paths.claim(id)), { method: 'POST', body: stream, headers: { authorization: `Bearer ${amina.login.token.jwt}`, 'content-type': 'application/json' }, duplex: 'half' } as RequestInit),
    );
    const form = new FormData();
    form.append('pir', 'x'.repeat(MAX_SAVE_BYTES + 10));
    await rejects(413, 'PAYLOAD_TOO_LARGE', () => amina.post(be(paths.save(id)), form));
    await rejects(413, 'PAYLOAD_TOO_LARGE', () =>
      amina.post(be(paths.submitFile(id, 'pic-1.jpg')), new Uint8Array(MAX_FILE_BYTES + 1) as BodyInit, {
        'content-type': 'application/octet-stream',
        'content-length': String(MAX_FILE_BYTES + 1),
      }),
    );
  });

  it('a save with a missing or malformed part → 400', async () => {
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    const parts = saveParts(held, ext, makeFiles(6));
    const missing = formOf({ ...parts, signatures: undefined });
    missing.delete('signatures');
    await rejects(400, 'INVALID_REQUEST', () => amina.post(be(paths.save(id)), missing));
    const malformed = formOf(parts);
    malformed.set('vessel', '{oops');
    await rejects(400, 'MALFORMED_JSON', () => amina.post(be(paths.save(id)), malformed));
    await rejects(400, 'INVALID_REQUEST', () => amina.post(be(paths.save(id)), formOf({ ...parts, pictures: [{ fileUrl: '../x' }] })));
    // "VMS on board" is one of the spec's three codes (spelt yes-rmfo)
    await rejects(400, 'INVALID_REQUEST', () => amina.post(be(paths.save(id)), formOf({ ...parts, vessel: { ...parts.vessel, vmsOnBoard: 'yes-rfmo' } })));
    const dup = { ...parts, attachments: [{ ...parts.attachments[0]!, fileUrl: 'pic-1.jpg' }] };
    await rejects(400, 'DUPLICATE_FILE_URL', () => amina.post(be(paths.save(id)), formOf(dup)));
    const other = { ...parts, pir: { ...parts.pir, id: 1, fileId: 1 } };
    await rejects(400, 'REPORT_MISMATCH', () => amina.post(be(paths.save(id)), formOf(other)));
    await rejects(400, 'MALFORMED_MULTIPART', () =>
      amina.post(be(paths.save(id)), '--nope\r\ngarbage', { 'content-type': 'multipart/form-data; boundary=zzz' }),
    );
  });
});

describe('uploads', () => {
  it('path traversal in fileUrl → 400', async () => {
    for (const name of ['..%2f..%2fetc%2fpasswd', '..%2F..%2Fdata%2Fpir.sqlite', 'a%2fb', '.hidden', 'a%5cb', '%00x', '..%5c..%5cx', 'x%2f..']) {
      await rejects(400, 'INVALID_FILE_URL', () => amina.post(`/be/offline-api/submit-file/${id}/${name}`, new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
    }
    // bare dot segments are resolved by the URL parser before routing: the request lands elsewhere (404)
    for (const name of ['..', '%2e%2e', '%2e%2e/%2e%2e/etc']) {
      await rejects(404, 'NOT_FOUND', () => amina.post(`/be/offline-api/submit-file/${id}/${name}`, new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
    }
    await rejects(400, 'INVALID_FILE_URL', () => amina.post(`/be/offline-api/submit-file/${id}/a/b`, new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
  });

  it('a file that was not announced → 404', async () => {
    await rejects(404, 'FILE_NOT_ANNOUNCED', () => amina.post(be(paths.submitFile(id, 'other.jpg')), new Uint8Array(3) as BodyInit, { 'content-type': 'application/octet-stream' }));
  });

  it('bytes that do not match the announcement → 400 HASH_MISMATCH, nothing stored', async () => {
    const announced = makeFiles(5).picture;
    const wrong = new Uint8Array(announced);
    wrong[0] = wrong[0]! ^ 0xff;
    await rejects(400, 'HASH_MISMATCH', () => amina.post(be(paths.submitFile(id, 'pic-1.jpg')), wrong as BodyInit, { 'content-type': 'application/octet-stream' }));
    await rejects(400, 'HASH_MISMATCH', () => amina.post(be(paths.submitFile(id, 'pic-1.jpg')), announced.subarray(1) as BodyInit, { 'content-type': 'application/octet-stream' }));
    const blob = t.app.ctx.db.prepare('SELECT 1 FROM blobs WHERE sha256 = ?').get(sha256(wrong));
    expect(blob).toBeUndefined();
  });

  it('an Idempotency-Key that is not printable ASCII → 400', async () => {
    await rejects(400, 'INVALID_REQUEST', () => amina.postJson(be(paths.claim(id)), { deviceIdentifier: amina.device }, { 'Idempotency-Key': 'x'.repeat(300) }));
  });
});

describe('reference data', () => {
  it('unknown dataset → 404', async () => {
    await rejects(404, 'UNKNOWN_DATASET', () => amina.get('/be/reference_data/__proto__'));
    await rejects(404, 'UNKNOWN_DATASET', () => amina.get('/be/reference_data/..%2f..%2fetc%2fpasswd'));
  });

  it('a dataset file missing on disk → 503 with a message', async () => {
    const dir = (await import('./helpers')).tempDir('pir-ref-');
    const other = await makeApp({ dataDir: t.dataDir, seed: false, referenceDir: dir });
    try {
      const u = await asUser(other.app, AMINA);
      const res = await u.get(be(paths.referenceData('species')));
      expect(res.status).toBe(503);
      expect(errorReply.parse(await res.json())).toMatchObject({ message: 'REFERENCE_DATA_UNAVAILABLE' });
    } finally {
      other.app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
