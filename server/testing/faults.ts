/**
 * Test-only fault injection for /be requests. Only the test entries reach it (server/testing/:
 * `startServerWithFaults({faults})`, `createAppWithFaults`, `main-with-faults.ts --faults SPEC`),
 * then `app.faults.set(...)` at run time; the production server (main.ts, cli.ts) does not import it.
 *
 * A matching request fails with probability `rate` (seeded PRNG, so a run is reproducible) in one of
 * the `modes`:
 *  - `500`  HTTP 500 `{"message":"INJECTED_FAULT"}`;
 *  - `hang` the request is held `hangMs` (default 35 s, past the client's 30 s timeout), then 503;
 *  - `drop` a reply is started (status line, headers, part of the body) and the socket is destroyed
 *           mid-body. The request body is read first, so an upload sees a dropped reply, not a refused
 *           request. In-process (`app.request`, no socket) the body stream errors instead.
 * and in a `phase`: `before` the route ran (nothing happened on the server) or `after` it (the work is
 * done and stored, e.g. the idempotency record too, then the reply fails); `both` picks one at random.
 *
 * Static files are never faulted; `/be/login` only when the `paths` pattern mentions "login".
 */
import { STATUS_CODES, ServerResponse } from 'node:http';
import { randomInt } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { BASE_PATH } from '../../lib/contract/index';
import { Prng } from '../seed/prng';
import type { Logger } from '../http/errors';
import type { AppEnv } from '../http/types';

const FAULT_MODES = ['500', 'hang', 'drop'] as const;
type FaultMode = (typeof FAULT_MODES)[number];
const FAULT_PHASES = ['before', 'after', 'both'] as const;
type FaultPhase = (typeof FAULT_PHASES)[number];
const FAULT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const DEFAULT_FAULT_PATHS = `^${BASE_PATH}/`;
export const DEFAULT_HANG_MS = 35_000;
const MAX_HANG_MS = 600_000;
/** The `message` of injected error replies. */
export const INJECTED_FAULT = 'INJECTED_FAULT';
/** Response header on injected 500/503 replies and dropped replies: `<mode>; phase=<before|after>`. */
export const FAULT_HEADER = 'X-Injected-Fault';

export interface FaultOptions {
  /** share of matching requests that fail, 0..1 */
  rate: number;
  /** how a faulted request fails; one is picked at random per faulted request */
  modes: readonly FaultMode[];
  /** RegExp (or its source) tested against the URL path; default `^/be/`. `/be/login` only when it mentions "login". */
  paths?: string | RegExp;
  /** PRNG seed (0..2^32-1); default: a random one, printed in the start-up warning */
  seed?: number;
  /** how long `hang` holds the request before answering 503 (default 35000 ms) */
  hangMs?: number;
  /** only these methods (default: all) */
  methods?: readonly string[];
  /** fail before the route runs, after it ran, or either at random (default `both`) */
  phase?: FaultPhase;
}

/** Validated options with every default filled in. */
export interface ResolvedFaults {
  rate: number;
  modes: FaultMode[];
  paths: RegExp;
  /** the pattern as given (RegExp.source would escape its slashes) */
  pathsSource: string;
  /** whether /be/login may be faulted (the paths pattern mentions "login") */
  login: boolean;
  seed: number;
  hangMs: number;
  methods: string[] | null;
  phase: FaultPhase;
}

export class FaultSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultSpecError';
  }
}

export const FAULT_SPEC_HELP =
  'rate=0..1 (or N%),modes=500+hang+drop[,paths=REGEXP][,seed=N][,hangMs=N][,methods=GET+POST][,phase=before|after|both]';

const KEY_ALIASES: Record<string, keyof FaultOptions> = {
  rate: 'rate',
  modes: 'modes',
  mode: 'modes',
  paths: 'paths',
  path: 'paths',
  seed: 'seed',
  hangms: 'hangMs',
  methods: 'methods',
  method: 'methods',
  phase: 'phase',
};

function fail(message: string): never {
  throw new FaultSpecError(`${message} (fault spec: ${FAULT_SPEC_HELP})`);
}

function parseRate(v: string): number {
  const percent = v.endsWith('%');
  const text = percent ? v.slice(0, -1) : v;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) fail(`rate must be a number from 0 to 1 or a percentage (got "${v}")`);
  const rate = Number(text) / (percent ? 100 : 1);
  if (!(rate >= 0 && rate <= 1)) fail(`rate must be from 0 to 1 (got "${v}")`);
  return rate;
}

