/**
 * SPEC §4: a 401 SESSION_EXPIRED signs the inspector out. Only the session the refused request was sent
 * with ends: a request sent while no one was signed in, or with the last inspector's token, is answered
 * after the next sign-in (CI saw the reference lists' refresh, sent while signed out, sign out the
 * inspector who had just signed in).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ token: null as string | null, expired: 0 }));
vi.mock('@/lib/session/session-store', () => ({ currentToken: () => state.token }));

import { call, onSessionExpired } from '@/lib/api/client';
import { stubRelativeRequest } from './relative-request';

/** Serves a 401 SESSION_EXPIRED once `arrive` is called: the reply comes after what the test does meanwhile. */
function expiredReplyLater() {
  let arrive = () => {};
  const sent: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    sent.push(input.headers.get('authorization'));
    await new Promise<void>((resolve) => (arrive = resolve));
    return new Response('{"message":"SESSION_EXPIRED"}', { status: 401, headers: { 'content-type': 'application/json' } });
  });
  return { sent, arrive: () => arrive() };
}

let stop = () => {};
beforeEach(() => {
  state.token = null;
  state.expired = 0;
  stop = onSessionExpired(() => state.expired++);
  stubRelativeRequest();
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const anyReply = () => ({ parse: (x: unknown) => x }) as never;

describe('a 401 SESSION_EXPIRED', () => {
  it('signs out the session whose token the request carried', async () => {
    state.token = 'jwt-of-amina';
    const reply = expiredReplyLater();
    const asked = call('offline-api/current-files', anyReply);
    await vi.waitFor(() => expect(reply.sent).toEqual(['Bearer jwt-of-amina']));
    reply.arrive();
    await expect(asked).rejects.toMatchObject({ message: 'SESSION_EXPIRED' });
    expect(state.expired).toBe(1);
  });

  it('sent while no one was signed in, does not sign out the inspector who signed in before it came', async () => {
    const reply = expiredReplyLater();
    const asked = call('reference_data/flag', anyReply);
    await vi.waitFor(() => expect(reply.sent).toEqual([null]));
    state.token = 'jwt-of-rajesh';
    reply.arrive();
    await expect(asked).rejects.toMatchObject({ message: 'SESSION_EXPIRED' });
    expect(state.expired).toBe(0);
  });

  it("sent with the last inspector's token, does not sign out the next one", async () => {
    state.token = 'jwt-of-amina';
    const reply = expiredReplyLater();
    const asked = call('offline-api/current-files', anyReply);
    await vi.waitFor(() => expect(reply.sent).toEqual(['Bearer jwt-of-amina']));
    state.token = 'jwt-of-rajesh';
    reply.arrive();
    await expect(asked).rejects.toMatchObject({ message: 'SESSION_EXPIRED' });
    expect(state.expired).toBe(0);
  });
});
