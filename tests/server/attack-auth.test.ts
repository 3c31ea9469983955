/**
 * Attack suite — tokens and claims. Every /be call that needs a token (each route of the contract's
 * ROUTES with `auth: true`, the three file download kinds, all 15 reference datasets) with no token and with 28 kinds of tampered, forged, expired or
 * misplaced tokens: 401 SESSION_EXPIRED, nothing of the report in the reply, nothing stored changed.
 * Then valid tokens of other users and other devices on the claim-bound calls: 403 (or the spec's 0
 * for a claim), nothing stored. Each request body is one that succeeds with the holder's valid token
 * (the last test proves it), so a bypass could not go unnoticed.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_PATH,
  extendedReply,
  FILE_KINDS,
  IDEMPOTENCY_HEADER,
  loginReply,
  paths,
  pirCallId,
  REFERENCE_DATASETS,
  ROUTES,
  SESSION_EXPIRED,
  type Extended,
  type Pir,
  type RouteName,
} from '../../lib/contract/index';
import { DB_FILE, openDb } from '../../server/db/schema';
import { AMINA, asUser, be, CLAIRE, client, formOf, listing, makeApp, makeFiles, RAJESH, saveParts, tempDir, uploads, type TestApp } from './helpers';
import {
  deepSnapshot,
  expectError,
  expectNoLeak,
  ISSUER,
  nowSeconds,
  readSecret,
  reportSecrets,
  sign,
  unchanged,
  unsigned,
  withBadSignature,
  withPayload,
} from './attack-helpers';

type User = Awaited<ReturnType<typeof asUser>>;

let t: TestApp;
let amina: User;
let rajesh: User;
let claire: User;
/** another session of Amina's, for the control's logout */
let logoutSession: User;
let byId: Map<number, Pir>;
/** free, for a claim */
let free: Pir;
/** free, claimed once by Amina with a stored Idempotency-Key (a replay must still need a valid token) */
let keyed: Pir;
/** held by Amina: saved and every file uploaded, so complete-submit would submit it */
let completable: Pir;
/** held by Amina: saved, nothing uploaded yet (upload, save and release target) */
let pending: Pir;
/** held by Rajesh (a reclaim target) */
let rajeshHeld: Pir;
const pendingFiles = makeFiles(41);
const ext = new Map<number, Extended>();
const REPLAY_KEY = 'attack-replay-key';
const HOLDER_SAVE_KEY = 'holder-save-key';

async function extendedOf(u: User, report: Pir): Promise<Extended> {
  return extendedReply.parse(await (await u.get(be(paths.extended(pirCallId(report))))).json());
}

