/**
 * The reference /be server: createApp(options) builds the Hono app (tests call app.request() in-process);
 * startServer(options) also listens on a socket and returns {url, close()}.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { BASE_PATH, MAX_FILE_BYTES, MAX_JSON_BYTES } from '../lib/contract/index';
import { DEFAULT_SESSION_MAX_AGE, DEFAULT_TOKEN_TTL, loadOrCreateSecret, TokenService } from './auth/jwt';
import { PdfPool } from './documents/pdf-pool';
import { openDb, ensureDataDir, type DB } from './db/schema';
import { countUsers } from './db/users';
import { jsonError, makeErrorHandler, Msg, type Logger } from './http/errors';
import { jsonLogger } from './http/log';
import { securityHeaders } from './http/security';
import { SAVE_BODY_MAX } from './http/body-limits';
import { healthHandler } from './http/health';
import { attachMetrics, metricsHandler, metricsMiddleware } from './http/metrics';
import { startMetricsServer, type MetricsServer } from './http/metrics-server';
import type { AppContext, AppEnv, Limits } from './http/types';
import type { RateLimitOptions } from './http/rate-limit';
import type { LoginThrottleOptions } from './auth/login-throttle';
import { DEFAULT_REFERENCE_DIR, ReferenceStore } from './reference';
import { authRoutes } from './routes/auth';
import { fileRoutes } from './routes/files';
import { referenceRoutes } from './routes/reference';
import { reportRoutes } from './routes/reports';
import { vesselFileRoutes } from './routes/vessel-file';
import { seedDemoData, type SeedOptions, type SeedResult } from './seed/index';
import { createStaticServer } from './static/serve';

/** Largest save (multipart) body: five JSON parts of at most MAX_JSON_BYTES. */
export const MAX_SAVE_BYTES = SAVE_BODY_MAX;

export interface AppOptions {
  /** data directory (SQLite file, JWT secret); created if missing */
  dataDir: string;
  /** static export directory; null = none. Default ./out */
  staticDir?: string | null;
  /** token lifetime in seconds (default 3600) */
  tokenTtl?: number;
  /** how long after the password was typed a session may still be refreshed, in seconds (default 30 days) */
  sessionMaxAge?: number;
  /** where the 15 reference datasets are read from (default server/reference-data/data) */
  referenceDir?: string;
  /** login attempts per client address (default 20 per minute) */
  loginRateLimit?: RateLimitOptions;
  /**
   * behind a reverse proxy: `true` takes the client address from the last X-Forwarded-For hop (the one
   * the proxy appended), a header name from that header only (e.g. "X-Real-IP", set by the proxy)
   */
  trustProxy?: boolean | string;
  /** failed logins per (username, address) and per address before that address waits (defaults: DEFAULT_LOGIN_THROTTLE) */
  loginThrottle?: LoginThrottleOptions;
  /** seed demo data when the database has no users (default true); an object passes seed options */
  seed?: boolean | SeedOptions;
  /** body limits (defaults: MAX_JSON_BYTES, MAX_SAVE_BYTES, MAX_FILE_BYTES) */
  limits?: Partial<Limits>;
  /**
   * TEST ONLY: a middleware run before every route, outside /be's own (auth, idempotency). The fault
   * injection of tests comes in here (server/testing/with-faults.ts); the production entry never sets it,
   * so it never imports that code.
   */
  intercept?: MiddlewareHandler<AppEnv>;
  /** longest a PIR PDF may take to render before complete-submit refuses it (default 30 s) */
  pdfTimeoutMs?: number;
  /** PDF renders that may wait for a worker; more answer 503 SERVER_BUSY (default DEFAULT_PDF_QUEUE_MAX) */
  pdfQueueMax?: number;
  logger?: Logger;
  /** GET /metrics on this app (default true); false when startServer serves it on its own port (metricsPort) */
  metricsOnMainPort?: boolean;
  /** GET /be/health answers 503 below this much free space in the data folder (default 1 GiB) */
  healthMinFreeBytes?: number;
  /** clock (tests) */
  now?: () => Date;
}

export type PirApp = Hono<AppEnv> & {
  ctx: AppContext;
  /** what the start-up seed did (null when the database already had users) */
  seeded: SeedResult | null;
  staticRoot: string | null;
  /** the GET /be/health handler, also served on the metrics port */
  health: ReturnType<typeof healthHandler>;
  close(): void;
};

