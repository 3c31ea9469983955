/**
 * Attack suite — a thousand logins a minute from one client. With the default limit (20 a minute per
 * client address) the rest get 429 TOO_MANY_REQUESTS with Retry-After; meanwhile other addresses —
 * the same user among them — log in; the flooding address is let in again once its window passes
 * (refused attempts do not extend it). Over a real socket: without --trust-proxy a forged
 * X-Forwarded-For does not buy a new budget; with it, each forwarded address has its own.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply, loginReply } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, CLAIRE, makeApp, NO_LOGIN_THROTTLE, RAJESH, silent, tempDir, TODAY, type TestApp } from './helpers';
import { unchanged } from './attack-helpers';

const body = (user: { username: string; password: string }, password = user.password) => JSON.stringify({ username: user.username, password, deviceName: '' });

/** A login from a given socket address, in-process (the rate limiter reads the peer address of the socket). */
function loginFrom(app: TestApp['app'], address: string, payload: string): Promise<Response> {
  return Promise.resolve(app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }, { incoming: { socket: { remoteAddress: address } } } as never));
}

let t: TestApp;
beforeAll(async () => {
  // the production default: 20 attempts a minute per address
  t = await makeApp({ loginRateLimit: undefined });
});
afterAll(() => t?.close());

describe('a thousand logins a minute from one address', () => {
  it('the first 20 are answered, the other 980 get 429 with a clear reply; other addresses and the same user elsewhere still log in', async () => {
    const attacker = '203.0.113.66';
    const statuses = new Map<number, number>();
    let otherLogins = 0;
    const sessionsBefore = (t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
    // nothing but the sessions of the real users' logins (and of the flood's right guesses) is stored
    await unchanged(t.app.ctx.db, async () => {
      for (let i = 0; i < 1000; i++) {
        // a password-guessing run against Amina, now and then with her real password
        const res = await loginFrom(t.app, attacker, body(AMINA, i % 50 === 49 ? AMINA.password : `guess-${i}`));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (i < 20) {
          expect([200, 401]).toContain(res.status);
          continue;
        }
        expect(res.status, `attempt ${i + 1}`).toBe(429);
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        const reply = errorReply.parse(await res.json());
        expect(reply).toEqual({ message: 'TOO_MANY_REQUESTS', data: { retryAfter } });
        // meanwhile, every 100 attempts, the real users log in from their own tablets
        if (i % 100 === 50) {
          for (const [n, user] of [AMINA, RAJESH, CLAIRE].entries()) {
            const ok = await loginFrom(t.app, `198.51.100.${10 + n}`, body(user));
            expect(ok.status, `${user.username} from another address`).toBe(200);
            loginReply.parse(await ok.json());
            otherLogins++;
          }
        }
      }
    }, ['sessions']);
    expect(statuses.get(429)).toBe(980);
    expect((statuses.get(401) ?? 0) + (statuses.get(200) ?? 0)).toBe(20);
    expect(otherLogins).toBe(30);
    expect((t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n).toBe(sessionsBefore + 30 + (statuses.get(200) ?? 0));
  });

  it('the 429 comes before the body is read: even a malformed or huge body is refused cheaply, and says the same', async () => {
    const attacker = '203.0.113.66';
    for (const payload of ['not json', '{"username":1}', JSON.stringify({ username: 'x'.repeat(5000), password: 'y', deviceName: '' })]) {
      const res = await loginFrom(t.app, attacker, payload);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).toBe('TOO_MANY_REQUESTS');
    }
  });

  it('the reply does not tell whether the user exists: a known and an unknown name get the same 429', async () => {
    const attacker = '203.0.113.66';
    const a = await loginFrom(t.app, attacker, body(AMINA));
    const b = await loginFrom(t.app, attacker, body({ username: 'nobody-here', password: 'x' }));
    expect([a.status, b.status]).toEqual([429, 429]);
    const strip = (r: { data?: unknown; message: string }) => r.message;
    expect(strip(errorReply.parse(await a.json()))).toBe(strip(errorReply.parse(await b.json())));
  });
});

describe('no lock-out once the window passes (short window)', () => {
  it('hammering through the window does not extend it; after it the same address and user log in', async () => {
    const short = await makeApp({ dataDir: t.dataDir, seed: false, loginRateLimit: { max: 5, windowMs: 1500 } });
    try {
      const address = '192.0.2.7';
      const started = Date.now();
      const seen: number[] = [];
      // keep flooding for longer than the window
      while (Date.now() - started < 1200) seen.push((await loginFrom(short.app, address, body(AMINA, 'wrong'))).status);
      expect(seen.slice(0, 5).every((s) => s === 401)).toBe(true);
      expect(seen.slice(5).every((s) => s === 429)).toBe(true);
      expect(seen.length).toBeGreaterThan(20);
      const refused = await loginFrom(short.app, address, body(AMINA));
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(2);
      // the window counts from the first accepted attempts, not from the last refused one
      await new Promise((r) => setTimeout(r, Math.max(0, started + 1600 - Date.now())));
      const ok = await loginFrom(short.app, address, body(AMINA));
      expect(ok.status).toBe(200);
      loginReply.parse(await ok.json());
    } finally {
      short.app.close();
    }
  });
});

describe('over a real socket', () => {
  let dataDir: string;
  let plain: RunningServer;
  let proxied: RunningServer;
  let realIp: RunningServer;
  beforeAll(async () => {
    dataDir = tempDir('pir-attack-rate-');
    const common = { port: 0, staticDir: null, logger: silent, loginThrottle: NO_LOGIN_THROTTLE, loginRateLimit: { max: 20, windowMs: 60_000 } };
    plain = await startServer({ ...common, dataDir, seed: { today: TODAY } });
    proxied = await startServer({ ...common, dataDir, seed: false, trustProxy: true });
    realIp = await startServer({ ...common, dataDir, seed: false, trustProxy: 'X-Real-IP' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
    await realIp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (server: RunningServer, payload: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/be/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

  it('without --trust-proxy, forged X-Forwarded-For / X-Real-IP headers do not give a fresh budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await post(plain, body(AMINA, 'wrong'), { 'x-forwarded-for': `10.9.${i}.1`, 'x-real-ip': `10.8.${i}.1` });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('with --trust-proxy, 1000 logins from one forwarded address in parallel: 980 refused, another address logs in meanwhile', async () => {
    const counts = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        next++;
        const res = await post(proxied, body(AMINA, 'wrong'), { 'x-forwarded-for': '10.0.0.99, 203.0.113.5' });
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
      }
    };
    const flood = Promise.all(Array.from({ length: 25 }, worker));
    const other = await post(proxied, body(RAJESH), { 'x-forwarded-for': '198.51.100.77' });
    await flood;
    expect(other.status).toBe(200);
    expect(counts.get(429)).toBe(980);
    expect(counts.get(401)).toBe(20);
    // the flooding address, with the right password, is still refused inside its window
    expect((await post(proxied, body(AMINA), { 'x-forwarded-for': '203.0.113.5' })).status).toBe(429);
  });

  it('with --trust-proxy, a fresh X-Real-IP per request (the same X-Forwarded-For) buys nothing: 20 answered, 180 refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await post(proxied, body(CLAIRE, 'wrong'), { 'x-real-ip': `10.7.${i >> 8}.${i & 255}`, 'x-forwarded-for': '192.0.2.10' });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(180);
  });

  it('with --trust-proxy-header X-Real-IP, only that header counts: a fresh X-Forwarded-For per request buys nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await post(realIp, body(CLAIRE, 'wrong'), { 'x-real-ip': '192.0.2.20', 'x-forwarded-for': `10.6.0.${i}` });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });
});

describe('failed logins per username, from many addresses (issue 31 item 2: no lock-out of the real inspector)', () => {
  it('24 wrong passwords at once from 24 addresses are each checked (401); the right password from a clean address signs in at once', async () => {
    const app = await makeApp({ loginThrottle: { free: 3, addressFree: 20, windowMs: 60_000, delayMs: 1000, maxDelayMs: 60_000 } });
    try {
      const replies = await Promise.all(Array.from({ length: 24 }, (_, i) => loginFrom(app.app, `10.5.0.${i}`, body(RAJESH, 'wrong'))));
      expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 24 }, () => 401));
      // not a lock-out, not even a delay: the inspector, from their own address
      const t0 = performance.now();
      const mine = await loginFrom(app.app, '10.5.1.1', body(RAJESH));
      expect(mine.status).toBe(200);
      loginReply.parse(await mine.json());
      expect(performance.now() - t0).toBeLessThan(2000);
    } finally {
      app.close();
    }
  });
});