beforeAll(async () => {
  t = await makeApp();
  amina = await asUser(t.app, AMINA);
  rajesh = await asUser(t.app, RAJESH);
  claire = await asUser(t.app, CLAIRE);
  logoutSession = await asUser(t.app, AMINA);
  const list = await listing(amina);
  byId = new Map(list.map((p) => [p.id, p]));
  const get = (id: number) => byId.get(id)!;
  free = get(1002);
  keyed = get(1003);
  completable = get(1017);
  pending = get(1021);
  rajeshHeld = get(1018);
  expect([free, keyed].every((p) => p.claimedByDevice === null && p.status === 'notready')).toBe(true);
  expect([completable, pending].every((p) => p.claimedByDevice === AMINA.deviceName)).toBe(true);
  expect(rajeshHeld.claimedByDevice).toBe(RAJESH.deviceName);
  for (const p of [completable, pending, rajeshHeld]) ext.set(p.id, await extendedOf(amina, p));

  // the completable report: saved and every file uploaded
  const files = makeFiles(40);
  expect((await amina.post(be(paths.save(pirCallId(completable))), formOf(saveParts(completable, ext.get(completable.id)!, files)))).status).toBe(200);
  for (const [name, bytes] of uploads(files)) {
    const res = await amina.post(be(paths.submitFile(pirCallId(completable), name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(200);
  }
  // the pending report: saved, nothing uploaded
  expect((await amina.post(be(paths.save(pirCallId(pending))), formOf(saveParts(pending, ext.get(pending.id)!, pendingFiles)), { [IDEMPOTENCY_HEADER]: HOLDER_SAVE_KEY })).status).toBe(200);
  // a stored idempotent reply for a claim
  const claimed = await amina.postJson(be(paths.claim(pirCallId(keyed))), { deviceIdentifier: amina.device }, { [IDEMPOTENCY_HEADER]: REPLAY_KEY });
  expect(claimed.status).toBe(200);
});
afterAll(() => t?.close());

interface Call {
  name: string;
  route: GuardedRoute;
  method: 'GET' | 'POST';
  path: string;
  body?: () => BodyInit;
  headers?: Record<string, string>;
  /** the report whose data must not leak */
  report?: Pir;
  /** the valid token of the control instead of Amina's: a logout ends the session it is sent with */
  holder?: () => string;
}

/** The calls of ROUTES that need a token. */
type GuardedRoute = { [K in RouteName]: (typeof ROUTES)[K]['auth'] extends true ? K : never }[RouteName];
type CallOf = Omit<Call, 'route' | 'method'>;

const json = { 'content-type': 'application/json' };
const octets = { 'content-type': 'application/octet-stream' };

/**
 * Every /be call that needs a token, each with a body that Amina's valid token would get accepted:
 * listed by route, so a call added to ROUTES with `auth: true` is a type error here until it has its
 * requests (and a test below fails if one has none).
 */
function everyCall(): Call[] {
  const fileLinks = [...byId.values()].flatMap((p) => [...p.vesselPictures, ...p.fileAttachements, ...p.submitedForms.flatMap((f) => [f, ...f.attachments])]).map((d) => d.downloadLink);
  const linkOf = (kind: string) => fileLinks.find((l) => l.includes(`/files/${kind}/`))!;
  const id = pirCallId;
  // in the order the control sends them: the upload and the release come after the save
  const byRoute: Record<GuardedRoute, CallOf[]> = {
    refreshToken: [{ name: 'refresh_token', path: be(paths.refreshToken()) }],
    currentFiles: [{ name: 'current-files', path: be(paths.currentFiles()) }],
    claim: [
      { name: 'device-claim', path: be(paths.claim(id(free))), body: () => JSON.stringify({ deviceIdentifier: AMINA.deviceName }), headers: json, report: free },
      {
        name: 'device-claim (stored Idempotency-Key)',
        path: be(paths.claim(id(keyed))),
        body: () => JSON.stringify({ deviceIdentifier: AMINA.deviceName }),
        headers: { ...json, [IDEMPOTENCY_HEADER]: REPLAY_KEY },
        report: keyed,
      },
      { name: 'device-claim?reclaim=1', path: `${be(paths.claim(id(rajeshHeld)))}?reclaim=1`, body: () => JSON.stringify({ deviceIdentifier: AMINA.deviceName }), headers: json, report: rajeshHeld },
    ],
    save: [{ name: 'save', path: be(paths.save(id(pending))), body: () => formOf(saveParts(pending, ext.get(pending.id)!, pendingFiles)), report: pending }],
    submitFile: [{ name: 'submit-file', path: be(paths.submitFile(id(pending), 'pic-1.jpg')), body: () => pendingFiles.picture as BodyInit, headers: octets, report: pending }],
    release: [{ name: 'device-release', path: be(paths.release(id(pending))), body: () => JSON.stringify({ deviceIdentifier: AMINA.deviceName }), headers: json, report: pending }],
    completeSubmit: [{ name: 'complete-submit', path: be(paths.completeSubmit(id(completable))), report: completable }],
    extended: [{ name: 'extended', path: be(paths.extended(id(pending))), report: pending }],
    file: FILE_KINDS.map((kind) => ({ name: `file: ${kind}`, path: linkOf(kind) })),
    referenceData: REFERENCE_DATASETS.map((d) => ({ name: `reference_data/${d}`, path: be(paths.referenceData(d)) })),
    logout: [{ name: 'logout', path: be(paths.logout()), holder: () => logoutSession.login.token.jwt }],
  };
  return (Object.keys(byRoute) as GuardedRoute[]).flatMap((route) => byRoute[route].map((c): Call => ({ ...c, route, method: ROUTES[route].method })));
}

/** A route's path as a pattern: `:name` one segment, or what its `{…}` says. */
const patternOf = (path: string) => new RegExp(`^${BASE_PATH}${path.replace(/:\w+(?:\{([^}]*)\})?/g, (_, re: string | undefined) => `(?:${re ?? '[^/]+'})`)}$`);

function send(call: Call, auth: Record<string, string>, pathSuffix = ''): Promise<Response> {
  return Promise.resolve(t.app.request(call.path + pathSuffix, { method: call.method, headers: { ...call.headers, ...auth }, body: call.body?.() }));
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** [label, headers, optional query suffix]: each must be refused with 401 SESSION_EXPIRED. */
function badTokens(): [string, () => Promise<Record<string, string>>, (() => string)?][] {
  const secret = () => readSecret(t.dataDir);
  const valid = (over: Record<string, unknown> = {}) => ({ sub: String(amina.login.user.id), dev: AMINA.deviceName, iss: ISSUER, iat: nowSeconds(), exp: nowSeconds() + 3600, ...over });
  const jwt = () => amina.login.token.jwt;
  return [
    ['no Authorization header', async () => ({})],
    ['empty bearer', async () => ({ authorization: 'Bearer ' })],
    ['"Bearer" alone', async () => ({ authorization: 'Bearer' })],
    ['Basic credentials instead of a token', async () => ({ authorization: `Basic ${Buffer.from(`${AMINA.username}:${AMINA.password}`).toString('base64')}` })],
    ['the token without the Bearer scheme', async () => ({ authorization: jwt() })],
    ['garbage', async () => bearer('not.a.jwt')],
    ['header and payload only (signature part dropped)', async () => bearer(jwt().split('.').slice(0, 2).join('.'))],
    ['the valid token with junk appended', async () => bearer(`${jwt()}.x`)],
    ['payload changed: sub = another user', async () => bearer(withPayload(jwt(), (c) => ({ ...c, sub: String(rajesh.login.user.id) })))],
    ['payload changed: dev = another device', async () => bearer(withPayload(jwt(), (c) => ({ ...c, dev: RAJESH.deviceName })))],
    ['payload changed: exp pushed 10 years ahead', async () => bearer(withPayload(jwt(), (c) => ({ ...c, exp: nowSeconds() + 315_360_000 })))],
    ['signature changed', async () => bearer(withBadSignature(jwt()))],
    ['signature of another valid token', async () => bearer(`${jwt().split('.').slice(0, 2).join('.')}.${rajesh.login.token.jwt.split('.')[2]}`)],
    ['alg none, empty signature', async () => bearer(unsigned(valid()))],
    ['alg none, no signature part', async () => bearer(unsigned(valid(), false))],
    ['alg none, with the original signature', async () => bearer(`${unsigned(valid(), false)}.${jwt().split('.')[2]}`)],
    ['HS256 signed with another secret', async () => bearer(await sign(valid(), new Uint8Array(64).fill(7)))],
    ['HS256 signed with an empty-looking secret', async () => bearer(await sign(valid(), new Uint8Array(32)))],
    ['HS512 signed with the real secret (algorithm not allowed)', async () => bearer(await sign(valid(), secret(), 'HS512'))],
    ['expired (real secret)', async () => bearer(await sign(valid({ iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }), secret()))],
    ['not yet valid: nbf in an hour (real secret)', async () => bearer(await sign(valid({ nbf: nowSeconds() + 3600 }), secret()))],
    ['another issuer (real secret)', async () => bearer(await sign(valid({ iss: 'someone-else' }), secret()))],
    ['no issuer (real secret)', async () => bearer(await sign(valid({ iss: undefined }), secret()))],
    ['a user that does not exist (real secret)', async () => bearer(await sign(valid({ sub: '999' }), secret()))],
    ['sub with SQL: 1 OR 1=1 (real secret)', async () => bearer(await sign(valid({ sub: '1 OR 1=1' }), secret()))],
    ['no device claim (real secret)', async () => bearer(await sign(valid({ dev: undefined }), secret()))],
    ['device claim not a string (real secret)', async () => bearer(await sign(valid({ dev: { $ne: null } }), secret()))],
    ['token only in the query string and a cookie', async () => ({ cookie: `token=${jwt()}; jwt=${jwt()}` }), () => `?token=${jwt()}&access_token=${jwt()}`],
  ];
}

describe('every /be call refuses missing, tampered, forged and expired tokens with 401 SESSION_EXPIRED', () => {
  it('covers every call of the contract that needs a token, each at its route', () => {
    const calls = everyCall();
    for (const [name, route] of Object.entries(ROUTES)) {
      if (route.auth) expect(calls.some((c) => c.route === name), name).toBe(true);
    }
    for (const c of calls) expect(c.path.split('?')[0], c.name).toMatch(patternOf(ROUTES[c.route].path));
    const names = calls.map((c) => c.name);
    for (const p of ['refresh_token', 'logout', 'current-files', 'device-claim', 'device-release', 'save', 'submit-file', 'complete-submit', 'extended', 'file: pictures', 'file: documents', 'file: attachments']) {
      expect(names).toContain(p);
    }
    expect(names.filter((n) => n.startsWith('reference_data/'))).toHaveLength(15);
    expect(badTokens()).toHaveLength(28);
  });

  for (const [label] of badTokens()) {
    it(label, async () => {
      const [, headers, suffix] = badTokens().find(([l]) => l === label)!;
      const auth = await headers();
      const before = deepSnapshot(t.app.ctx.db);
      for (const call of everyCall()) {
        const res = await send(call, auth, suffix?.() ?? '');
        const text = await res.clone().text();
        expect(res.status, `${label}: ${call.name} → ${res.status} ${text.slice(0, 200)}`).toBe(401);
        expect(JSON.parse(text), call.name).toEqual({ message: SESSION_EXPIRED });
        expect(res.headers.get('www-authenticate'), call.name).toMatch(/^Bearer/);
        expect(res.headers.get('cache-control'), call.name).toBe('no-store');
      }
      expect(deepSnapshot(t.app.ctx.db)).toEqual(before);
    });
  }

  it('HEAD of every GET call without a token: 401, no body', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const call of everyCall().filter((c) => c.method === 'GET')) {
        const res = await t.app.request(call.path, { method: 'HEAD' });
        expect(res.status, call.name).toBe(401);
        expect(await res.text(), call.name).toBe('');
      }
    });
  });
});

