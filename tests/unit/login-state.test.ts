import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/contract';
import { isDifferentUser, isLoggedIn, needsTokenRefresh, tokenRefreshDelaySeconds } from '@/lib/session/login-state';

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
  it('refreshes at expiry minus 30 s, expiry defaulting to 100', () => {
    expect(tokenRefreshDelaySeconds(3600)).toBe(3570);
    expect(tokenRefreshDelaySeconds(undefined)).toBe(70);
    expect(tokenRefreshDelaySeconds(0)).toBe(70);
    expect(tokenRefreshDelaySeconds(60)).toBe(30);
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
