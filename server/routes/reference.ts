/** GET /be/reference_data/{dataset}: the 15 validated lists (SPEC §3). */
import { Hono } from 'hono';
import { referenceDataset, ROUTES } from '../../lib/contract/index';
import { requireAuth } from '../auth/middleware';
import { HttpError, Msg } from '../http/errors';
import { routesOn } from '../http/route';
import type { AppContext, AppEnv } from '../http/types';

export function referenceRoutes(ctx: AppContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const on = routesOn(r, { auth: requireAuth(ctx) });
  on(ROUTES.referenceData, (c) => {
    const name = referenceDataset.safeParse(c.req.param('dataset'));
    if (!name.success) throw new HttpError(404, Msg.UNKNOWN_DATASET, { dataset: c.req.param('dataset') });
    const entry = ctx.refs.get(name.data);
    if (!entry.ok) {
      c.header('Retry-After', '30');
      throw new HttpError(503, Msg.REFERENCE_DATA_UNAVAILABLE, { dataset: name.data, detail: entry.detail });
    }
    c.header('Cache-Control', 'no-store');
    c.header('ETag', entry.etag);
    if (c.req.header('if-none-match') === entry.etag) return c.body(null, 304);
    return c.body(entry.json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  return r;
}
