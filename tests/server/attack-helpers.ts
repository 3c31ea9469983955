/**
 * Support for the attack and fault suite (tests/server/attack-*.test.ts): a deep snapshot of everything
 * the server stores, "nothing changed" checks, forged tokens, raw socket requests and leak checks.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { errorReply, type Extended, type Pir } from '../../lib/contract/index';
import { ISSUER, SECRET_FILE } from '../../server/auth/jwt';
import type { DB } from '../../server/db/schema';

const hash = (value: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer' ? Buffer.from((v as { data: number[] }).data).toString('base64') : v)))
    .digest('hex');

/**
 * Count and hash of the rows of every table (and of the schema itself). Blob bytes are stored once per
 * SHA-256 key, so a blob row is fingerprinted by key, size, stored length and its first and last bytes;
 * the bytes themselves are files of the blob store, listed by `blobFiles`.
 */
export function deepSnapshot(db: DB, except: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string | null }[];
  out.schema = hash(tables);
  for (const { name } of tables) {
    if (except.includes(name) || !/^[a-z_]+$/.test(name) || (db.prepare("SELECT type FROM sqlite_master WHERE name = ?").get(name) as { type: string }).type !== 'table') continue;
    const rows =
      name === 'blobs'
        ? db.prepare('SELECT sha256, size, length(data) AS len, hex(substr(data, 1, 32)) AS head, hex(substr(data, -32)) AS tail FROM blobs ORDER BY sha256').all()
        : db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all();
    out[name] = `${rows.length}:${hash(rows)}`;
  }
  out.blobFiles = hash(blobFiles(db));
  return out;
}

/**
 * The files of the blob store (`<data>/blobs/`, temporary uploads included): path, size and mtime.
 * A stored file is named by its SHA-256, so its name vouches for its content.
 */
export function blobFiles(db: DB): string[] {
  const dir = path.join(path.dirname(db.name), 'blobs');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((rel) => ({ rel, st: fs.statSync(path.join(dir, rel)) }))
    .filter(({ st }) => st.isFile())
    .map(({ rel, st }) => `${rel}:${st.size}:${st.mtimeMs}`)
    .sort();
}

/**
 * Runs the request(s) and checks that nothing stored changed; `except` names tables an honest request
 * made meanwhile may change (e.g. `sessions` when real users sign in during a flood).
 */
export async function unchanged<T>(db: DB, run: () => Promise<T>, except: readonly string[] = []): Promise<T> {
  const before = deepSnapshot(db, except);
  const result = await run();
  expect(deepSnapshot(db, except)).toEqual(before);
  return result;
}