describe("other users' valid tokens on claim-bound calls: 403 (a claim answers 0), nothing stored, nothing leaked", () => {
  let spare: User; // Amina herself, logged in on another tablet: another device
  beforeAll(async () => {
    const res = await t.app.request('/be/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: AMINA.username, password: AMINA.password, deviceName: 'SPARE-TAB-99' }),
    });
    const l = loginReply.parse(await res.json());
    spare = { ...client(t.app, l.token.jwt), login: l, device: l.user.deviceName };
    expect(spare.device).toBe('SPARE-TAB-99');
  });

  const who = (): [string, User][] => [
    ['Rajesh (another user, another device)', rajesh],
    ['Claire (another user, another device)', claire],
    ['Amina on another tablet (same user, another device)', spare],
  ];

  async function refused(res: Response, status: number, message: string, report: Pir) {
    const text = await res.clone().text();
    await expectError(res, status, message);
    expectNoLeak(text, reportSecrets(report, ext.get(report.id)));
  }

  for (const [index, label] of ['Rajesh (another user, another device)', 'Claire (another user, another device)', 'Amina on another tablet (same user, another device)'].entries()) {
    it(`${label}: save, upload, complete-submit, release, claim`, async () => {
      const u = who()[index]![1];
      const db = t.app.ctx.db;
      await unchanged(db, async () => {
        // save of a report held by Amina's tablet: without an Idempotency-Key, with a new one, and with the
        // key of the holder's own successful save (a replay must not answer for another device)
        for (const key of [undefined, 'other-device-save', HOLDER_SAVE_KEY]) {
          const res = await u.post(be(paths.save(pirCallId(pending))), formOf(saveParts(pending, ext.get(pending.id)!, makeFiles(50 + index))), key ? { [IDEMPOTENCY_HEADER]: key } : {});
          await refused(res, 403, 'NOT_CLAIMED_BY_DEVICE', pending);
        }
        // upload of each announced file, with the right bytes
        for (const [name, bytes] of uploads(pendingFiles)) {
          await refused(await u.post(be(paths.submitFile(pirCallId(pending), name)), bytes as BodyInit, octets), 403, 'NOT_CLAIMED_BY_DEVICE', pending);
        }
        // complete-submit of a report whose every file arrived
        await refused(await u.get(be(paths.completeSubmit(pirCallId(completable)))), 403, 'NOT_CLAIMED_BY_DEVICE', completable);
        // release, with its own device identifier and with the holder's
        await refused(await u.postJson(be(paths.release(pirCallId(pending))), { deviceIdentifier: u.device }), 403, 'NOT_CLAIMED_BY_DEVICE', pending);
        await refused(await u.postJson(be(paths.release(pirCallId(pending))), { deviceIdentifier: AMINA.deviceName }), 403, 'DEVICE_MISMATCH', pending);
        // claim: the spec's 0 with its own identifier; the holder's identifier is refused
        const claim = await u.postJson(be(paths.claim(pirCallId(pending))), { deviceIdentifier: u.device });
        expect(claim.status).toBe(200);
        expect(await claim.json()).toBe(0);
        await refused(await u.postJson(be(paths.claim(pirCallId(pending))), { deviceIdentifier: AMINA.deviceName }), 403, 'DEVICE_MISMATCH', pending);
        await refused(await u.postJson(`${be(paths.claim(pirCallId(pending)))}?reclaim=1`, { deviceIdentifier: AMINA.deviceName }), 403, 'DEVICE_MISMATCH', pending);
      });
      // the same Idempotency-Key and path as the holder's stored claim: not her reply replayed, but a claim of
      // its own, which answers 0 (only that reply is stored, under this user and device)
      const reports = () => JSON.stringify(db.prepare('SELECT * FROM reports ORDER BY id').all());
      const before = reports();
      const replay = await u.postJson(be(paths.claim(pirCallId(keyed))), { deviceIdentifier: u.device }, { [IDEMPOTENCY_HEADER]: REPLAY_KEY });
      expect(replay.headers.get('idempotent-replayed')).toBeNull();
      expect(await replay.json()).toBe(0);
      expect(reports()).toBe(before);
    });
  }

  it('refresh_token of another user gives that user his own token, never the holder’s device', async () => {
    const res = await rajesh.get(be(paths.refreshToken()));
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: { jwt: string } };
    const claims = JSON.parse(Buffer.from(token.jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; dev: string };
    expect(claims).toMatchObject({ sub: String(rajesh.login.user.id), dev: RAJESH.deviceName });
  });

  it("another device's upload does not mark a file received: the holder's complete-submit still says false", async () => {
    const res = await amina.get(be(paths.completeSubmit(pirCallId(pending))));
    expect(await res.json()).toBe(false);
  });
});

