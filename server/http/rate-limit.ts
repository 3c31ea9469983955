/** Sliding-window request limit per client address (used for login). */
import type { Context } from 'hono';
import type { AppEnv } from './types';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(readonly options: RateLimitOptions) {}

  /** Records a hit; returns 0 when allowed, else the seconds to wait. */
  hit(key: string, now = Date.now()): number {
    const { max, windowMs } = this.options;
    const since = now - windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= max) {
      this.hits.set(key, list);
      return Math.max(1, Math.ceil((list[0]! + windowMs - now) / 1000));
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(now);
    return 0;
  }

  private prune(now: number): void {
    const since = now - this.options.windowMs;
    for (const [key, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(key);
  }
}

/**
 * Where the client address comes from: the socket peer (no proxy), or behind a reverse proxy either the
 * last `X-Forwarded-For` hop (`true`: the one the proxy appended, which a client cannot choose) or the
 * one header the operator names (e.g. `X-Real-IP`, which the proxy must overwrite). Never any other
 * header: a client can add any header it likes.
 */
export type TrustProxy = boolean | string;

export function clientAddress(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  if (typeof trustProxy === 'string' && trustProxy) {
    const last = c.req.header(trustProxy)?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return last;
  } else if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'local';
}

// Failed logins are throttled per (username, address) and per address: server/auth/login-throttle.ts.
