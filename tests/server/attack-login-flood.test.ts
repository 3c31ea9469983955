/**
 * Attack suite — logins that stall the server or keep an inspector out, no sign-in needed (issue 31
 * items 1 and 2). A login body is at most 2 KB and its JSON nesting is bounded before parsing: a body of
 * 900,000 `[` is refused at once (413), from many addresses, while other requests are answered quickly.
 * Failed logins are throttled per (username, address) and per address: however many addresses fail
 * with Claire's username, Claire signs in at once from her own tablet; the failing addresses are the ones
 * that wait (429 with Retry-After), and the operator reads one log line per lock.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply, loginReply, paths } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { DEFAULT_LOGIN_THROTTLE } from '../../server/auth/login-throttle';
import { LOGIN_BODY_MAX } from '../../server/http/body-limits';
import { AMINA, be, CLAIRE, client, formOf, listing, login, makeApp, makeFiles, saveParts, tempDir, TODAY, type TestApp } from './helpers';
import { expectError, expectResponsive, probeDuring, unchanged } from './attack-helpers';
import { extendedReply, pirCallId } from '../../lib/contract/index';

const body = (user: { username: string; password: string }, password = user.password) => JSON.stringify({ username: user.username, password, deviceName: '' });

/** A login from a given socket address, in-process (the throttle reads the peer address of the socket). */
function loginFrom(app: TestApp['app'], address: string, payload: string | Uint8Array): Promise<Response> {
  return Promise.resolve(
    app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload as BodyInit }, { incoming: { socket: { remoteAddress: address } } } as never),
  );
}

// ---------------------------------------------------------------- item 1: nested JSON