/** The reply is a JSON error `{message, data?}` with one of the statuses, without a stack trace. */
export async function expectError(res: Response, statuses: number | number[], message?: string | RegExp): Promise<{ message: string; data?: unknown }> {
  const allowed = Array.isArray(statuses) ? statuses : [statuses];
  const text = await res.text();
  expect(allowed, `status ${res.status}: ${text.slice(0, 300)}`).toContain(res.status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = errorReply.parse(JSON.parse(text));
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(text).not.toMatch(/at .*\.(ts|js):\d+|node_modules|INTERNAL_ERROR/);
  return body;
}

/** Strings of a report that must not appear in a refused reply. */
export function reportSecrets(report: Pir, extended?: Extended): string[] {
  const s = [report.vesselIdentity.vesselName, report.code, report.vesselIdentity.imoId, report.vesselIdentity.ircs, report.inspectionComment];
  if (extended) s.push(extended.vessel.name, extended.pir.monitoringDetails.principalInspectorName, extended.pir.findingsByInspector, extended.pir.lastPortOfCallFreeForm);
  return s.filter((x): x is string => typeof x === 'string' && x.trim().length >= 4);
}

export function expectNoLeak(text: string, secrets: string[]): void {
  for (const s of secrets) expect(text, `reply leaks "${s}"`).not.toContain(s);
}

// ---------------------------------------------------------------- tokens

export function readSecret(dataDir: string): Uint8Array {
  return new Uint8Array(Buffer.from(fs.readFileSync(path.join(dataDir, SECRET_FILE), 'utf8').trim(), 'base64url'));
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

export interface Claims {
  sub?: string;
  dev?: unknown;
  iss?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
}

/** A JWT signed with the given key and algorithm (HS256 by default). */
export async function sign(claims: Claims, key: Uint8Array, alg: 'HS256' | 'HS384' | 'HS512' = 'HS256'): Promise<string> {
  return new SignJWT({ ...claims } as Record<string, unknown>).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

/** An unsigned token (`alg: none`), with or without the trailing dot. */
export function unsigned(claims: Claims, trailingDot = true): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}${trailingDot ? '.' : ''}`;
}

/** The same token with its payload replaced (the signature kept). */
export function withPayload(jwt: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [h, p, s] = jwt.split('.') as [string, string, string];
  return `${h}.${b64(change(JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>))}.${s}`;
}

/** The same token with the first character of its signature changed (the last one may carry only padding bits). */
export function withBadSignature(jwt: string): string {
  const [h, p, s] = jwt.split('.') as [string, string, string];
  return `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export { ISSUER };

// ---------------------------------------------------------------- raw HTTP

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request whose path is sent exactly as given (no URL normalisation), over a real socket. */
export function rawRequest(base: string, rawPath: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port: Number(port), path: rawPath, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Writes a request head and part of a body on a bare TCP socket, then half-closes (`end`) or resets
 * (`destroy`) the connection. Resolves with whatever the server wrote back.
 */
export function truncatedRequest(base: string, head: string, body: Buffer, how: 'end' | 'destroy'): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(got));
    socket.write(head);
    socket.write(body, () => {
      if (how === 'end') socket.end();
      else setTimeout(() => socket.destroy(), 150);
    });
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

/** A body of `total` bytes made of one reused chunk, so the test never holds it all in memory. */
export function streamOf(total: number, chunkSize = 1024 * 1024, fill = 0x61): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(chunkSize).fill(fill);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunkSize, total - sent);
      sent += n;
      controller.enqueue(n === chunkSize ? chunk : chunk.subarray(0, n));
    },
  });
}

/** A body that yields some bytes, then fails (a client that goes away mid-upload). */
export function failingStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let step = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (step++ === 0) controller.enqueue(bytes);
      else controller.error(new Error('client went away'));
    },
  });
}

// ---------------------------------------------------------------- responsiveness

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the attack while a probe (a cheap request, by default an unknown /be path answered 404) is sent
 * over a real socket again and again; returns the attack's result and each probe's latency in ms.
 * The server shares this process's event loop, so anything that blocks it delays the probes.
 */
export async function probeDuring<T>(base: string, attack: () => Promise<T>, probePath = '/be/probe'): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  const latencies: number[] = [];
  const probing = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(base + probePath).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await pause(10);
    }
  })();
  try {
    const result = await attack();
    return { result, latencies };
  } finally {
    done = true;
    await probing;
  }
}

/**
 * Other requests were answered quickly while the attack ran: none over a second, and, over five probes or
 * more, the median under 100 ms (a loaded machine may delay a probe now and then, and an attack refused
 * at once leaves time for one probe only; a blocked event loop delays them all, and the one probe sent
 * while it is blocked waits for as long as the block).
 */
export function expectResponsive(latencies: number[]): void {
  expect(latencies.length).toBeGreaterThan(0);
  const shown = latencies.map((l) => Math.round(l)).join(', ');
  const sorted = [...latencies].sort((a, b) => a - b);
  if (sorted.length >= 5) expect(sorted[Math.floor((sorted.length - 1) / 2)]!, `median probe latency (ms) of: ${shown}`).toBeLessThan(100);
  expect(sorted[sorted.length - 1]!, `slowest probe (ms) of: ${shown}`).toBeLessThan(1000);
}
