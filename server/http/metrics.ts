/**
 * GET /metrics in the Prometheus text format, with prom-client. Nothing in it names a
 * report, a file, a user or a tablet: requests are counted by route pattern (`/be/offline-api/pir/:id/save`,
 * never the path asked), method and status; sizes and queues are totals.
 *
 * Other modules count what they refuse with the functions exported here (`countFailedLogin`,
 * `countThrottled`), which need no app: the metrics are one set per process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import client from 'prom-client';
import { DB_FILE } from '../db/schema';
import type { AppContext, AppEnv } from './types';

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'pir_' });

const httpRequests = new client.Counter({
  name: 'pir_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const httpDuration = new client.Histogram({
  name: 'pir_http_request_duration_seconds',
  help: 'Time from a request received to its reply headers, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const inFlight = new client.Gauge({
  name: 'pir_in_flight',
  help: 'Requests being answered: saves, uploads, submits and all',
  labelNames: ['kind'] as const,
  registers: [registry],
});

const failedLogins = new client.Counter({
  name: 'pir_login_failures_total',
  help: 'Logins refused for a wrong username or password, or a disabled account',
  registers: [registry],
});

const throttled = new client.Counter({
  name: 'pir_throttled_total',
  help: 'Requests answered 429 or slowed down, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/**
 * The apps whose database, file store and PDF pool the gauges read: the last one made that is still
 * open (one per process in production; tests make several).
 */
let attached: { ctx: AppContext; dataDir: string }[] = [];
const currentApp = () => attached.findLast((a) => a.ctx.db.open) ?? null;

function size(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

new client.Gauge({
  name: 'pir_database_bytes',
  help: 'Size of the SQLite database with its write-ahead log',
  registers: [registry],
  collect() {
    const current = currentApp();
    if (!current) return;
    const f = path.join(current.dataDir, DB_FILE);
    this.set(size(f) + size(`${f}-wal`));
  },
});

new client.Gauge({
  name: 'pir_file_store_bytes',
  help: 'Bytes of the stored files (pictures, attachments, signatures, PDFs)',
  registers: [registry],
  collect() {
    const current = currentApp();
    if (!current) return;
    this.set((current.ctx.db.prepare('SELECT COALESCE(SUM(size), 0) AS n FROM blobs').get() as { n: number }).n);
  },
});

new client.Gauge({
  name: 'pir_file_store_files',
  help: 'Stored files (one per content hash)',
  registers: [registry],
  collect() {
    const current = currentApp();
    if (!current) return;
    this.set((current.ctx.db.prepare('SELECT COUNT(*) AS n FROM blobs').get() as { n: number }).n);
  },
});

new client.Gauge({
  name: 'pir_pdf_queue_length',
  help: 'PIR PDFs waiting for a worker',
  registers: [registry],
  collect() {
    const current = currentApp();
    if (current) this.set(current.ctx.pdf.stats().queued);
  },
});

new client.Gauge({
  name: 'pir_pdf_workers_busy',
  help: 'PDF workers rendering',
  registers: [registry],
  collect() {
    const current = currentApp();
    if (current) this.set(current.ctx.pdf.stats().busy);
  },
});

/**
 * A request slowed down or refused to protect the server, by reason (e.g. `login_delayed`: a login
 * held back by the failures of its username). Every 429 is already counted by the middleware, as
 * `login`, `uploads_in_flight` or `other`: call this for what does not end in a 429.
 */
export function countThrottled(reason: string): void {
  throttled.inc({ reason });
}

/** Makes this app's database, file store and PDF pool the ones the gauges report. */
export function attachMetrics(ctx: AppContext, dataDir: string): void {
  attached = [...attached.filter((a) => a.ctx.db.open), { ctx, dataDir }];
}

function kindOf(routes: string[]): string | null {
  for (const r of routes) {
    if (r.endsWith('/save')) return 'save';
    if (r.includes('/submit-file/')) return 'upload';
    if (r.endsWith('/complete-submit')) return 'submit';
  }
  return null;
}

/** The pattern of the route that answered (never the path asked: it would hold report ids and file names). */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const r = routes[c.req.routeIndex]?.path ?? '';
  if (r === '*' || r === '/*') return c.req.method === 'GET' || c.req.method === 'HEAD' ? 'static' : 'other';
  return r;
}

/** Counts and times every request; first middleware of the app. */
export function metricsMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const end = httpDuration.startTimer();
    const kind = kindOf(matchedRoutes(c).map((r) => r.path));
    inFlight.inc({ kind: 'all' });
    if (kind) inFlight.inc({ kind });
    try {
      await next();
    } finally {
      inFlight.dec({ kind: 'all' });
      if (kind) inFlight.dec({ kind });
      const route = routeOf(c);
      const status = String(c.res?.status ?? 500);
      end({ method: c.req.method, route });
      httpRequests.inc({ method: c.req.method, route, status });
      // refusals seen from here; other modules count theirs with countFailedLogin / countThrottled
      if (route.endsWith('/login') && status === '401') failedLogins.inc();
      else if (status === '429') throttled.inc({ reason: kind === 'upload' ? 'uploads_in_flight' : route.endsWith('/login') ? 'login' : 'other' });
    }
  };
}

/** GET /metrics */
export async function metricsHandler(c: Context): Promise<Response> {
  return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
}
