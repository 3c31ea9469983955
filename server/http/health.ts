/**
 * GET /be/health, for a load balancer, systemd or a monitoring system: 200 when the
 * database takes a write, the data folder's disk has more free space than the threshold and a PDF
 * worker answers; 503 otherwise. A small JSON of the checks, no sign-in, nothing about reports or people.
 */
import fs from 'node:fs';
import type { Context } from 'hono';
import type { AppContext } from './types';

/** Below this much free space in the data folder the server reports itself unhealthy (default 1 GiB). */
const DEFAULT_MIN_FREE_BYTES = 1024 ** 3;

export interface HealthOptions {
  dataDir: string;
  minFreeBytes?: number;
}

export interface Health {
  status: 'ok' | 'fail';
  checks: {
    database: { ok: boolean; error?: string };
    disk: { ok: boolean; freeBytes: number; minFreeBytes: number };
    pdfWorkers: { ok: boolean; busy: number; queued: number };
  };
}

async function checkHealth(ctx: AppContext, opts: HealthOptions): Promise<Health> {
  const minFreeBytes = opts.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  let database: Health['checks']['database'];
  try {
    // a real write, committed like any save (synchronous = FULL)
    ctx.db.prepare("INSERT INTO meta (key, value) VALUES ('health_checked_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(new Date().toISOString());
    database = { ok: true };
  } catch (e) {
    database = { ok: false, error: (e as { code?: string }).code ?? 'write failed' };
  }
  let freeBytes = 0;
  try {
    const st = fs.statfsSync(opts.dataDir);
    freeBytes = st.bavail * st.bsize;
  } catch {
    // unreadable: counts as no space
  }
  const pdf = ctx.pdf.stats();
  const pdfOk = await ctx.pdf.alive();
  const checks: Health['checks'] = {
    database,
    disk: { ok: freeBytes >= minFreeBytes, freeBytes, minFreeBytes },
    pdfWorkers: { ok: pdfOk, busy: pdf.busy, queued: pdf.queued },
  };
  const ok = checks.database.ok && checks.disk.ok && checks.pdfWorkers.ok;
  return { status: ok ? 'ok' : 'fail', checks };
}

export function healthHandler(ctx: AppContext, opts: HealthOptions) {
  return async (c: Context): Promise<Response> => {
    const h = await checkHealth(ctx, opts);
    c.header('Cache-Control', 'no-store');
    return c.json(h, h.status === 'ok' ? 200 : 503);
  };
}
