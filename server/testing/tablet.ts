/**
 * A scripted tablet speaking the real HTTP API: login, listing with its entity tag, claim,
 * extended info, save, upload and complete-submit, each with the app's Idempotency-Key, so the crash
 * test, the backup test and the capacity and durability benchmarks drive a server like tablets do.
 * Test and benchmark code only; the server never imports it.
 */
import crypto from 'node:crypto';
import { encodePng } from '../seed/png';
import { STEPS } from '../../lib/contract/steps';
import { announcedMeta, computeFingerprint } from '../../lib/inspection/fingerprint';
import { extendedReply, IDEMPOTENCY_HEADER, loginReply, paths, type Extended, type Pir } from '../../lib/contract/index';

export interface TabletUser {
  username: string;
  password: string;
  deviceName: string;
}

/** Where the server is now (a restarted server may listen on another port). */
export interface Target {
  url: string;
}

/** A network failure or a reply the tablet retries (5xx, 429): the call may or may not have happened. */
class Retryable extends Error {}

export interface FileToSend {
  part: 'pictures' | 'attachments' | 'signatures';
  fileUrl: string;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
}

export const sha256 = (b: Uint8Array): string => crypto.createHash('sha256').update(b).digest('hex');

/** Bytes that start as a baseline JPEG of width×height (what the server's type sniffing accepts), `size` bytes long. */
function jpegBytes(width: number, height: number, size: number, seed: string): Uint8Array {
  const app0 = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  const out = new Uint8Array(Math.max(size, app0.length + sof.length + 2));
  out.set(app0, 0);
  out.set(sof, app0.length);
  const body = out.subarray(app0.length + sof.length, out.length - 2);
  // pseudo-random filler without 0xFF (no marker inside), cheap to make
  let x = crypto.createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  for (let i = 0; i < body.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    body[i] = (x >>> 0) % 255;
  }
  out[out.length - 2] = 0xff;
  out[out.length - 1] = 0xd9;
  return out;
}

/** A small real PNG (a signature), its pixels made from `seed`. */
function pngBytes(seed: string): Uint8Array {
  const h = crypto.createHash('sha256').update(seed).digest();
  return new Uint8Array(encodePng(40, 16, 4, (x, y) => [h[(x + y * 40) % 32]!, h[(x * 3 + y) % 32]!, 128, 255]));
}

/** The files of one save: `pictures` JPEGs of `pictureBytes` each, one PDF attachment, two signatures. */
export function makeSaveFiles(seed: string, pictures = 1, pictureBytes = 64 * 1024): FileToSend[] {
  const files: FileToSend[] = [];
  for (let i = 0; i < pictures; i++) {
    const bytes = jpegBytes(640, 480, pictureBytes, `${seed}-pic-${i}`);
    files.push({ part: 'pictures', fileUrl: `pic-${seed}-${i}.jpg`, contentType: 'image/jpeg', bytes, sha256: sha256(bytes) });
  }
  const pdf = new Uint8Array(Buffer.from(`%PDF-1.4\n% attachment ${seed}\n%%EOF\n`));
  files.push({ part: 'attachments', fileUrl: `att-${seed}.pdf`, contentType: 'application/pdf', bytes: pdf, sha256: sha256(pdf) });
  for (const role of ['master', 'inspector']) {
    const png = pngBytes(`${seed}-${role}`);
    files.push({ part: 'signatures', fileUrl: `sig-${role}-${seed}.png`, contentType: 'image/png', bytes: png, sha256: sha256(png) });
  }
  return files;
}

/**
 * The five save parts announcing `files`, as the app sends them once the inspection is complete (SPEC §4,
 * and the server's submission checks): started and ended, every form step complete, signed, with the
 * fingerprint the server recomputes at complete-submit.
 */
export async function saveForm(pir: Pir, extended: Extended, files: FileToSend[], note: string): Promise<FormData> {
  const ann = (f: FileToSend) => ({ fileUrl: f.fileUrl, contentType: f.contentType, size: f.bytes.byteLength, sha256: f.sha256 });
  const now = Date.now();
  const ext: Extended = {
    ...extended,
    pir: { ...extended.pir, startOfInspection: extended.pir.startOfInspection ?? new Date(now - 1000).toISOString(), endOfInspection: new Date(now).toISOString() },
  };
  const pictures = files.filter((f) => f.part === 'pictures').map((f, i) => ({ ...ann(f), uid: `p${i}`, type: 'PWHO', author: note, description: note, date: null }));
  const attachments = files.filter((f) => f.part === 'attachments').map((f, i) => ({ ...ann(f), uid: `a${i}`, type: 'AUTF', name: `Licence-${i}.pdf` }));
  const signatures = files.filter((f) => f.part === 'signatures').map((f) => ({ ...ann(f), role: f.fileUrl.includes('master') ? 'master' : 'inspector' }));
  const entries = [...pictures.map((e) => ['pictures', e] as const), ...attachments.map((e) => ['attachments', e] as const), ...signatures.map((e) => ['signatures', e] as const)];
  const fingerprint = await computeFingerprint({
    reportId: pir.id,
    extended: ext,
    masterRefuses: false,
    files: entries.map(([part, e]) => ({ part, fileUrl: e.fileUrl, size: e.size, sha256: e.sha256, meta: announcedMeta(e as Record<string, unknown>) })),
  });
  const steps = Object.fromEntries(STEPS.filter((st) => st.form).map((st) => [st.name, true]));
  const parts = {
    pir: {
      ...pir,
      status: 'submitting',
      extended: ext,
      inspectionstatus: { ...pir.inspectionstatus, ...steps },
      inspectionSignatures: { ...pir.inspectionSignatures, masterRefuses: false, fingerprint },
    },
    vessel: ext.vessel,
    pictures,
    attachments,
    signatures,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(parts)) form.append(k, JSON.stringify(v));
  return form;
}

