/** Shared helpers of the server tests: fresh temp data dirs, logins, authed calls, multipart saves, DB snapshots. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type AppOptions, type PirApp } from '../../server/app';
import { DEFAULT_REFERENCE_DIR } from '../../server/reference';
import { createAppWithFaults, type FaultOption, type FaultyApp } from '../../server/testing/with-faults';
import type { DB } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/seed/index';
import { encodePng } from '../../server/seed/png';
import { canonicalJson, signedContent } from '../../lib/inspection/fingerprint';
import { FORM_STEP_NAMES } from '../../server/workflow/submit-checks';
import {
  saveParts as contractSaveParts,
  loginReply,
  REFERENCE_DATASETS,
  type Extended,
  type LoginReply,
  type Pir,
} from '../../lib/contract/index';

export { DEMO_USERS };
export const TODAY = new Date('2026-03-10T09:00:00Z');
export const silent = { info: () => {}, warn: () => {}, error: () => {} };
export const [AMINA, RAJESH, CLAIRE] = DEMO_USERS as [typeof DEMO_USERS[0], typeof DEMO_USERS[0], typeof DEMO_USERS[0]];

/** Failed logins never slow anything down (tests that count replies of login floods). */
export const NO_LOGIN_THROTTLE = { free: 1e9, addressFree: 1e9, windowMs: 1, delayMs: 0, maxDelayMs: 0 };

