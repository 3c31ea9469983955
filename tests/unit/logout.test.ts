/**
 * The app's logout (issue 31 item 9): the tablet signs out at once; online, it asks the server to end
 * the session with the token it had; a 404 (a backend without the call), a 401 or no network says nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ token: 'jwt-of-this-session' as string | null, signedOut: 0 }));
vi.mock('@/lib/session/session-store', () => ({
  currentToken: () => state.token,
  signOut: () => {
    state.token = null;
    state.signedOut++;
  },
}));

import { logOut } from '@/lib/session/logout';
import { stubRelativeRequest } from './relative-request';

const calls: { url: string; method: string; auth: string | null }[] = [];
function serve(reply: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://tablet.local'), init);
    calls.push({ url: new URL(req.url).pathname, method: req.method, auth: req.headers.get('authorization') });
    return reply();
  });
}

beforeEach(() => {
  state.token = 'jwt-of-this-session';
  state.signedOut = 0;
  calls.length = 0;
  vi.stubGlobal('navigator', { onLine: true });
  stubRelativeRequest();
});
afterEach(() => vi.unstubAllGlobals());

describe('logOut', () => {
  it('signs out, then POST /be/logout with the token it had', async () => {
    serve(() => new Response(JSON.stringify({ loggedOut: true }), { headers: { 'content-type': 'application/json' } }));
    await logOut();
    expect(state.signedOut).toBe(1);
    expect(calls).toEqual([{ url: '/be/logout', method: 'POST', auth: 'Bearer jwt-of-this-session' }]);
  });

  for (const [label, reply] of [
    ['404 (a backend without the call)', () => new Response('{"message":"NOT_FOUND"}', { status: 404 })],
    ['401 (the session had ended)', () => new Response('{"message":"SESSION_EXPIRED"}', { status: 401 })],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const) {
    it(`says nothing on ${label}`, async () => {
      serve(reply);
      await expect(logOut()).resolves.toBeUndefined();
      expect(state.signedOut).toBe(1);
      expect(calls).toHaveLength(1);
    });
  }

  it('offline: signs out and calls nothing', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    serve(() => new Response('{}'));
    await logOut();
    expect(state.signedOut).toBe(1);
    expect(calls).toEqual([]);
  });
});
