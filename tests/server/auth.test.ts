/** Authentication and authorisation failures on every protected call. */
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply, extendedReply, IDEMPOTENCY_HEADER, paths, pirCallId, SESSION_EXPIRED, type Pir } from '../../lib/contract/index';
import { ISSUER, SECRET_FILE } from '../../server/auth/jwt';
import {
  AMINA,
  asUser,
  be,
  CLAIRE,
  formOf,
  listing,
  makeApp,
  makeFiles,
  pick,
  RAJESH,
  saveParts,
  snapshot,
  uploads,
  type TestApp,
} from './helpers';

let t: TestApp;
let held: Pir; // claimed by Amina's device
beforeAll(async () => {
  t = await makeApp();
  const amina = await asUser(t.app, AMINA);
  held = pick(await listing(amina), (p) => p.claimedByDevice === AMINA.deviceName && p.status === 'inspecting');
});
afterAll(() => t?.close());

/** Every protected call, with a body where it needs one. */
function protectedCalls(id: number): { name: string; method: 'GET' | 'POST'; path: string; body?: () => BodyInit; type?: string }[] {
  return [
    { name: 'refresh_token', method: 'GET', path: be(paths.refreshToken()) },
    { name: 'current-files', method: 'GET', path: be(paths.currentFiles()) },
    { name: 'device-claim', method: 'POST', path: be(paths.claim(id)), body: () => JSON.stringify({ deviceIdentifier: 'X' }), type: 'application/json' },
    { name: 'device-release', method: 'POST', path: be(paths.release(id)), body: () => JSON.stringify({ deviceIdentifier: 'X' }), type: 'application/json' },
    { name: 'save', method: 'POST', path: be(paths.save(id)), body: () => formOf({ pir: {} }) },
    { name: 'submit-file', method: 'POST', path: be(paths.submitFile(id, 'pic-1.jpg')), body: () => new Uint8Array([1, 2, 3]) as BodyInit, type: 'application/octet-stream' },
    { name: 'complete-submit', method: 'GET', path: be(paths.completeSubmit(id)) },
    { name: 'extended', method: 'GET', path: be(paths.extended(id)) },
    { name: 'file', method: 'GET', path: be(paths.file('pictures', 1)) },
    { name: 'reference_data', method: 'GET', path: be(paths.referenceData('flag')) },
  ];
}

function secret(): Uint8Array {
  return new Uint8Array(Buffer.from(fs.readFileSync(path.join(t.dataDir, SECRET_FILE), 'utf8').trim(), 'base64url'));
}

async function expired(): Promise<string> {
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ dev: AMINA.deviceName })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer(ISSUER)
    .setIssuedAt(past - 3600)
    .setExpirationTime(past)
    .sign(secret());
}

describe('401 SESSION_EXPIRED on every protected call', () => {
  const variants: [string, () => Promise<Record<string, string>>][] = [
    ['no token', async () => ({})],
    ['not a bearer token', async () => ({ authorization: 'Basic YW1pbmE6YW1pbmEtZGVtbw==' })],
    ['garbage token', async () => ({ authorization: 'Bearer not.a.jwt' })],
    [
      'tampered token',
      async () => {
        const { login } = await asUser(t.app, AMINA);
        const [h, p, s] = login.token.jwt.split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
        claims.dev = RAJESH.deviceName;
        return { authorization: `Bearer ${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}` };
      },
    ],
    [
      'token signed with another secret',
      async () => ({
        authorization: `Bearer ${await new SignJWT({ dev: AMINA.deviceName }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer(ISSUER).setExpirationTime('1h').sign(new Uint8Array(64).fill(7))}`,
      }),
    ],
    ['expired token', async () => ({ authorization: `Bearer ${await expired()}` })],
    [
      'alg none token',
      async () => {
        const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return { authorization: `Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: '1', dev: AMINA.deviceName, iss: ISSUER, exp: 9e9 })}.` };
      },
    ],
  ];

  for (const [label, headers] of variants) {
    it(label, async () => {
      const before = snapshot(t.app.ctx.db);
      for (const call of protectedCalls(pirCallId(held))) {
        const h = { ...(await headers()), ...(call.type ? { 'content-type': call.type } : {}) };
        const res = await t.app.request(call.path, { method: call.method, headers: h, body: call.body?.() });
        expect(res.status, `${label}: ${call.name}`).toBe(401);
        expect(await res.json(), call.name).toEqual({ message: SESSION_EXPIRED });
      }
      expect(snapshot(t.app.ctx.db)).toBe(before);
    });
  }

  it('a token issued with a 1 s lifetime expires', async () => {
    const short = await makeApp({ dataDir: t.dataDir, tokenTtl: 1, seed: false });
    try {
      const u = await asUser(short.app, CLAIRE);
      expect(u.login.token.expire).toBe(1);
      expect((await u.get(be(paths.currentFiles()))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await u.get(be(paths.currentFiles()));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: SESSION_EXPIRED });
    } finally {
      short.app.close();
    }
  });

  it('a token of a user that no longer exists is refused', async () => {
    const ghost = await new SignJWT({ dev: 'GHOST' }).setProtectedHeader({ alg: 'HS256' }).setSubject('999').setIssuer(ISSUER).setExpirationTime('1h').sign(secret());
    const res = await t.app.request(be(paths.currentFiles()), { headers: { authorization: `Bearer ${ghost}` } });
    expect(res.status).toBe(401);
  });
});

