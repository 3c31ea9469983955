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

/** SPEC §4: token refresh runs at (expiry, default 100, minus 30) seconds. */
export function tokenRefreshDelaySeconds(expire: number | undefined | null): number {
  const expiry = expire && expire > 0 ? expire : 100;
  return Math.max(expiry - 30, 5);
}

/** A different account than the one whose data this tablet holds: its local data must go. */
export function isDifferentUser(stored: Pick<User, 'id' | 'username'> | null, incoming: Pick<User, 'id' | 'username'>): boolean {
  return stored !== null && (stored.id !== incoming.id || stored.username !== incoming.username);
}

/** Reports holding work not yet on the server: what a user change would throw away (SPEC §4). */
export function reportsWithUnsentWork<T extends { status: string; claimedByDevice: string | null }>(reports: readonly T[], device: string): T[] {
  return reports.filter((r) => r.claimedByDevice === device && ['inspecting', 'signing', 'readytosubmit', 'submitting'].includes(r.status));
}
