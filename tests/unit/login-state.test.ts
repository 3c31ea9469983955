import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/contract';
import { isDifferentUser, isLoggedIn, needsTokenRefresh, tokenExpiresAt, tokenRefreshDelayMs, tokenRetryDelayMs, retryAfterSeconds } from '@/lib/session/login-state';

const user: User = {
  id: 1,
  name: 'Amina Hoareau',
  username: 'amina',
  deviceName: 'SFA-TAB-01',
  inspector: true,
  adminUser: false,
  flagStateUser: false,
  portStateUser: true,
  loggedIn: true,
  token: { jwt: 'x.y.z', expire: 3600 },
};

describe('login state (SPEC §4)', () => {
  it('logged in means loggedIn and a device name', () => {
    expect(isLoggedIn(user, true)).toBe(true);
    expect(isLoggedIn({ ...user, loggedIn: false }, true)).toBe(false);
    expect(isLoggedIn({ ...user, deviceName: '' }, true)).toBe(false);
    expect(isLoggedIn(null, true)).toBe(false);
  });
  it('offline always counts as logged in for a user the tablet knows', () => {
    expect(isLoggedIn({ ...user, loggedIn: false, token: null }, false)).toBe(true);
    expect(isLoggedIn(null, false)).toBe(false);
  });
  it('logged in without a token triggers a refresh, online only', () => {
    expect(needsTokenRefresh({ ...user, token: null }, true)).toBe(true);
    expect(needsTokenRefresh({ ...user, token: null }, false)).toBe(false);
    expect(needsTokenRefresh(user, true)).toBe(false);
  });
  it('a token dies its lifetime after it was received, the lifetime defaulting to 100 s', () => {
    expect(tokenExpiresAt(3600, 1_000)).toBe(3_601_000);
    expect(tokenExpiresAt(undefined, 1_000)).toBe(101_000);
    expect(tokenExpiresAt(0, 1_000)).toBe(101_000);
  });
  it('refreshes 30 s before the token dies, counted from its receipt, not from when the app opened', () => {
    const received = 1_000_000;
    const expiresAt = tokenExpiresAt(3600, received);
    expect(tokenRefreshDelayMs(expiresAt, received)).toBe(3_570_000);
    // Reopened 30 minutes after signing in: the refresh is due 29.5 minutes later, not 59.5.
    expect(tokenRefreshDelayMs(expiresAt, received + 30 * 60_000)).toBe(29.5 * 60_000);
    expect(tokenRefreshDelayMs(tokenExpiresAt(60, received), received)).toBe(30_000);
  });
  it('refreshes at once when the refresh time passed while the app was closed, or the receipt time is unknown', () => {
    const expiresAt = tokenExpiresAt(60, 0);
    expect(tokenRefreshDelayMs(expiresAt, 35_000)).toBe(0);
    expect(tokenRefreshDelayMs(expiresAt, 90_000)).toBe(0);
    expect(tokenRefreshDelayMs(undefined, 5_000)).toBe(0);
  });
  it('a failed refresh is retried with backoff until the token dies, then no more', () => {
    const expiresAt = 600_000;
    expect(tokenRetryDelayMs(0, expiresAt, 0)).toBe(2_000);
    expect(tokenRetryDelayMs(1, expiresAt, 0)).toBe(4_000);
    expect(tokenRetryDelayMs(2, expiresAt, 0)).toBe(8_000);
    expect(tokenRetryDelayMs(10, expiresAt, 0)).toBe(60_000);
    // The last try comes just before the token dies.
    expect(tokenRetryDelayMs(3, expiresAt, 595_000)).toBe(4_000);
    expect(tokenRetryDelayMs(0, expiresAt, 600_000)).toBeNull();
    expect(tokenRetryDelayMs(0, expiresAt, 700_000)).toBeNull();
    expect(tokenRetryDelayMs(0, undefined, 0)).toBe(2_000);
  });
  it('a locked-out sign-in waits what the server says, else a minute', () => {
    expect(retryAfterSeconds({ retryAfter: 42 })).toBe(42);
    expect(retryAfterSeconds({ retryAfter: 1.2 })).toBe(2);
    expect(retryAfterSeconds({ retryAfter: 'soon' })).toBe(60);
    expect(retryAfterSeconds(undefined)).toBe(60);
    expect(retryAfterSeconds({ retryAfter: -1 })).toBe(60);
  });
  it('a different account is detected by id or username', () => {
    expect(isDifferentUser(null, user)).toBe(false);
    expect(isDifferentUser(user, user)).toBe(false);
    expect(isDifferentUser(user, { ...user, id: 2 })).toBe(true);
    expect(isDifferentUser(user, { ...user, username: 'rajesh' })).toBe(true);
  });
});

describe('unsent work on the tablet (a user change would delete it)', () => {
  it('lists reports held by this tablet between inspecting and submitting', async () => {
    const { reportsWithUnsentWork } = await import('@/lib/session/login-state');
    const r = (id: number, status: string, claimedByDevice: string | null = 'T1') => ({ id, status, claimedByDevice });
    const list = [r(1, 'notready', null), r(2, 'ready'), r(3, 'inspecting'), r(4, 'signing'), r(5, 'readytosubmit'), r(6, 'submitting'), r(7, 'submitted'), r(8, 'inspecting', 'T2')];
    expect(reportsWithUnsentWork(list, 'T1').map((x) => x.id)).toEqual([3, 4, 5, 6]);
  });
});