describe('nested JSON on /be/login, no sign-in needed (item 1)', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = tempDir('pir-attack-login-flood-');
    // several addresses behind a proxy, each within the per-address login limit
    server = await startServer({ dataDir, port: 0, staticDir: null, logger: { info: () => {}, warn: () => {}, error: () => {} }, seed: { today: TODAY }, trustProxy: 'X-Real-IP' });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const db = () => server.app.ctx.db;

  it('160 bodies of 900,000 "[" from 8 addresses → each 413 at once; probes answered quickly; nothing stored', async () => {
    const bomb = Buffer.alloc(900_000, '[');
    const statuses: number[] = [];
    const { latencies } = await probeDuring(server.url, () =>
      unchanged(db(), async () => {
        let next = 0;
        const worker = async (w: number) => {
          while (next < 160) {
            next++;
            const res = await fetch(`${server.url}/be/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-real-ip': `198.51.100.${w}` }, body: bomb });
            statuses.push(res.status);
            if (res.status === 413) expect(((await res.json()) as { message: string }).message).toBe('PAYLOAD_TOO_LARGE');
            else await res.arrayBuffer();
          }
        };
        await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      }),
    );
    // 20 a minute per address: the first 20 of each address are read (and refused by size), the rest 429
    expect(statuses.filter((s) => s !== 413 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 413).length).toBeGreaterThanOrEqual(150);
    expectResponsive(latencies);
  });

  it('a streamed (chunked) body of 900,000 "[" is cut off at 2 KB → 413', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 9; i++) controller.enqueue(new Uint8Array(100_000).fill(0x5b));
        controller.close();
      },
    });
    await unchanged(db(), async () =>
      expectError(
        await server.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit, { incoming: { socket: { remoteAddress: '192.0.2.200' } } } as never),
        413,
        'PAYLOAD_TOO_LARGE',
      ),
    );
  });

  it('nesting within the size limit → 400 JSON_TOO_DEEP before parsing; the largest legal login is read (401)', async () => {
    const deep = `{"username":${'['.repeat(900)}${']'.repeat(900)},"password":"x","deviceName":""}`;
    expect(deep.length).toBeLessThan(LOGIN_BODY_MAX);
    await unchanged(db(), async () => {
      const reply = await expectError(await loginFrom(server.app, '192.0.2.201', deep), 400, 'JSON_TOO_DEEP');
      expect(reply.data).toEqual({ maxDepth: 32 });
      // 100 + 200 + 100 characters of three UTF-8 bytes each: the largest login the contract allows
      const largest = JSON.stringify({ username: 'ü'.repeat(100), password: '€'.repeat(200), deviceName: '€'.repeat(100) });
      expect(Buffer.byteLength(largest)).toBeGreaterThan(1000);
      await expectError(await loginFrom(server.app, '192.0.2.201', largest), 401, 'INVALID_CREDENTIALS');
    });
  });

  it('claim and release read at most 1 KB; a save part nested 1,000,000 deep → 400 JSON_TOO_DEEP, probes answered quickly', async () => {
    const l = await login(server.app, AMINA);
    const amina = client(server.app, l.token.jwt);
    const list = await listing(amina);
    const free = list.find((p) => p.claimedByDevice === null && p.status !== 'submitted')!;
    const held = list.find((p) => p.claimedByDevice === AMINA.deviceName && p.status !== 'submitted')!;
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(pirCallId(held))))).json());
    await unchanged(db(), async () => {
      // a padded claim: the contract's object is a few dozen bytes
      await expectError(await amina.postJson(be(paths.claim(pirCallId(free))), { deviceIdentifier: AMINA.deviceName, pad: 'x'.repeat(1500) }), 413, 'PAYLOAD_TOO_LARGE');
      await expectError(await amina.postJson(be(paths.release(pirCallId(held))), { deviceIdentifier: AMINA.deviceName, pad: 'x'.repeat(1500) }), 413, 'PAYLOAD_TOO_LARGE');
      const form = formOf(saveParts(held, ext, makeFiles(3)));
      form.set('pir', '['.repeat(1_000_000));
      const { result, latencies } = await probeDuring(server.url, async () => {
        const res = await fetch(`${server.url}/be/${paths.save(pirCallId(held))}`, { method: 'POST', headers: { authorization: `Bearer ${l.token.jwt}` }, body: form });
        return { status: res.status, body: (await res.json()) as unknown };
      });
      expect(result).toEqual({ status: 400, body: { message: 'JSON_TOO_DEEP', data: { part: 'pir', maxDepth: 32 } } });
      expectResponsive(latencies);
    });
  });
});

// ---------------------------------------------------------------- item 2: no lock-out

describe('failed logins slow down where they come from, never the real inspector (item 2)', () => {
  const lines: { level: string; msg: string; data: Record<string, unknown> }[] = [];
  const logger = {
    info: () => {},
    warn: (msg: string, data?: Record<string, unknown>) => lines.push({ level: 'warn', msg, data: data ?? {} }),
    error: () => {},
  };
  let t: TestApp;
  beforeAll(async () => {
    // the production defaults: 20 attempts a minute per address, and DEFAULT_LOGIN_THROTTLE
    t = await makeApp({ loginRateLimit: undefined, loginThrottle: undefined, logger });
  });
  afterAll(() => t?.close());
  const db = () => t.app.ctx.db;
  const sessions = () => (db().prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;

  /** Claire, from her own tablet, with her password: signed in, at once. */
  async function claireSignsIn(address = '203.0.113.3'): Promise<number> {
    const t0 = performance.now();
    const res = await loginFrom(t.app, address, body(CLAIRE));
    const ms = performance.now() - t0;
    expect(res.status, await res.clone().text()).toBe(200);
    loginReply.parse(await res.json());
    return ms;
  }

  it('six addresses failing claire over and over: her own logins are answered at once, the six wait (429 + Retry-After)', async () => {
    const attackers = Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}`);
    const seen = new Map<number, number>();
    for (let round = 0; round < 3; round++) {
      await unchanged(db(), async () => {
        const replies = await Promise.all(attackers.flatMap((a) => Array.from({ length: 4 }, () => loginFrom(t.app, a, body(CLAIRE, `guess-${round}`)))));
        for (const r of replies) {
          seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
          if (r.status === 429) {
            const wait = Number(r.headers.get('retry-after'));
            expect(wait).toBeGreaterThanOrEqual(1);
            expect(errorReply.parse(await r.json())).toEqual({ message: 'TOO_MANY_REQUESTS', data: { retryAfter: wait } });
          } else expect(r.status).toBe(401);
        }
      });
      const before = sessions();
      expect(await claireSignsIn()).toBeLessThan(2000);
      expect(sessions()).toBe(before + 1);
    }
    // each address had its free failures checked, then waits: 5 each, the rest refused unchecked
    expect(seen.get(401)).toBe(attackers.length * DEFAULT_LOGIN_THROTTLE.free);
    expect(seen.get(429)).toBe(attackers.length * (12 - DEFAULT_LOGIN_THROTTLE.free));
    // a failing address is refused even with the right password, until its wait is over
    await unchanged(db(), async () => expectError(await loginFrom(t.app, attackers[0]!, body(CLAIRE)), 429, 'TOO_MANY_REQUESTS'));
    // the operator sees one line per lock, naming the username and the address
    const locks = lines.filter((l) => l.msg === '[login] throttled' && l.data.scope === 'username');
    expect(new Set(locks.map((l) => l.data.from))).toEqual(new Set(attackers));
    expect(locks.every((l) => l.data.username === CLAIRE.username && Number(l.data.retryAfter) >= 1)).toBe(true);
  });

  it('one address at 19 a minute: claire signs in at once from hers (not 32 s later)', async () => {
    const attacker = '198.51.100.77';
    await unchanged(db(), async () => {
      for (let i = 0; i < 19; i++) expect([401, 429]).toContain((await loginFrom(t.app, attacker, body(CLAIRE, `x${i}`))).status);
    });
    expect(await claireSignsIn('203.0.113.4')).toBeLessThan(2000);
  });

  it('one address trying 25 usernames: after 20 failures it waits whatever the username; others are not affected', async () => {
    const sprayer = '198.51.100.99';
    const statuses: number[] = [];
    await unchanged(db(), async () => {
      for (let i = 0; i < 25; i++) statuses.push((await loginFrom(t.app, sprayer, body({ username: `user${i}`, password: 'password1' }))).status);
      expect(statuses.slice(0, DEFAULT_LOGIN_THROTTLE.addressFree).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(DEFAULT_LOGIN_THROTTLE.addressFree).every((s) => s === 429)).toBe(true);
      // refused before its body is read
      await expectError(await loginFrom(t.app, sprayer, 'not json at all'), 429, 'TOO_MANY_REQUESTS');
    });
    expect(lines.some((l) => l.msg === '[login] throttled' && l.data.scope === 'address' && l.data.from === sprayer)).toBe(true);
    const ok = await loginFrom(t.app, '203.0.113.5', body(AMINA));
    expect(ok.status).toBe(200);
  });

  it('the wait is over after its time: a short throttle lets the address try again', async () => {
    const short = await makeApp({ dataDir: t.dataDir, seed: false, loginThrottle: { free: 2, addressFree: 50, windowMs: 60_000, delayMs: 300, maxDelayMs: 300 } });
    try {
      const a = '192.0.2.50';
      expect((await loginFrom(short.app, a, body(CLAIRE, 'no'))).status).toBe(401);
      expect((await loginFrom(short.app, a, body(CLAIRE, 'no'))).status).toBe(401);
      expect((await loginFrom(short.app, a, body(CLAIRE))).status).toBe(429);
      await new Promise((r) => setTimeout(r, 400));
      expect((await loginFrom(short.app, a, body(CLAIRE))).status).toBe(200);
    } finally {
      short.app.close();
    }
  });
});
