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

/** The client address: the socket peer, or (behind a trusted proxy) X-Real-IP / the last X-Forwarded-For hop. */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const real = c.req.header('x-real-ip')?.trim();
    if (real) return real;
    const xff = c.req.header('x-forwarded-for');
    const last = xff?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'local';
}
