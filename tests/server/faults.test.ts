/** The test-only fault switch: spec parsing, each mode in-process and over a real socket, phase=after with idempotency. */
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  claimReply,
  errorReply,
  extendedReply,
  IDEMPOTENCY_HEADER,
  loginReply,
  paths,
  pirCallId,
  saveReply,
  type Pir,
} from '../../lib/contract/index';
import { parseServeArgs, UsageError } from '../../server/config';
import { startServerWithFaults } from '../../server/testing/with-faults';
import {
  DEFAULT_HANG_MS,
  describeFaults,
  FAULT_HEADER,
  FaultSpecError,
  INJECTED_FAULT,
  parseFaultSpec,
  resolveFaultOptions,
  type FaultOptions,
} from '../../server/testing/faults';
import type { FaultyApp } from '../../server/testing/with-faults';
import {
  AMINA,
  asUser,
  be,
  CLAIRE,
  DEMO_USERS,
  formOf,
  listing,
  makeAppWithFaults,
  makeFiles,
  pick,
  RAJESH,
  saveParts,
  silent,
  snapshot,
  tempDir,
  TODAY,
  waitForReferenceData,
  type TestApp,
} from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

// ------------------------------------------------------------------ parsing

describe('parseFaultSpec', () => {
  it('parses the full syntax', () => {
    expect(parseFaultSpec('rate=0.3,modes=500+drop,paths=^/be/offline-api/,seed=42,hangMs=35000')).toEqual({
      rate: 0.3,
      modes: ['500', 'drop'],
      paths: '^/be/offline-api/',
      seed: 42,
      hangMs: 35000,
    });
    expect(parseFaultSpec(' rate = 1 , modes = HANG , methods = get+post , phase = after , hang-ms = 1500 ')).toEqual({
      rate: 1,
      modes: ['hang'],
      methods: ['GET', 'POST'],
      phase: 'after',
      hangMs: 1500,
    });
    expect(parseFaultSpec('rate=30%,mode=drop,after')).toEqual({ rate: 0.3, modes: ['drop'], phase: 'after' });
    expect(parseFaultSpec('rate=.5,modes=500|hang|drop,before').phase).toBe('before');
    expect(parseFaultSpec('rate=0,modes=500,phase=both').rate).toBe(0);
    // commas inside the RegExp are kept unless "name=" follows
    expect(parseFaultSpec('rate=1,modes=500,paths=^/be/(a|b){1,2}/x,y$,seed=1').paths).toBe('^/be/(a|b){1,2}/x,y$');
  });

  it('rejects bad specs with a clear message', () => {
    const bad: [string, RegExp][] = [
      ['', /empty fault spec/],
      ['rate=1', /modes is required/],
      ['modes=500', /rate is required/],
      ['rate=1.5,modes=500', /rate must be from 0 to 1/],
      ['rate=-0.1,modes=500', /rate must be a number/],
      ['rate=lots,modes=500', /rate must be a number/],
      ['rate=150%,modes=500', /rate must be from 0 to 1/],
      ['rate=1,modes=500+teapot', /unknown mode "teapot"/],
      ['rate=1,modes=', /field "modes" is empty/],
      ['rate=1,modes=500,paths=^/be/(', /paths is not a valid regular expression/],
      ['rate=1,modes=500,seed=x', /seed must be a whole number/],
      ['rate=1,modes=500,seed=99999999999', /seed must be a whole number/],
      ['rate=1,modes=hang,hangMs=1.5', /hangMs must be a whole number/],
      ['rate=1,modes=hang,hangMs=999999999', /hangMs must be a whole number/],
      ['rate=1,modes=500,methods=GET+FETCH', /unknown method "FETCH"/],
      ['rate=1,modes=500,phase=during', /phase must be before, after or both/],
      ['rate=1,modes=500,colour=red', /unknown field "colour"/],
      ['rate=1,rate=0.5,modes=500', /field "rate" given twice/],
      ['rate=1,modes=500,after,phase=before', /field "phase" given twice/],
      ['rate=1,modes=500,,seed=1', /bad field "modes=500,": fields are name=value, separated by commas/],
      ['rate=1,modes=500,sometimes', /bad field "modes=500,sometimes"/],
      ['rate=1,modes=500,after=yes', /phase must be|unknown field "after"/],
    ];
    for (const [spec, message] of bad) {
      expect(() => parseFaultSpec(spec), spec).toThrow(FaultSpecError);
      expect(() => parseFaultSpec(spec), spec).toThrow(message);
    }
    // every message shows the syntax
    expect(() => parseFaultSpec('rate=2,modes=500')).toThrow(/fault spec: rate=0\.\.1/);
  });

  it('validates options from code and fills in the defaults', () => {
    const r = resolveFaultOptions({ rate: 0.5, modes: ['500'] }, 7);
    expect(r).toMatchObject({ rate: 0.5, modes: ['500'], login: false, seed: 7, hangMs: DEFAULT_HANG_MS, methods: null, phase: 'both' });
    expect(r.pathsSource).toBe('^/be/');
    expect(r.paths.test('/be/x')).toBe(true);
    expect(resolveFaultOptions({ rate: 1, modes: ['drop'], paths: /^\/be\/login$/g }).login).toBe(true);
    expect(resolveFaultOptions({ rate: 1, modes: ['drop'], paths: /^\/be\/login$/g }).paths.flags).toBe('');
    for (const o of [
      { rate: 2, modes: ['500'] },
      { rate: 1, modes: [] },
      { rate: 1, modes: ['boom'] },
      { rate: 1, modes: ['500'], hangMs: -1 },
      { rate: 1, modes: ['500'], seed: 1.5 },
      { rate: 1, modes: ['500'], methods: [] },
    ]) {
      expect(() => resolveFaultOptions(o as unknown as FaultOptions), JSON.stringify(o)).toThrow(FaultSpecError);
    }
    // the description is a spec giving the same options back
    const again = resolveFaultOptions(parseFaultSpec(describeFaults(resolveFaultOptions({ rate: 0.25, modes: ['hang', 'drop'], paths: '^/be/offline-api/', methods: ['post'], phase: 'after', seed: 9, hangMs: 100 }))));
    expect(describeFaults(again)).toBe('rate=0.25,modes=hang+drop,paths=^/be/offline-api/,methods=POST,phase=after,seed=9,hangMs=100');
  });

  it('main.ts and cli.ts serve cannot turn faults on: --faults is refused, FAULTS changes nothing', () => {
    expect(() => parseServeArgs(['--faults', 'rate=0.3,modes=500+drop,seed=42'], env({}))).toThrow(UsageError);
    expect(parseServeArgs([], env({ FAULTS: 'rate=1,modes=hang' }))).toEqual(parseServeArgs([], env({})));
  });

  it('the production entries do not even import the fault code', async () => {
    for (const entry of ['server/main.ts', 'server/cli.ts']) {
      const { metafile } = await build({ entryPoints: [path.join(ROOT, entry)], absWorkingDir: ROOT, bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, logLevel: 'silent' });
      const modules = Object.keys(metafile.inputs);
      expect(modules, entry).toContain('server/app.ts');
      expect(modules.filter((m) => m.includes('faults') || m.startsWith('server/testing/')), entry).toEqual([]);
    }
  });
});