export class Tablet {
  jwt = '';
  etag: string | null = null;
  /** headers sent with every call (e.g. X-Forwarded-For: one client address per tablet behind --trust-proxy) */
  headers: Record<string, string> = {};
  list: Pir[] = [];

  constructor(
    readonly target: Target,
    readonly user: TabletUser,
    readonly timeoutMs = 60_000,
  ) {}

  get device(): string {
    return this.user.deviceName;
  }

  /** One HTTP call; network failures, 5xx and 429 throw Retryable. */
  async call(method: string, p: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
    let res: Response;
    try {
      const raw = await fetch(`${this.target.url}/be/${p}`, {
        method,
        body: init.body,
        headers: { ...this.headers, ...(this.jwt ? { authorization: `Bearer ${this.jwt}` } : {}), ...init.headers },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // the whole reply is read here: a connection cut in the middle of it is a failed call, retried
      const body = await raw.arrayBuffer();
      res = new Response([101, 204, 205, 304].includes(raw.status) ? null : body, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
    } catch (e) {
      throw new Retryable(`${method} ${p}: ${(e as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.arrayBuffer().catch(() => {});
      throw new Retryable(`${method} ${p}: ${res.status}`);
    }
    return res;
  }

  private async ok(res: Response, what: string): Promise<Response> {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return res;
  }

  async login(): Promise<void> {
    const res = await this.call('POST', paths.login(), {
      body: JSON.stringify({ username: this.user.username, password: this.user.password, deviceName: this.user.deviceName }),
      headers: { 'content-type': 'application/json' },
    });
    this.jwt = loginReply.parse(await (await this.ok(res, 'login')).json()).token.jwt;
  }

  /** The listing, with the tag held: `changed` false when the server answered 304. */
  async listing(): Promise<{ changed: boolean; list: Pir[] }> {
    const res = await this.call('GET', paths.currentFiles(), { headers: this.etag ? { 'if-none-match': this.etag } : {} });
    if (res.status === 304) return { changed: false, list: this.list };
    await this.ok(res, 'listing');
    this.list = (await res.json()) as Pir[];
    this.etag = res.headers.get('etag');
    return { changed: true, list: this.list };
  }

  async claim(id: number, key: string): Promise<number> {
    const res = await this.call('POST', paths.claim(id), {
      body: JSON.stringify({ deviceIdentifier: this.device }),
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    });
    return Number(await (await this.ok(res, `claim ${id}`)).json());
  }

  async release(id: number, key: string): Promise<void> {
    const res = await this.call('POST', paths.release(id), {
      body: JSON.stringify({ deviceIdentifier: this.device }),
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    });
    await this.ok(res, `release ${id}`);
  }

  async extended(id: number): Promise<Extended> {
    return extendedReply.parse(await (await this.ok(await this.call('GET', paths.extended(id)), `extended ${id}`)).json());
  }

  async save(id: number, form: FormData, key: string): Promise<void> {
    await this.ok(await this.call('POST', paths.save(id), { body: form, headers: { [IDEMPOTENCY_HEADER]: key } }), `save ${id}`);
  }

  async upload(id: number, f: FileToSend, key: string): Promise<void> {
    const res = await this.call('POST', paths.submitFile(id, f.fileUrl), {
      body: f.bytes as BodyInit,
      headers: { 'content-type': 'application/octet-stream', [IDEMPOTENCY_HEADER]: key },
    });
    const text = await (await this.ok(res, `upload ${f.fileUrl}`)).text();
    if (!text.startsWith('ok')) throw new Error(`upload ${f.fileUrl}: ${text}`);
  }

  /** The receipt (truthy) once submitted, false while files are missing. */
  async completeSubmit(id: number): Promise<unknown> {
    return (await this.ok(await this.call('GET', paths.completeSubmit(id)), `complete-submit ${id}`)).json();
  }
}

/** Runs `fn` until it does not throw Retryable (the server restarting), up to `deadlineMs`. */
export async function retrying<T>(fn: () => Promise<T>, deadlineMs = 120_000, onRetry?: () => void): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof Retryable) || Date.now() > end) throw e;
      onRetry?.();
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
