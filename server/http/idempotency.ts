/**
 * Idempotency-Key (contract IDEMPOTENCY_HEADER) for POSTs: the first successful (2xx) reply is stored
 * under (key, user, method, path) for 24 h; a repeat from the same device gets the stored reply (status,
 * content type, body) and changes nothing. The device is part of the match because the calls are
 * claim-bound: the same user's other tablet must not be answered what only the holding device may get. Failed requests are not stored: they changed nothing, so running them again is
 * harmless. A repeat that arrives while the first is still running waits for it.
 */
import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../lib/contract/index';
import type { DB } from '../db/schema';
import { jsonError, Msg } from './errors';
import type { AppEnv } from './types';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

interface StoredReply {
  status: number;
  content_type: string | null;
  body: Buffer;
  created_at: number;
}

export function idempotency(db: DB): MiddlewareHandler<AppEnv> {
  const inFlight = new Map<string, Promise<void>>();
  const find = db.prepare(
    'SELECT status, content_type, body, created_at FROM idempotency WHERE key = ? AND user_id = ? AND method = ? AND path = ? AND device = ?',
  );
  const store = db.prepare(
    `INSERT OR REPLACE INTO idempotency (key, user_id, device, method, path, status, content_type, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const expire = db.prepare('DELETE FROM idempotency WHERE created_at < ?');

  const replay = (row: StoredReply): Response =>
    new Response(new Uint8Array(row.body), {
      status: row.status,
      headers: {
        ...(row.content_type ? { 'Content-Type': row.content_type } : {}),
        'Cache-Control': 'no-store',
        'Idempotent-Replayed': 'true',
      },
    });

  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || c.req.method !== 'POST') return next();
    if (!KEY_PATTERN.test(key)) return jsonError(c, 400, Msg.INVALID_REQUEST, { header: IDEMPOTENCY_HEADER });
    const userId = c.get('user').id;
    const { device } = c.get('session');
    const path = new URL(c.req.url).pathname;
    const flightKey = JSON.stringify([key, userId, device, path]);

    const lookup = (): StoredReply | undefined => {
      const row = find.get(key, userId, 'POST', path, device) as StoredReply | undefined;
      return row && row.created_at > Date.now() - IDEMPOTENCY_TTL_MS ? row : undefined;
    };

    const running = inFlight.get(flightKey);
    if (running) await running.catch(() => {});
    const stored = lookup();
    if (stored) {
      c.res = replay(stored);
      return;
    }

    let done!: () => void;
    const flight = new Promise<void>((resolve) => (done = resolve));
    inFlight.set(flightKey, flight);
    try {
      await next();
      const res = c.res;
      if (res.status >= 200 && res.status < 300) {
        const body = Buffer.from(await res.clone().arrayBuffer());
        const now = Date.now();
        expire.run(now - IDEMPOTENCY_TTL_MS);
        store.run(key, userId, device, 'POST', path, res.status, res.headers.get('content-type'), body, now);
      }
    } finally {
      inFlight.delete(flightKey);
      done();
    }
  };
}