function parseList(v: string): string[] {
  return v
    .split(/[+|]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseWhole(name: string, v: string, max: number): number {
  if (!/^\d+$/.test(v) || Number(v) > max) fail(`${name} must be a whole number from 0 to ${max} (got "${v}")`);
  return Number(v);
}

/**
 * Parses `--faults` / `FAULTS`: comma-separated `key=value` fields, e.g.
 * `rate=0.3,modes=500+drop,paths=^/be/offline-api/,seed=42,hangMs=35000`.
 * `rate` and `modes` are required. A bare `after` / `before` is `phase=after` / `phase=before`.
 * Commas inside `paths` are kept unless followed by `name=`.
 * Throws FaultSpecError with a readable message.
 */
export function parseFaultSpec(spec: string): FaultOptions {
  const text = spec.trim();
  if (!text) fail('empty fault spec');
  const items = text.split(/,(?=\s*[A-Za-z][\w-]*\s*=|\s*(?:after|before|both)\s*(?:,|$))/);
  const seen = new Set<string>();
  const out: Partial<{ -readonly [K in keyof FaultOptions]: FaultOptions[K] }> = {};
  for (const raw of items) {
    const item = raw.trim();
    if (!item) fail('empty field');
    const eq = item.indexOf('=');
    let key: keyof FaultOptions | undefined;
    let value: string;
    if (eq < 0) {
      if (!(FAULT_PHASES as readonly string[]).includes(item.toLowerCase())) fail(`field "${item}" needs a value (name=value)`);
      key = 'phase';
      value = item.toLowerCase();
    } else {
      const name = item.slice(0, eq).trim();
      key = KEY_ALIASES[name.toLowerCase().replace(/[-_]/g, '')];
      if (!key) fail(`unknown field "${name}"`);
      value = item.slice(eq + 1).trim();
    }
    if (seen.has(key)) fail(`field "${key}" given twice`);
    seen.add(key);
    if (!value) fail(`field "${key}" is empty`);
    if (key !== 'paths' && value.includes(',')) fail(`bad field "${item}": fields are name=value, separated by commas`);
    switch (key) {
      case 'rate':
        out.rate = parseRate(value);
        break;
      case 'modes':
        out.modes = parseList(value.toLowerCase()) as FaultMode[];
        break;
      case 'paths':
        out.paths = value;
        break;
      case 'seed':
        out.seed = parseWhole('seed', value, 0xffffffff);
        break;
      case 'hangMs':
        out.hangMs = parseWhole('hangMs', value, MAX_HANG_MS);
        break;
      case 'methods':
        out.methods = parseList(value.toUpperCase());
        break;
      case 'phase':
        out.phase = value.toLowerCase() as FaultPhase;
        break;
    }
  }
  if (out.rate === undefined) fail('rate is required');
  if (out.modes === undefined) fail('modes is required');
  const options = out as FaultOptions;
  resolveFaultOptions(options, 0); // validates modes, paths, methods, phase
  return options;
}

/** Validates options (from code or from a spec) and fills in the defaults. */
export function resolveFaultOptions(o: FaultOptions, defaultSeed: number = randomInt(0x100000000)): ResolvedFaults {
  if (typeof o.rate !== 'number' || !(o.rate >= 0 && o.rate <= 1)) fail(`rate must be from 0 to 1 (got ${String(o.rate)})`);
  if (!Array.isArray(o.modes) || o.modes.length === 0) fail('modes needs at least one of 500, hang, drop');
  for (const m of o.modes) {
    if (!(FAULT_MODES as readonly string[]).includes(m)) fail(`unknown mode "${m}" (500, hang or drop)`);
  }
  let paths: RegExp;
  const pathsSource = o.paths === undefined ? DEFAULT_FAULT_PATHS : o.paths instanceof RegExp ? o.paths.source : o.paths;
  if (o.paths === undefined) paths = new RegExp(DEFAULT_FAULT_PATHS);
  else if (o.paths instanceof RegExp) paths = new RegExp(o.paths.source, o.paths.flags.replace(/[gy]/g, ''));
  else {
    try {
      paths = new RegExp(o.paths);
    } catch (e) {
      fail(`paths is not a valid regular expression: ${(e as Error).message}`);
    }
  }
  const seed = o.seed ?? defaultSeed;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) fail(`seed must be a whole number from 0 to ${0xffffffff} (got ${seed})`);
  const hangMs = o.hangMs ?? DEFAULT_HANG_MS;
  if (!Number.isInteger(hangMs) || hangMs < 0 || hangMs > MAX_HANG_MS) fail(`hangMs must be a whole number from 0 to ${MAX_HANG_MS} (got ${hangMs})`);
  let methods: string[] | null = null;
  if (o.methods !== undefined) {
    if (o.methods.length === 0) fail('methods is empty');
    methods = o.methods.map((m) => m.toUpperCase());
    for (const m of methods) {
      if (!(FAULT_METHODS as readonly string[]).includes(m)) fail(`unknown method "${m}" (${FAULT_METHODS.join(', ')})`);
    }
  }
  const phase = o.phase ?? 'both';
  if (!(FAULT_PHASES as readonly string[]).includes(phase)) fail(`phase must be before, after or both (got "${String(phase)}")`);
  return {
    rate: o.rate,
    modes: [...new Set(o.modes)],
    paths,
    pathsSource,
    login: /login/i.test(pathsSource),
    seed,
    hangMs,
    methods: methods && [...new Set(methods)],
    phase,
  };
}

/** A spec that reproduces these options (printed in the start-up warning). */
export function describeFaults(f: ResolvedFaults): string {
  return [
    `rate=${f.rate}`,
    `modes=${f.modes.join('+')}`,
    `paths=${f.pathsSource}`,
    ...(f.methods ? [`methods=${f.methods.join('+')}`] : []),
    `phase=${f.phase}`,
    `seed=${f.seed}`,
    `hangMs=${f.hangMs}`,
  ].join(',');
}

// ------------------------------------------------------------------ the injector

export interface FaultDecision {
  mode: FaultMode;
  phase: 'before' | 'after';
}

export interface FaultStats {
  /** requests that matched methods and paths (each one drew from the PRNG) */
  matched: number;
  /** requests that were faulted */
  injected: number;
  byMode: Record<FaultMode, number>;
}

/** `app.faults`: turn faults on, off, or change them without a restart. */
export interface FaultControl {
  /** options, a spec string, or null (off). Resets the PRNG to the seed and the stats. Throws FaultSpecError. */
  set(options: FaultOptions | string | null): ResolvedFaults | null;
  get(): ResolvedFaults | null;
  stats(): FaultStats;
}

const isBePath = (p: string) => p === BASE_PATH || p.startsWith(`${BASE_PATH}/`);
const isLoginPath = (p: string) => p.replace(/\/+$/, '') === `${BASE_PATH}/login`;

export class FaultInjector implements FaultControl {
  private current: ResolvedFaults | null = null;
  private rng = new Prng(0);
  private counts: FaultStats = FaultInjector.zero();

  constructor(
    private readonly log: Logger,
    options?: FaultOptions | string | null,
  ) {
    if (options) this.set(options);
  }

  private static zero(): FaultStats {
    return { matched: 0, injected: 0, byMode: { 500: 0, hang: 0, drop: 0 } };
  }

  set(options: FaultOptions | string | null): ResolvedFaults | null {
    const next = options === null ? null : resolveFaultOptions(typeof options === 'string' ? parseFaultSpec(options) : options);
    const was = this.current;
    this.current = next;
    this.rng = new Prng(next?.seed ?? 0);
    this.counts = FaultInjector.zero();
    if (next) {
      this.log.warn(`FAULT INJECTION ON: ${describeFaults(next)} (test switch: never use in production)`);
    } else if (was) {
      this.log.warn('FAULT INJECTION OFF');
    }
    return next;
  }

  get(): ResolvedFaults | null {
    return this.current;
  }

  stats(): FaultStats {
    return { ...this.counts, byMode: { ...this.counts.byMode } };
  }

  /** Whether (and how) this request fails; draws from the PRNG only for matching requests. */
  decide(method: string, path: string): FaultDecision | null {
    const f = this.current;
    if (!f || !isBePath(path)) return null;
    if (isLoginPath(path) && !f.login) return null;
    if (f.methods && !f.methods.includes(method.toUpperCase())) return null;
    if (!f.paths.test(path)) return null;
    this.counts.matched++;
    if (!(this.rng.next() < f.rate)) return null;
    const mode = f.modes.length === 1 ? f.modes[0]! : this.rng.pick(f.modes);
    const phase = f.phase === 'both' ? (this.rng.next() < 0.5 ? 'before' : 'after') : f.phase;
    this.counts.injected++;
    this.counts.byMode[mode]++;
    return { mode, phase };
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const d = this.decide(c.req.method, c.req.path);
      if (!d) return next();
      const f = this.current!;
      const what = `${d.mode} ${c.req.method} ${c.req.path}`;
      let routeStatus: number | null = null;
      if (d.phase === 'after') {
        await next();
        routeStatus = c.res.status;
      }
      // the client must have sent its whole body before the reply breaks (an upload is not "refused")
      await discardBody(c);
      const tag = `${d.mode}; phase=${d.phase}`;
      this.log.warn(`[fault] ${what} (${d.phase === 'after' ? `after the route, which answered ${routeStatus}` : 'before the route'})`);

      if (d.mode === '500') return replace(c, faultReply(500, tag));
      if (d.mode === 'hang') {
        await sleep(f.hangMs, c.req.raw.signal);
        return replace(c, faultReply(503, tag));
      }
      return replace(c, await drop(c, d.phase === 'after', tag));
    };
  }
}