describe('idempotent replies are bound to the device', () => {
  it('an older database (idempotency without a device column) is upgraded on open, its rows kept', () => {
    const dir = tempDir('pir-old-db-');
    try {
      const old = new Database(path.join(dir, DB_FILE));
      old.exec(`CREATE TABLE idempotency (key TEXT NOT NULL, user_id INTEGER NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
        status INTEGER NOT NULL, content_type TEXT, body BLOB NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (key, user_id, method, path))`);
      old.prepare('INSERT INTO idempotency VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run('k', 1, 'POST', '/be/x', 200, 'application/json', Buffer.from('1'), Date.now());
      old.close();
      const db = openDb(dir);
      expect(db.prepare('SELECT key, device, status FROM idempotency').all()).toEqual([{ key: 'k', device: '', status: 200 }]);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('control: the same requests with the holder’s valid token succeed', () => {
  it('every call answers 2xx', async () => {
    for (const call of everyCall()) {
      const res = await send(call, bearer(call.holder?.() ?? amina.login.token.jwt));
      expect(res.status, `${call.name}: ${await res.clone().text()}`).toBeLessThan(300);
    }
    // and so they changed what the refused ones could not
    const after = await listing(amina);
    expect(after.find((p) => p.id === completable.id)!.status).toBe('submitted');
    expect(after.find((p) => p.id === free.id)!.claimedByDevice).toBe(AMINA.deviceName);
    expect(after.find((p) => p.id === rajeshHeld.id)!.claimedByDevice).toBe(AMINA.deviceName);
  });
});