describe('login failures', () => {
  const post = (app: TestApp['app'], body: unknown) =>
    app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('wrong password, unknown user → 401 INVALID_CREDENTIALS', async () => {
    for (const body of [
      { username: 'amina', password: 'wrong', deviceName: '' },
      { username: 'nobody', password: 'amina-demo', deviceName: '' },
      { username: 'AMINA', password: 'rajesh-demo', deviceName: 'X' },
    ]) {
      const res = await post(t.app, body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'INVALID_CREDENTIALS' });
    }
  });

  it('missing fields → 400 with details', async () => {
    const res = await post(t.app, { username: 'amina' });
    expect(res.status).toBe(400);
    const body = errorReply.parse(await res.json());
    expect(body.message).toBe('INVALID_REQUEST');
    expect(body.data).toBeTruthy();
  });

  it('rate-limits login per client address with 429', async () => {
    const limited = await makeApp({ dataDir: t.dataDir, seed: false, loginRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await post(limited.app, { username: 'amina', password: 'bad', deviceName: '' })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const res = await post(limited.app, { username: 'amina', password: 'amina-demo', deviceName: '' });
      expect(res.status).toBe(429);
      expect(errorReply.parse(await res.json()).message).toBe('TOO_MANY_REQUESTS');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      limited.app.close();
    }
  });

  it('behind a trusted proxy, each forwarded address has its own budget', async () => {
    const limited = await makeApp({ dataDir: t.dataDir, seed: false, trustProxy: true, loginRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const from = (ip: string) =>
        limited.app.request('/be/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ username: 'amina', password: 'bad', deviceName: '' }),
        });
      expect((await from('10.0.0.1')).status).toBe(401);
      expect((await from('10.0.0.1')).status).toBe(401);
      expect((await from('10.0.0.1')).status).toBe(429);
      expect((await from('10.0.0.2')).status).toBe(401);
    } finally {
      limited.app.close();
    }
  });
});

describe('403 for a device that does not hold the claim; nothing stored', () => {
  it('save, submit-file and complete-submit by another device', async () => {
    const amina = await asUser(t.app, AMINA);
    const rajesh = await asUser(t.app, RAJESH);
    const id = pirCallId(held);
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    const files = makeFiles(21);

    // the holder saves (so there is something announced to upload)
    const ok = await amina.post(be(paths.save(id)), formOf(saveParts(held, ext, files)));
    expect(ok.status).toBe(200);

    const before = snapshot(t.app.ctx.db);
    const save = await rajesh.post(be(paths.save(id)), formOf(saveParts(held, ext, makeFiles(22))), { [IDEMPOTENCY_HEADER]: 'r-save' });
    expect(save.status).toBe(403);
    expect(errorReply.parse(await save.json()).message).toBe('NOT_CLAIMED_BY_DEVICE');
    for (const [name, bytes] of uploads(files)) {
      const res = await rajesh.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });
      expect(res.status).toBe(403);
      expect(errorReply.parse(await res.json()).message).toBe('NOT_CLAIMED_BY_DEVICE');
    }
    const complete = await rajesh.get(be(paths.completeSubmit(id)));
    expect(complete.status).toBe(403);
    expect(snapshot(t.app.ctx.db)).toBe(before);

    // the same user on another tablet is another device
    const spare = await (async () => {
      const res = await t.app.request('/be/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: AMINA.username, password: AMINA.password, deviceName: 'SPARE-TAB' }),
      });
      return ((await res.json()) as { token: { jwt: string } }).token.jwt;
    })();
    const res = await t.app.request(be(paths.submitFile(id, 'pic-1.jpg')), {
      method: 'POST',
      headers: { authorization: `Bearer ${spare}`, 'content-type': 'application/octet-stream' },
      body: files.picture as BodyInit,
    });
    expect(res.status).toBe(403);
    expect(snapshot(t.app.ctx.db)).toBe(before);
  });

  it('release by a non-holder is refused and changes nothing', async () => {
    const claire = await asUser(t.app, CLAIRE);
    const before = snapshot(t.app.ctx.db);
    const res = await claire.postJson(be(paths.release(pirCallId(held))), { deviceIdentifier: claire.device });
    expect(res.status).toBe(403);
    expect(snapshot(t.app.ctx.db)).toBe(before);
  });
});