export function tempDir(prefix = 'pir-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Waits for the 15 reference dataset files (another engineer generates them). */
export async function waitForReferenceData(dir = DEFAULT_REFERENCE_DIR, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = REFERENCE_DATASETS.filter((d) => !fs.existsSync(path.join(dir, `${d}.json`)));
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`reference data still missing: ${missing.join(', ')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export interface TestApp<A extends PirApp = PirApp> {
  app: A;
  dataDir: string;
  close(): void;
}

export function makeApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  return build(options, createApp);
}

/** The app with its test-only fault switch (app.faults), off until a test sets it. */
export function makeAppWithFaults(options: Partial<AppOptions & FaultOption> = {}): Promise<TestApp<FaultyApp>> {
  return build(options, createAppWithFaults);
}

async function build<A extends PirApp, O extends AppOptions>(options: Partial<O>, create: (o: O) => Promise<A>): Promise<TestApp<A>> {
  const dataDir = options.dataDir ?? tempDir();
  const app = await create({
    staticDir: null,
    logger: silent,
    loginRateLimit: { max: 10_000, windowMs: 60_000 },
    loginThrottle: NO_LOGIN_THROTTLE,
    seed: { today: TODAY },
    ...options,
    dataDir,
  } as O);
  return {
    app,
    dataDir,
    close: () => {
      app.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Requester = { request: PirApp['request'] };

export async function login(app: Requester, user = AMINA, deviceName = ''): Promise<LoginReply> {
  const res = await app.request('/be/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password, deviceName }),
  });
  if (res.status !== 200) throw new Error(`login ${user.username}: ${res.status} ${await res.text()}`);
  return loginReply.parse(await res.json());
}

/** A client bound to one token. */
export function client(app: Requester, jwt: string) {
  const auth = { authorization: `Bearer ${jwt}` };
  const req = async (p: string, init: RequestInit): Promise<Response> => app.request(p, init);
  return {
    get: (p: string, headers: Record<string, string> = {}) => req(p, { headers: { ...auth, ...headers } }),
    post: (p: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
      req(p, { method: 'POST', body, headers: { ...auth, ...headers } }),
    postJson: (p: string, value: unknown, headers: Record<string, string> = {}) =>
      req(p, { method: 'POST', body: JSON.stringify(value), headers: { ...auth, 'content-type': 'application/json', ...headers } }),
  };
}

export async function asUser(app: Requester, user = AMINA, deviceName = '') {
  const l = await login(app, user, deviceName);
  return { ...client(app, l.token.jwt), login: l, device: l.user.deviceName };
}

export const be = (p: string) => `/be/${p}`;

export async function listing(c: ReturnType<typeof client>): Promise<Pir[]> {
  const res = await c.get(be('offline-api/current-files'));
  if (res.status !== 200) throw new Error(`current-files ${res.status}`);
  return (await res.json()) as Pir[];
}

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** A real small PNG (RGBA), e.g. a signature. */
export function tinyPng(width = 40, height = 16, seed = 1): Uint8Array {
  return new Uint8Array(
    encodePng(width, height, 4, (x, y) => {
      const v = Math.abs(Math.sin((x + seed) / 5) * (height / 2.5) + height / 2 - y) < 1.5 ? 20 : 255;
      return [v, v, v, 255];
    }),
  );
}

export interface SaveFiles {
  picture: Uint8Array;
  attachment: Uint8Array;
  master: Uint8Array;
  inspector: Uint8Array;
}

/** Bytes that start as a baseline JPEG of width×height (SOI, JFIF, start of frame), then `body`, then EOI. */
export function jpegLike(width: number, height: number, body: Uint8Array): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...body, 0xff, 0xd9]);
}

export function makeFiles(seed = 1): SaveFiles {
  return {
    picture: jpegLike(64, 48, new Uint8Array(crypto.createHash('sha512').update(`picture-${seed}`).digest())),
    attachment: new Uint8Array(Buffer.from(`%PDF-1.4 fake attachment ${seed}\n`)),
    master: tinyPng(40, 16, seed),
    inspector: tinyPng(40, 16, seed + 7),
  };
}

/**
 * The five save parts for a report, announcing the given files, as an honest tablet sends them at
 * submission (SPEC §4, issue 31): the inspection started now (after the claim), every form step complete,
 * signing and the end after the start, both signatures, and the fingerprint of what is saved. A test that
 * changes the parts afterwards calls `sealed` to take the fingerprint again.
 */
export function saveParts(pir: Pir, extended: Extended, files: SaveFiles) {
  const ann = (fileUrl: string, contentType: string, bytes: Uint8Array) => ({ fileUrl, contentType, size: bytes.byteLength, sha256: sha256(bytes) });
  const now = new Date().toISOString();
  const ext: Extended = {
    ...extended,
    pir: {
      ...extended.pir,
      startOfInspection: now,
      endOfInspection: now,
      monitoringDetails: { ...extended.pir.monitoringDetails, principalInspectorName: extended.pir.monitoringDetails.principalInspectorName || 'Amina Hoareau' },
    },
  };
  const flow = ['inspecting', 'signing', 'readytosubmit', 'submitting'] as const;
  const lifecycle = { ...pir.lifecycle, ...Object.fromEntries(flow.map((s, i) => [s, { date: now, previousStatus: i === 0 ? 'ready' : flow[i - 1]! }])) };
  return sealed({
    pir: {
      ...pir,
      status: 'submitting' as const,
      extended: ext,
      lifecycle,
      inspectionstatus: { ...pir.inspectionstatus, ...Object.fromEntries(FORM_STEP_NAMES.map((s) => [s, true])) },
      inspectionSignatures: {
        masterSignature: 'local-master-signature' as string | null,
        inspectorSignature: 'local-inspector-signature' as string | null,
        masterRefuses: false,
        fingerprint: null as string | null,
      },
    },
    vessel: { ...ext.vessel, name: `${ext.vessel.name}` },
    pictures: [{ ...ann('pic-1.jpg', 'image/jpeg', files.picture), uid: 'p1', type: 'PWHO', author: 'Amina Hoareau', description: 'Bow', date: null }],
    attachments: [{ ...ann('att-1.pdf', 'application/pdf', files.attachment), uid: 'a1', type: 'AUTF', name: 'Licence.pdf' }],
    signatures: [
      { ...ann('sig-master.png', 'image/png', files.master), role: 'master' as const },
      { ...ann('sig-inspector.png', 'image/png', files.inspector), role: 'inspector' as const },
    ],
  });
}

/** The save parts with the fingerprint of what they hold, as the server recomputes it (lib/inspection/fingerprint.ts). */
export function sealed<T extends { pir: { id: number; extended: Extended | null; inspectionSignatures: { masterRefuses: boolean; fingerprint?: string | null } }; vessel: unknown; pictures: unknown[]; attachments: unknown[]; signatures: unknown[] }>(parts: T): T {
  return { ...parts, pir: { ...parts.pir, inspectionSignatures: { ...parts.pir.inspectionSignatures, fingerprint: fingerprintOf(parts) } } };
}

/**
 * Takes again, in the database, the fingerprint of a report's stored save (a test that changes the
 * stored save or its files directly, as data stored by an older server, keeps the signed fingerprint
 * consistent with it, as the tablet's would be).
 */
export function refingerprint(db: DB, reportId: number): void {
  const save = db.prepare('SELECT * FROM saves WHERE report_id = ?').get(reportId) as Record<'pir' | 'vessel' | 'pictures' | 'attachments' | 'signatures', string>;
  const announced = new Map((db.prepare('SELECT file_url, size, sha256 FROM announced WHERE report_id = ?').all(reportId) as { file_url: string; size: number; sha256: string }[]).map((a) => [a.file_url, a]));
  const pir = JSON.parse(save.pir) as Pir;
  const files = (['pictures', 'attachments', 'signatures'] as const).flatMap((part) =>
    (JSON.parse(save[part]) as Record<string, unknown>[]).flatMap((meta) => {
      const a = announced.get(String(meta.fileUrl));
      return a ? [{ part, fileUrl: a.file_url, size: a.size, sha256: a.sha256, meta }] : [];
    }),
  );
  const content = signedContent({ reportId: pir.id, extended: { ...pir.extended!, vessel: JSON.parse(save.vessel) as Extended['vessel'] }, masterRefuses: Boolean(pir.inspectionSignatures.masterRefuses), files });
  const fingerprint = crypto.createHash('sha256').update(canonicalJson(content)).digest('hex');
  db.prepare("UPDATE saves SET pir = json_set(pir, '$.inspectionSignatures.fingerprint', ?) WHERE report_id = ?").run(fingerprint, reportId);
}

/** The fingerprint the server computes over saved parts (parsed by the contract, as the server stores them). */
export function fingerprintOf(parts: { pir: unknown; vessel: unknown; pictures: unknown; attachments: unknown; signatures: unknown }): string | null {
  // parts the contract refuses (tests of oversized saves) have no fingerprint: the server refuses them first
  if ((['pir', 'vessel', 'pictures', 'attachments', 'signatures'] as const).some((k) => !contractSaveParts[k].safeParse(parts[k]).success)) return null;
  const pir = contractSaveParts.pir.parse(parts.pir);
  const vessel = contractSaveParts.vessel.parse(parts.vessel);
  const files = (['pictures', 'attachments', 'signatures'] as const).flatMap((part) =>
    (contractSaveParts[part].parse(parts[part]) as { fileUrl: string; size: number; sha256: string }[]).map((e) => ({ part, fileUrl: e.fileUrl, size: e.size, sha256: e.sha256, meta: e as Record<string, unknown> })),
  );
  if (!pir.extended) throw new Error('fingerprintOf: the pir part has no extended');
  const content = signedContent({ reportId: pir.id, extended: { ...pir.extended, vessel }, masterRefuses: pir.inspectionSignatures.masterRefuses, files });
  return crypto.createHash('sha256').update(canonicalJson(content)).digest('hex');
}

export function formOf(parts: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts)) form.append(k, JSON.stringify(v));
  return form;
}

export const uploads = (files: SaveFiles): [string, Uint8Array][] => [
  ['pic-1.jpg', files.picture],
  ['att-1.pdf', files.attachment],
  ['sig-master.png', files.master],
  ['sig-inspector.png', files.inspector],
];

/** Everything a rejected request must leave unchanged. */
export function snapshot(db: DB): string {
  return JSON.stringify({
    reports: db.prepare('SELECT * FROM reports ORDER BY id').all(),
    saves: db.prepare('SELECT * FROM saves ORDER BY report_id').all(),
    announced: db.prepare('SELECT * FROM announced ORDER BY report_id, file_url').all(),
    files: db.prepare('SELECT id, kind, name, sha256 FROM files ORDER BY id').all(),
    blobs: db.prepare('SELECT sha256, size FROM blobs ORDER BY sha256').all(),
    idempotency: db.prepare('SELECT key, path, status FROM idempotency ORDER BY key').all(),
    users: db.prepare('SELECT id, username, password_hash FROM users ORDER BY id').all(),
  });
}

/** First report matching a predicate, by call id. */
export function pick(list: Pir[], pred: (p: Pir) => boolean, skip = 0): Pir {
  const found = list.filter(pred)[skip];
  if (!found) throw new Error('no matching report in the demo data');
  return found;
}
