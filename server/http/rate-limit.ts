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
 * header: a client can add any header it likes (issue 19 item 5).
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

/**
 * Failed logins per username, from anywhere: after `free` failures in `windowMs`, each attempt for that
 * username waits its turn (one at a time, `delayMs` doubling per failure up to `maxDelayMs`) before its
 * password is checked. A correct password still signs in, only later: slower answers, never a lock-out.
 * Attempts beyond `maxQueued` waiting for one username are answered 429 at once.
 */
export interface UsernameThrottleOptions {
  free: number;
  windowMs: number;
  delayMs: number;
  maxDelayMs: number;
  maxQueued: number;
}

export const DEFAULT_USERNAME_THROTTLE: UsernameThrottleOptions = { free: 5, windowMs: 15 * 60_000, delayMs: 500, maxDelayMs: 8000, maxQueued: 4 };

export class UsernameThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly queues = new Map<string, { tail: Promise<void>; waiting: number }>();
  private readonly running = new Map<string, number>();

  constructor(readonly options: UsernameThrottleOptions = DEFAULT_USERNAME_THROTTLE) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.options.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** The wait before the next attempt for this username is checked (0 while under the free failures). */
  delayFor(username: string, now = Date.now()): number {
    const n = this.recent(username.toLowerCase(), now).length;
    if (n < this.options.free) return 0;
    return Math.min(this.options.maxDelayMs, this.options.delayMs * 2 ** (n - this.options.free));
  }

  /**
   * Runs `check` in this username's turn, after its delay; null when too many attempts already wait
   * (the caller answers 429).
   */
  async inTurn<T>(username: string, check: () => Promise<T>): Promise<T | null> {
    const key = username.toLowerCase();
    // checked at once while failures and the checks still running stay under the free ones
    const running = this.running.get(key) ?? 0;
    if (!this.queues.has(key) && this.recent(key, Date.now()).length + running < this.options.free) {
      this.running.set(key, running + 1);
      try {
        return await check();
      } finally {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      }
    }
    const q = this.queues.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (q.waiting >= this.options.maxQueued) return null;
    q.waiting += 1;
    this.queues.set(key, q);
    const turn = q.tail.then(() => new Promise<void>((r) => setTimeout(r, this.delayFor(key))));
    let release!: () => void;
    q.tail = turn.then(() => new Promise<void>((r) => (release = r)));
    await turn;
    try {
      return await check();
    } finally {
      q.waiting -= 1;
      release();
      if (q.waiting === 0 && this.queues.get(key) === q) this.queues.delete(key);
    }
  }

  failed(username: string, now = Date.now()): void {
    const key = username.toLowerCase();
    this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()]) this.recent(k, now);
  }

  succeeded(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