export async function createApp(options: AppOptions): Promise<PirApp> {
  const log = options.logger ?? jsonLogger();
  const dataDir = ensureDataDir(options.dataDir);
  const db: DB = openDb(dataDir);
  const ctx: AppContext = {
    db,
    tokens: new TokenService(loadOrCreateSecret(dataDir), options.tokenTtl ?? DEFAULT_TOKEN_TTL, options.sessionMaxAge ?? DEFAULT_SESSION_MAX_AGE),
    refs: new ReferenceStore(options.referenceDir ?? DEFAULT_REFERENCE_DIR, log),
    log,
    limits: { json: MAX_JSON_BYTES, save: MAX_SAVE_BYTES, file: MAX_FILE_BYTES, ...options.limits },
    pdf: new PdfPool(options.pdfTimeoutMs, undefined, options.pdfQueueMax),
    now: options.now ?? (() => new Date()),
  };

  let seeded: SeedResult | null = null;
  if (options.seed !== false && countUsers(db) === 0) {
    seeded = await seedDemoData(db, ctx.refs, typeof options.seed === 'object' ? options.seed : {});
  }

  const staticDir = options.staticDir === undefined ? path.resolve('out') : options.staticDir;
  const statics = createStaticServer(staticDir, log);

  const app = new Hono<AppEnv>();
  app.onError(makeErrorHandler(log));
  // every request counted and timed by route pattern (GET /metrics)
  app.use('*', metricsMiddleware());
  app.use('*', securityHeaders());
  // outside every /be route and its middlewares (auth, idempotency): a test's fault injection with
  // phase=after finds the route and its idempotency record complete before it breaks the reply.
  if (options.intercept) app.use('*', options.intercept);

  const be = new Hono<AppEnv>();
  // JSON replies (the listing is hundreds of KB) travel compressed; files are already compressed
  // formats and keep their Content-Length for download progress.
  be.use('*', compress());
  be.route('/', authRoutes(ctx, { rateLimit: options.loginRateLimit ?? { max: 20, windowMs: 60_000 }, trustProxy: options.trustProxy ?? false, loginThrottle: options.loginThrottle }));
  be.route('/', reportRoutes(ctx));
  be.route('/', fileRoutes(ctx));
  be.route('/', referenceRoutes(ctx));
  be.notFound((c) => jsonError(c, 404, Msg.NOT_FOUND));
  be.onError(makeErrorHandler(log));
  // the health check: no sign-in, before /be's routes
  const health = healthHandler(ctx, { dataDir, minFreeBytes: options.healthMinFreeBytes });
  app.get(`${BASE_PATH}/health`, health);
  attachMetrics(ctx, dataDir);
  if (options.metricsOnMainPort !== false) app.get('/metrics', metricsHandler);
  app.route(BASE_PATH, be);
  // anything under /be that no route took (e.g. /be itself)
  app.all(`${BASE_PATH}/*`, (c) => jsonError(c, 404, Msg.NOT_FOUND));
  app.all(BASE_PATH, (c) => jsonError(c, 404, Msg.NOT_FOUND));
  app.route('/', vesselFileRoutes(ctx));
  app.all('*', (c) => statics.handle(c));

  return Object.assign(app, {
    ctx,
    seeded,
    staticRoot: statics.root,
    health,
    close: () => {
      void ctx.pdf.close();
      if (db.open) db.close();
    },
  });
}

export interface ServerOptions extends AppOptions {
  port?: number;
  host?: string;
  /** serve GET /metrics (and GET /be/health) on this port instead of the main one */
  metricsPort?: number;
  /** the address of the metrics port (default 127.0.0.1) */
  metricsHost?: string;
}

export interface RunningServer {
  url: string;
  /** where GET /metrics answers when metricsPort was given */
  metricsUrl?: string;
  app: PirApp;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const separateMetrics = options.metricsPort !== undefined;
  const app = await createApp(separateMetrics ? { ...options, metricsOnMainPort: false } : options);
  let metrics: MetricsServer | null = null;
  if (separateMetrics) metrics = await startMetricsServer(app.health, options.metricsPort!, options.metricsHost);
  const host = options.host ?? '127.0.0.1';
  let server!: ReturnType<typeof serve>;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: options.port ?? 3000, hostname: host }, (info) => resolve(info));
    server.once('error', reject);
  });
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${address.port}`,
    ...(metrics ? { metricsUrl: metrics.url } : {}),
    app,
    close: () =>
      (closed ??= Promise.all([metrics?.close(), new Promise<void>((resolve) => {
        server.close(() => resolve());
        // idle keep-alive sockets would keep close() waiting
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      })]).then(() => app.close())),
  };
}
