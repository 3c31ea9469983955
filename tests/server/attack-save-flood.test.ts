/**
 * Attack suite — parallel saves exhaust memory (issue 31 item 6). A save is read up to the largest legal
 * save (five JSON parts of at most 2 MB): 25 parallel 19 MB saves are refused at once (413). Saves count
 * against the inspector's in-flight limit uploads have (429 + Retry-After past it), the bytes of saves
 * being read are bounded server-wide (503 SERVER_BUSY + Retry-After past it), and a part the contract
 * does not have is refused (400). Probes are answered quickly meanwhile, nothing stored changes, and an
 * honest save is accepted once the others are done.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { SAVE_BODY_MAX, SAVE_MEMORY_BUDGET } from '../../server/http/body-limits';
import { MAX_UPLOADS_IN_FLIGHT } from '../../server/routes/reports';
import { AMINA, be, client, formOf, listing, login, makeFiles, saveParts, tempDir, TODAY } from './helpers';
import { expectError, expectResponsive, probeDuring, unchanged } from './attack-helpers';

let dataDir: string;
let server: RunningServer;
let jwt: string;
let held: Pir;
let ext: Extended;
const db = () => server.app.ctx.db;

beforeAll(async () => {
  dataDir = tempDir('pir-attack-saves-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: { info: () => {}, warn: () => {}, error: () => {} }, seed: { today: TODAY } });
  jwt = (await login(server.app, AMINA)).token.jwt;
  const amina = client(server.app, jwt);
  held = (await listing(amina)).find((p) => p.claimedByDevice === AMINA.deviceName && p.status !== 'submitted')!;
  ext = extendedReply.parse(await (await amina.get(be(paths.extended(pirCallId(held))))).json());
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const savePath = () => be(paths.save(pirCallId(held)));

/** A save whose head and first bytes are sent, the rest held back until `drop()`: a slow tablet, or an attacker. */
function heldSave(declared: number, first = 0): { reply: Promise<string>; drop(): void } {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let got = '';
  const reply = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(got));
  });
  socket.write(
    `POST ${savePath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: multipart/form-data; boundary=held\r\nContent-Length: ${declared}\r\n\r\n--held\r\n`,
  );
  if (first) socket.write(Buffer.alloc(first, 0x20));
  return { reply, drop: () => socket.destroy() };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe('saves are read with a bound on memory', () => {
  it('25 parallel saves declaring 19 MB → each 413 at once, unread (a legal save is at most five 2 MB parts); probes answered quickly', async () => {
    const declared = 19 * 2 ** 20;
    const { result, latencies } = await probeDuring(server.url, () =>
      unchanged(db(), () =>
        Promise.all(
          Array.from({ length: 25 }, async () => {
            const s = heldSave(declared, 64 * 1024);
            const reply = await Promise.race([s.reply, new Promise<string>((r) => setTimeout(() => r('no reply within 5 s'), 5000))]);
            s.drop();
            return reply;
          }),
        ),
      ),
    );
    for (const reply of result) {
      expect(reply).toMatch(/^HTTP\/1\.1 413 /);
      expect(reply).toContain('PAYLOAD_TOO_LARGE');
    }
    expect(SAVE_BODY_MAX).toBeLessThan(11 * 2 ** 20);
    expectResponsive(latencies);
  });

  it(`saves count against the inspector's ${MAX_UPLOADS_IN_FLIGHT} uploads in flight: the next save and upload → 429 + Retry-After`, async () => {
    // an honest save first: its picture is announced, so an upload of it is a legal request
    expect((await client(server.app, jwt).post(savePath(), formOf(saveParts(held, ext, makeFiles(61))))).status).toBe(200);
    const slow = Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, () => heldSave(200_000));
    await settle();
    try {
      const amina = client(server.app, jwt);
      const form = () => formOf(saveParts(held, ext, makeFiles(61)));
      const { latencies } = await probeDuring(server.url, () =>
        unchanged(db(), async () => {
          for (let i = 0; i < 20; i++) {
            const save = await amina.post(savePath(), form());
            expect(save.headers.get('retry-after')).toBe('1');
            await expectError(save, 429, 'TOO_MANY_REQUESTS');
            await new Promise((r) => setTimeout(r, 10));
          }
          // and the uploads share the limit
          const upload = await amina.post(be(paths.submitFile(pirCallId(held), 'pic-1.jpg')), makeFiles(61).picture as BodyInit, { 'content-type': 'application/octet-stream' });
          expect(upload.headers.get('retry-after')).toBe('1');
          await expectError(upload, 429, 'TOO_MANY_REQUESTS');
        }),
      );
      expectResponsive(latencies);
    } finally {
      for (const s of slow) s.drop();
    }
    await Promise.all(slow.map((s) => s.reply));
    await settle();
    // the slots are free again: an honest save is accepted
    const ok = await client(server.app, jwt).post(savePath(), formOf(saveParts(held, ext, makeFiles(62))));
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it(`the bytes of saves being read are bounded server-wide (${SAVE_MEMORY_BUDGET / 2 ** 20} MB): past it → 503 SERVER_BUSY + Retry-After`, async () => {
    const each = SAVE_BODY_MAX - 1;
    const n = Math.floor(SAVE_MEMORY_BUDGET / each);
    expect(n).toBeLessThan(MAX_UPLOADS_IN_FLIGHT);
    const slow = Array.from({ length: n }, () => heldSave(each));
    await settle();
    try {
      await unchanged(db(), async () => {
        const res = await fetch(`${server.url}${savePath()}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${jwt}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(each) },
          body: Buffer.alloc(each, 0x20),
        }).catch(() => null);
        expect(res).not.toBeNull();
        const retry = Number(res!.headers.get('retry-after'));
        expect(retry).toBeGreaterThanOrEqual(1);
        const reply = await expectError(res!, 503, 'SERVER_BUSY');
        expect(reply.data).toMatchObject({ retryAfter: retry });
      });
    } finally {
      for (const s of slow) s.drop();
    }
    await Promise.all(slow.map((s) => s.reply));
    await settle();
    const ok = await client(server.app, jwt).post(savePath(), formOf(saveParts(held, ext, makeFiles(63))));
    expect(ok.status).toBe(200);
  });

  it('a part the contract does not have → 400 INVALID_REQUEST naming it, nothing stored', async () => {
    const form = formOf(saveParts(held, ext, makeFiles(64)));
    form.append('padding', 'x'.repeat(1_000_000));
    const reply = await unchanged(db(), async () => expectError(await client(server.app, jwt).post(savePath(), form), 400, 'INVALID_REQUEST'));
    expect(reply.data).toEqual([{ path: 'padding', message: 'unknown part' }]);
  });
});
