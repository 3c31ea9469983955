/**
 * Failed logins slow down where they come from, never anyone else.
 *
 * Failures are counted per (username, client address) and per client address. After `free` failures of
 * a username from one address within `windowMs`, that address must wait before its next attempt for
 * that username is checked: `delayMs` after the last failure, doubling with each further failure up to
 * `maxDelayMs`; an attempt before then is answered 429 at once, unchecked. The same holds per address,
 * whatever the username, after `addressFree` failures (a run through many usernames). Nothing waits on
 * the server: no attempt is queued behind another, so an address that has not failed is never delayed
 * or refused, and the real inspector signs in from their own tablet however many addresses fail with
 * their username. (The per-address request limit of every login, failed or not, is RateLimiter's.)
 *
 * Each lock logs one line when it starts (`[login] throttled`), and a refused attempt logs nothing more
 * unless the lock was extended: a flood does not flood the log. The maps are bounded: expired entries
 * are pruned, and past `maxEntries` the oldest go first.
 */
import type { Logger } from '../http/errors';

export interface LoginThrottleOptions {
  /** failures of one username from one address before that pair waits */
  free: number;
  /** failures from one address, any username, before that address waits */
  addressFree: number;
  /** how long a failure counts */
  windowMs: number;
  /** first wait once over the free failures; doubles with each further failure */
  delayMs: number;
  maxDelayMs: number;
  /** entries kept at most per map (oldest dropped first) */
  maxEntries?: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  free: 5,
  addressFree: 20,
  windowMs: 15 * 60_000,
  delayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  maxEntries: 50_000,
};

interface Failures {
  times: number[];
}

export interface ThrottleVerdict {
  /** seconds to wait; 0 = check the password now */
  retryAfter: number;
  /** which lock refused: the (username, address) pair or the address */
  scope?: 'username' | 'address';
}

export class LoginThrottle {
  private readonly pairs = new Map<string, Failures>();
  private readonly addresses = new Map<string, Failures>();
  /** checks let through and not yet settled (failed/succeeded): parallel attempts count before they fail */
  private readonly pending = new Map<string, number>();

  constructor(
    readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private static pairKey(username: string, address: string): string {
    return `${username.toLowerCase()}\n${address}`;
  }

  private recent(map: Map<string, Failures>, key: string, now: number): number[] {
    const entry = map.get(key);
    if (!entry) return [];
    const since = now - this.options.windowMs;
    if (entry.times.length && entry.times[0]! <= since) entry.times = entry.times.filter((t) => t > since);
    if (!entry.times.length) map.delete(key);
    return entry.times;
  }

  /** When the next attempt may be checked, after `times` failures with `free` free ones (ms since epoch). */
  private nextAllowed(times: number[], free: number): number {
    if (times.length < free) return 0;
    const wait = Math.min(this.options.maxDelayMs, this.options.delayMs * 2 ** (times.length - free));
    return times[times.length - 1]! + wait;
  }

  /**
   * Seconds before the next attempt under `key` may be checked: 0 while failures and the checks still
   * running stay under the free ones; past them, once the wait after the last failure is over, one at a time.
   */
  private waitFor(map: Map<string, Failures>, key: string, pendingKey: string, free: number, now: number): number {
    const times = this.recent(map, key, now);
    const running = this.pending.get(pendingKey) ?? 0;
    if (times.length + running < free) return 0;
    const at = this.nextAllowed(times, free);
    if (at > now) return Math.max(1, Math.ceil((at - now) / 1000));
    return running > 0 ? 1 : 0;
  }

  /** Whether an address may try at all (checked before its body is read). */
  checkAddress(address: string): ThrottleVerdict {
    const wait = this.waitFor(this.addresses, address, `a\n${address}`, this.options.addressFree, this.now());
    return wait ? { retryAfter: wait, scope: 'address' } : { retryAfter: 0 };
  }

  /**
   * Whether this username may be tried from this address now; when it may, the check is counted as
   * running until `failed` or `succeeded` settles it (each allowed check must be settled by one of them).
   */
  check(username: string, address: string): ThrottleVerdict {
    const byAddress = this.checkAddress(address);
    if (byAddress.retryAfter) return byAddress;
    const pairKey = LoginThrottle.pairKey(username, address);
    const wait = this.waitFor(this.pairs, pairKey, `p\n${pairKey}`, this.options.free, this.now());
    if (wait) return { retryAfter: wait, scope: 'username' };
    this.bump(`a\n${address}`, 1);
    this.bump(`p\n${pairKey}`, 1);
    return { retryAfter: 0 };
  }

  private bump(key: string, by: number): void {
    const n = (this.pending.get(key) ?? 0) + by;
    if (n > 0) this.pending.set(key, n);
    else this.pending.delete(key);
  }

  private settle(username: string, address: string): void {
    this.bump(`a\n${address}`, -1);
    this.bump(`p\n${LoginThrottle.pairKey(username, address)}`, -1);
  }

  /** A wrong password (or unknown user) from this address. */
  failed(username: string, address: string): void {
    this.settle(username, address);
    const now = this.now();
    const pair = this.add(this.pairs, LoginThrottle.pairKey(username, address), now);
    const byAddress = this.add(this.addresses, address, now);
    if (pair.length >= this.options.free) {
      const wait = Math.ceil((this.nextAllowed(pair, this.options.free) - now) / 1000);
      this.log?.warn('[login] throttled', { scope: 'username', username, from: address, failures: pair.length, retryAfter: wait });
    }
    if (byAddress.length >= this.options.addressFree) {
      const wait = Math.ceil((this.nextAllowed(byAddress, this.options.addressFree) - now) / 1000);
      this.log?.warn('[login] throttled', { scope: 'address', from: address, failures: byAddress.length, retryAfter: wait });
    }
  }

  /** The right password: this username's failures from this address are forgotten (the address's are not). */
  succeeded(username: string, address: string): void {
    this.settle(username, address);
    this.pairs.delete(LoginThrottle.pairKey(username, address));
  }

  private add(map: Map<string, Failures>, key: string, now: number): number[] {
    const times = [...this.recent(map, key, now), now];
    // re-inserted: the map's order is the order of last failure, oldest first
    map.delete(key);
    map.set(key, { times });
    const max = this.options.maxEntries ?? DEFAULT_LOGIN_THROTTLE.maxEntries!;
    if (map.size > max) {
      for (const k of map.keys()) {
        if (map.size <= max) break;
        map.delete(k);
      }
    }
    return times;
  }
}