// ------------------------------------------------------------------ helpers

/** Sets c.res without Hono merging the route's headers (e.g. its Content-Length) into the new reply. */
function replace(c: Context<AppEnv>, res: Response): void {
  c.res = undefined;
  c.res = res;
}

function faultReply(status: 500 | 503, tag: string): Response {
  return new Response(JSON.stringify({ message: INJECTED_FAULT }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', [FAULT_HEADER]: tag },
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done, { once: true });
  });
}

/** Reads the rest of the request body, if nobody did (bounded: a drop does not need more). */
async function discardBody(c: Context<AppEnv>): Promise<void> {
  const raw = c.req.raw;
  if (!raw.body || raw.bodyUsed) return;
  const reader = raw.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > 256 * 1024 * 1024) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    // the client went away: nothing left to discard
  } finally {
    reader.releaseLock();
  }
}

const PLACEHOLDER = Buffer.from(JSON.stringify({ injected: 'drop', padding: 'x'.repeat(200) }));
const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * The reply that is started and then broken: the route's reply (phase after) or a placeholder 200.
 * Over a socket the status line, headers (Content-Length = the full body) and half of the body are
 * written raw, then the socket is destroyed; the Response returned then goes to a dead socket (ignored).
 * In-process, the returned Response's body stream errors after the first half.
 */
