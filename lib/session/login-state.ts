import type { User } from '@/lib/contract';

/**
 * SPEC §4: logged in means loggedIn and a device name; offline always counts as logged in
 * (for a user this tablet knows), since nothing can be checked without the network.
 */
export function isLoggedIn(user: User | null, online: boolean): boolean {
  if (!user) return false;
  if (!online) return Boolean(user.deviceName);
  return user.loggedIn && Boolean(user.deviceName);
}

/** SPEC §4: logged in without a token triggers a refresh. */
export function needsTokenRefresh(user: User | null, online: boolean): boolean {
  return Boolean(online && user && user.loggedIn && !user.token);
}

/** SPEC §4: a token's expiry defaults to 100 s when the server does not give one. */
const DEFAULT_EXPIRE_SECONDS = 100;
/** SPEC §4: the refresh runs this long before the token dies. */
const REFRESH_AHEAD_MS = 30_000;
/** A failed refresh is tried again after 2, 4, 8 … s, never more than a minute apart. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** When a token received at `receivedAt` (ms) dies. */
export function tokenExpiresAt(expire: number | undefined | null, receivedAt: number): number {
  const seconds = expire && expire > 0 ? expire : DEFAULT_EXPIRE_SECONDS;
  return receivedAt + seconds * 1000;
}

/**
 * SPEC §4: how long until the token refresh, (expiry − 30) s after the token was received. A token
 * whose receipt time is unknown (kept by an older version), or whose refresh time has passed while
 * the app was closed or offline, is refreshed at once.
 */
export function tokenRefreshDelayMs(expiresAt: number | undefined, now: number): number {
  if (expiresAt === undefined) return 0;
  return Math.max(0, expiresAt - REFRESH_AHEAD_MS - now);
}

/**
 * After the `attempt`-th failed refresh (0 first), when to try again: backing off, and never once
 * the token has died (the server would refuse it; the next call signs the inspector out). Null: stop.
 */
export function tokenRetryDelayMs(attempt: number, expiresAt: number | undefined, now: number): number | null {
  const delay = Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS);
  if (expiresAt === undefined) return delay;
  if (now >= expiresAt) return null;
  return Math.min(delay, Math.max(expiresAt - now - 1_000, 0));
}

/** A different account than the one whose data this tablet holds: its local data must go. */
export function isDifferentUser(stored: Pick<User, 'id' | 'username'> | null, incoming: Pick<User, 'id' | 'username'>): boolean {
  return stored !== null && (stored.id !== incoming.id || stored.username !== incoming.username);
}

/** Reports holding work not yet on the server: what a user change would throw away (SPEC §4). */
export function reportsWithUnsentWork<T extends { status: string; claimedByDevice: string | null }>(reports: readonly T[], device: string): T[] {
  return reports.filter((r) => r.claimedByDevice === device && ['inspecting', 'signing', 'readytosubmit', 'submitting'].includes(r.status));
}

/** How long a sign-in locked out for too many attempts must wait: the reply's `retryAfter`, else a minute. */
export function retryAfterSeconds(details: unknown): number {
  const after = details && typeof details === 'object' ? (details as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof after === 'number' && Number.isFinite(after) && after > 0 ? Math.ceil(after) : 60;
}