// ------------------------------------------------------------------ in-process

let t: TestApp<FaultyApp>;
beforeAll(async () => {
  await waitForReferenceData();
  t = await makeAppWithFaults();
});
afterAll(() => t?.close());
afterEach(() => t?.app.faults.set(null));

const claimBody = (device: string) => JSON.stringify({ deviceIdentifier: device });

describe('fault switch, in-process', () => {
  it('is off by default: 200 requests all succeed', async () => {
    expect(t.app.faults.get()).toBeNull();
    const amina = await asUser(t.app, AMINA);
    const held = pick(await listing(amina), (p) => p.claimedByDevice === amina.device && p.status !== 'submitted');
    const id = pirCallId(held);
    for (let i = 0; i < 200; i++) {
      const res =
        i % 4 === 0
          ? await amina.get(be(paths.currentFiles()))
          : i % 4 === 1
            ? await amina.get(be(paths.extended(id)))
            : i % 4 === 2
              ? await amina.postJson(be(paths.claim(id)), { deviceIdentifier: amina.device })
              : await amina.get(be('refresh_token'));
      expect(res.status, `request ${i}`).toBe(200);
      await res.arrayBuffer();
    }
    expect(t.app.faults.stats().injected).toBe(0);
  });

  it('mode 500: the JSON error, and (before the route) nothing changes', async () => {
    const amina = await asUser(t.app, AMINA);
    const free = pick(await listing(amina), (p) => p.claimedByDevice === null && p.status === 'notready');
    t.app.faults.set({ rate: 1, modes: ['500'], phase: 'before' });
    const before = snapshot(t.app.ctx.db);
    for (const res of [
      await amina.get(be(paths.currentFiles())),
      await amina.postJson(be(paths.claim(pirCallId(free))), { deviceIdentifier: amina.device }),
      await t.app.request('/be/no-such-route'),
      await t.app.request('/be/offline-api/current-files'), // even without a token: the fault comes first
    ]) {
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(errorReply.parse(await res.json())).toEqual({ message: INJECTED_FAULT });
      expect(res.headers.get(FAULT_HEADER)).toBe('500; phase=before');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(snapshot(t.app.ctx.db)).toBe(before);
    expect(t.app.faults.stats()).toMatchObject({ matched: 4, injected: 4, byMode: { 500: 4, hang: 0, drop: 0 } });
  });

  it('never faults login unless paths mentions it, nor static files', async () => {
    t.app.faults.set('rate=1,modes=500+drop+hang,hangMs=5000');
    for (let i = 0; i < 20; i++) {
      const l = await asUser(t.app, DEMO_USERS[i % 3]);
      expect(l.login.token.jwt).toBeTruthy();
    }
    // not under /be: the static server answers (here: "app not built"), even with a catch-all pattern
    t.app.faults.set({ rate: 1, modes: ['500'], paths: '.*' });
    const page = await t.app.request('/reports/');
    expect(page.headers.get(FAULT_HEADER)).toBeNull();
    expect(await page.text()).not.toContain(INJECTED_FAULT);
    expect(t.app.faults.stats().matched).toBe(0);
    // explicitly asked for
    t.app.faults.set({ rate: 1, modes: ['500'], paths: '^/be/login$' });
    const res = await t.app.request('/be/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: AMINA.username, password: AMINA.password, deviceName: '' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: INJECTED_FAULT });
  });

  it('methods and paths narrow the faulted requests', async () => {
    const amina = await asUser(t.app, AMINA);
    t.app.faults.set('rate=1,modes=500,methods=POST,paths=/device-claim$');
    expect((await amina.get(be(paths.currentFiles()))).status).toBe(200);
    expect((await amina.get(be('reference_data/flag'))).status).toBe(200);
    expect((await amina.postJson(be(paths.claim(1)), { deviceIdentifier: amina.device })).status).toBe(500);
    expect(t.app.faults.stats()).toMatchObject({ matched: 1, injected: 1 });
  });

  it('mode drop in-process: the reply starts and its body fails', async () => {
    const amina = await asUser(t.app, AMINA);
    t.app.faults.set({ rate: 1, modes: ['drop'], phase: 'before' });
    const res = await amina.get(be(paths.currentFiles()));
    expect(res.status).toBe(200);
    expect(res.headers.get(FAULT_HEADER)).toBe('drop; phase=before');
    await expect(res.text()).rejects.toThrow(/INJECTED_FAULT/);
  });

  it('mode hang: held hangMs, then 503; an aborting client is let go at once', async () => {
    const amina = await asUser(t.app, AMINA);
    t.app.faults.set({ rate: 1, modes: ['hang'], hangMs: 300, phase: 'before' });
    const start = Date.now();
    const res = await amina.get(be(paths.currentFiles()));
    expect(Date.now() - start).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: INJECTED_FAULT });
    // a client that gives up releases the held request at once
    t.app.faults.set({ rate: 1, modes: ['hang'], hangMs: 10_000, phase: 'before' });
    const start2 = Date.now();
    const gaveUp = await t.app.request(be(paths.currentFiles()), { headers: { authorization: `Bearer ${amina.login.token.jwt}` }, signal: AbortSignal.timeout(100) });
    expect(gaveUp.status).toBe(503);
    expect(Date.now() - start2).toBeLessThan(2000);
  });

  it('phase=both picks before or after at random', async () => {
    const amina = await asUser(t.app, AMINA);
    t.app.faults.set({ rate: 1, modes: ['500'], seed: 5, paths: 'refresh_token' });
    const phases = new Set<string | null>();
    for (let i = 0; i < 30; i++) {
      const res = await amina.get(be('refresh_token'));
      expect(res.status).toBe(500);
      phases.add(res.headers.get(FAULT_HEADER));
    }
    expect([...phases].sort()).toEqual(['500; phase=after', '500; phase=before']);
  });

  it('rate=0.3 with a fixed seed: about 30 of 100 fail, the same ones for the same seed', async () => {
    const amina = await asUser(t.app, AMINA);
    const run = async (seed: number) => {
      t.app.faults.set({ rate: 0.3, modes: ['500'], seed, paths: '^/be/offline-api/' });
      const failed: boolean[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await amina.get(be(paths.currentFiles()));
        expect([200, 500]).toContain(res.status);
        await res.arrayBuffer();
        failed.push(res.status === 500);
      }
      return failed;
    };
    const a = await run(42);
    const n = a.filter(Boolean).length;
    expect(n).toBeGreaterThanOrEqual(15);
    expect(n).toBeLessThanOrEqual(45);
    expect(t.app.faults.stats()).toMatchObject({ matched: 100, injected: n });
    expect(await run(42)).toEqual(a);
    expect(await run(43)).not.toEqual(a);
  });

  it('phase=after with 500: the claim is stored; a retry with the same key replays the success', async () => {
    const rajesh = await asUser(t.app, RAJESH);
    const free = pick(await listing(rajesh), (p) => p.claimedByDevice === null && p.status === 'notready');
    const id = pirCallId(free);
    t.app.faults.set({ rate: 1, modes: ['500'], phase: 'after', paths: '/device-claim$' });
    const key = { [IDEMPOTENCY_HEADER]: `claim-after-${id}` };
    const res = await rajesh.postJson(be(paths.claim(id)), { deviceIdentifier: rajesh.device }, key);
    expect(res.status).toBe(500);
    expect(res.headers.get(FAULT_HEADER)).toBe('500; phase=after');
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await res.json()).toEqual({ message: INJECTED_FAULT });
    // the server did the work
    expect((await listing(rajesh)).find((p) => p.id === free.id)!.claimedByDevice).toBe(rajesh.device);
    t.app.faults.set(null);
    const before = snapshot(t.app.ctx.db);
    const retry = await rajesh.postJson(be(paths.claim(id)), { deviceIdentifier: rajesh.device }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(claimReply.parse(await retry.json())).toBe(free.id);
    expect(snapshot(t.app.ctx.db)).toBe(before);
  });
});