async function drop(c: Context<AppEnv>, after: boolean, tag: string): Promise<Response> {
  let status = 200;
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  let body = PLACEHOLDER;
  if (after && !NO_BODY_STATUS.has(c.res.status)) {
    const routeBody = Buffer.from(await c.res.arrayBuffer());
    if (routeBody.length > 0) {
      status = c.res.status;
      c.res.headers.forEach((v, k) => headers.set(k, v));
      body = routeBody;
    }
  }
  headers.delete('transfer-encoding');
  headers.delete('content-encoding');
  headers.set('Content-Length', String(body.length));
  headers.set(FAULT_HEADER, tag);
  const sent = body.subarray(0, Math.floor(body.length / 2));

  const outgoing = c.env?.outgoing;
  if (outgoing instanceof ServerResponse) {
    const socket = outgoing.socket;
    if (socket && !socket.destroyed) {
      const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
      headers.forEach((v, k) => lines.push(`${k}: ${v}`));
      const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
      await new Promise<void>((resolve) => {
        socket.write(Buffer.concat([head, sent]), () => {
          socket.destroy();
          resolve();
        });
      });
    }
    // whatever follows is written to a destroyed socket, i.e. nowhere
    return new Response(null, { status: 200, headers: { [FAULT_HEADER]: tag } });
  }

  // in-process: a body that breaks after the first half
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (first && sent.length > 0) {
        first = false;
        controller.enqueue(new Uint8Array(sent));
        return;
      }
      controller.error(new Error(`${INJECTED_FAULT}: connection dropped mid-body`));
    },
  });
  return new Response(stream, { status, headers });
}