// ------------------------------------------------------------------ over a real socket

describe('fault switch over a real socket', () => {
  let server: Awaited<ReturnType<typeof startServerWithFaults>>;
  let dataDir: string;
  const warnings: string[] = [];
  const logger = { ...silent, warn: (...args: unknown[]) => warnings.push(args.join(' ')) };

  beforeAll(async () => {
    dataDir = tempDir();
    server = await startServerWithFaults({ dataDir, port: 0, staticDir: null, logger, seed: { today: TODAY } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => server.app.faults.set(null));

  async function loginOver(user = AMINA) {
    const res = await fetch(`${server.url}/be/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password, deviceName: '' }),
    });
    expect(res.status).toBe(200);
    const l = loginReply.parse(await res.json());
    return { auth: { authorization: `Bearer ${l.token.jwt}` }, device: l.user.deviceName };
  }
  const get = (p: string, headers: Record<string, string>, init: RequestInit = {}) => fetch(`${server.url}/be/${p}`, { headers, ...init });
  interface Outcome {
    status?: number;
    fault?: string | null;
    body?: string;
    bodyError?: Error;
    requestError?: Error;
  }
  /** the body of the reply, or the error that broke the request or its body */
  const outcome = async (request: Promise<Response>): Promise<Outcome> => {
    try {
      const res = await request;
      const headersArrived = { status: res.status, fault: res.headers.get(FAULT_HEADER) };
      try {
        return { ...headersArrived, body: await res.text() };
      } catch (e) {
        return { ...headersArrived, bodyError: e as Error };
      }
    } catch (e) {
      return { requestError: e as Error };
    }
  };

  it('drop: fetch gets the headers, then reading the body fails; the server keeps serving', async () => {
    const { auth } = await loginOver();
    server.app.faults.set({ rate: 1, modes: ['drop'], phase: 'before' });
    warnings.length = 0;
    const r = await outcome(get(paths.currentFiles(), auth));
    expect(r).toMatchObject({ status: 200, fault: 'drop; phase=before' });
    expect(r.bodyError).toBeInstanceOf(Error);
    expect(warnings.some((w) => /^\[fault\] drop GET \/be\/offline-api\/current-files \(before the route\)/.test(w))).toBe(true);
    server.app.faults.set(null);
    const ok = await get(paths.currentFiles(), auth);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Pir[]).length).toBe(30);
  });

  it('drop at the socket level: Content-Length announced, half of the body, then the connection closes', async () => {
    const { auth } = await loginOver();
    server.app.faults.set({ rate: 1, modes: ['drop'], phase: 'after', paths: 'current-files' });
    const r = await new Promise<{ status: number; length: number; received: number; error: string }>((resolve) => {
      const req = http.get(`${server.url}/be/${paths.currentFiles()}`, { headers: auth }, (res) => {
        let received = 0;
        res.on('data', (c: Buffer) => (received += c.length));
        res.on('error', (e) => resolve({ status: res.statusCode!, length: Number(res.headers['content-length']), received, error: e.message }));
        res.on('end', () => resolve({ status: res.statusCode!, length: Number(res.headers['content-length']), received, error: '' }));
      });
      req.on('error', (e) => resolve({ status: 0, length: 0, received: 0, error: `request: ${e.message}` }));
    });
    expect(r.status).toBe(200);
    expect(r.error).toMatch(/aborted/);
    expect(r.length).toBeGreaterThan(10_000); // the real listing (phase after)
    expect(r.received).toBe(Math.floor(r.length / 2));
  });

  it('drop of an upload: the 2 MB body is read first, the client sees a dropped reply (not a refused request)', async () => {
    const { auth } = await loginOver(RAJESH);
    server.app.faults.set({ rate: 1, modes: ['drop'], phase: 'before', methods: ['POST'] });
    const bytes = new Uint8Array(2 * 1024 * 1024).fill(7);
    const r = await outcome(
      fetch(`${server.url}/be/${paths.submitFile(1001, 'pic-1.jpg')}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: bytes }),
    );
    expect(r.requestError).toBeUndefined();
    expect(r).toMatchObject({ status: 200, fault: 'drop; phase=before' });
    expect(r.bodyError).toBeInstanceOf(Error);
  });

  it('hang: the client times out first (hangMs 1500, client 500 ms)', async () => {
    const { auth } = await loginOver();
    server.app.faults.set({ rate: 1, modes: ['hang'], hangMs: 1500 });
    const start = Date.now();
    const r = await outcome(get(paths.currentFiles(), auth, { signal: AbortSignal.timeout(500) }));
    expect(r.requestError?.name).toBe('TimeoutError');
    expect(Date.now() - start).toBeLessThan(1400);
  });

  it('hang does not keep a closing server waiting', async () => {
    const dir = tempDir();
    const s = await startServerWithFaults({ dataDir: dir, port: 0, staticDir: null, logger: silent, seed: false, faults: 'rate=1,modes=hang,hangMs=30000' });
    try {
      const pending = outcome(fetch(`${s.url}/be/offline-api/current-files`));
      await new Promise((r) => setTimeout(r, 200));
      const start = Date.now();
      await s.close();
      expect(Date.now() - start).toBeLessThan(2000);
      expect((await pending).requestError).toBeInstanceOf(Error);
    } finally {
      await s.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('phase=after drop of a save: stored once; the retry with the same key gets the stored reply', async () => {
    const { auth, device } = await loginOver(CLAIRE);
    const list = (await (await get(paths.currentFiles(), auth)).json()) as Pir[];
    const report = pick(list, (p) => p.claimedByDevice === device && p.status === 'inspecting');
    const id = pirCallId(report);
    const ext = extendedReply.parse(await (await get(paths.extended(id), auth)).json());
    const parts = saveParts(report, ext, makeFiles(21));
    parts.vessel.name = 'Saved Before The Drop';
    const db = server.app.ctx.db;
    const saveRow = () => db.prepare('SELECT saved_at, vessel FROM saves WHERE report_id = ?').get(report.id) as { saved_at: string; vessel: string } | undefined;
    const key = { [IDEMPOTENCY_HEADER]: `save-after-drop-${id}` };
    const save = () => fetch(`${server.url}/be/${paths.save(id)}`, { method: 'POST', headers: { ...auth, ...key }, body: formOf(parts) });

    server.app.faults.set({ rate: 1, modes: ['drop'], phase: 'after', paths: '/save$' });
    warnings.length = 0;
    const r = await outcome(save());
    expect(r).toMatchObject({ status: 200, fault: 'drop; phase=after' });
    expect(r.bodyError).toBeInstanceOf(Error);
    expect(warnings.some((w) => w.startsWith(`[fault] drop POST /be/${paths.save(id)} (after the route, which answered 200)`))).toBe(true);
    // the save is stored, and so is its idempotency record
    const stored = saveRow();
    expect(stored?.vessel).toContain('Saved Before The Drop');
    expect(db.prepare('SELECT status FROM idempotency WHERE key = ?').get(key[IDEMPOTENCY_HEADER])).toEqual({ status: 200 });

    server.app.faults.set(null);
    const before = snapshot(db);
    const retry = await save();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(saveReply.parse(await retry.json()).saved).toBe(true);
    expect(snapshot(db)).toBe(before);
    expect(saveRow()).toEqual(stored);
  });

  it('phase=after drop of a claim: claimed once; the retry replays the claim reply', async () => {
    const { auth, device } = await loginOver(AMINA);
    const list = (await (await get(paths.currentFiles(), auth)).json()) as Pir[];
    const free = pick(list, (p) => p.claimedByDevice === null && p.status === 'notready');
    const id = pirCallId(free);
    const claim = () =>
      fetch(`${server.url}/be/${paths.claim(id)}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: `claim-drop-${id}` },
        body: claimBody(device),
      });
    server.app.faults.set('rate=1,modes=drop,after,paths=/device-claim$');
    const r = await outcome(claim());
    // the claim reply is one or a few bytes: the headers arrive, the body does not
    expect(r.status).toBe(200);
    expect(r.bodyError).toBeInstanceOf(Error);
    const row = () => server.app.ctx.db.prepare('SELECT claimed_by_device, updated_at FROM reports WHERE id = ?').get(free.id);
    const claimed = row();
    expect(claimed).toMatchObject({ claimed_by_device: device });
    server.app.faults.set(null);
    const retry = await claim();
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(claimReply.parse(await retry.json())).toBe(free.id);
    expect(row()).toEqual(claimed);
  });
});

// ------------------------------------------------------------------ the command line

describe('the test-only entry with --faults (server/testing/main-with-faults.ts)', { timeout: 60_000 }, () => {
  it('prints the warning, faults /be calls and logs each one; login still works', async () => {
    const dir = tempDir('pir-faults-cli-');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/testing/main-with-faults.ts', '--port', '0', '--data', dir, '--static', path.join(dir, 'no-out'), '--faults', 'rate=1,modes=500,paths=^/be/offline-api/,seed=42'],
      { cwd: ROOT },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('Press Ctrl+C') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('FAULT INJECTION ON: rate=1,modes=500,paths=^/be/offline-api/,phase=both,seed=42,hangMs=35000');
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      const login = await fetch(`${url}/be/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'amina', password: 'amina-demo', deviceName: '' }),
      });
      expect(login.status).toBe(200);
      const { token } = loginReply.parse(await login.json());
      const res = await fetch(`${url}/be/offline-api/current-files`, { headers: { authorization: `Bearer ${token.jwt}` } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: INJECTED_FAULT });
      const deadline2 = Date.now() + 5_000;
      while (!out.includes('[fault] 500 GET /be/offline-api/current-files') && Date.now() < deadline2) await new Promise((r) => setTimeout(r, 50));
      expect(out).toContain('[fault] 500 GET /be/offline-api/current-files');
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bad spec: usage error, exit 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/main-with-faults.ts', '--faults', 'rate=2,modes=500'], { cwd: ROOT });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toMatch(/--faults: rate must be from 0 to 1/);
    expect(err).toContain('Usage: npm run serve');
  });

  it('main.ts refuses --faults: usage error, exit 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--faults', 'rate=1,modes=500'], { cwd: ROOT });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toMatch(/Unknown option '--faults'/);
  });
});
