import { describe, expect, it, vi } from 'vitest';
import { EARLY_PATHS, EARLY_REPLY_MAX_AGE_MS, earlyRequestsScript, takeEarlyReply, type EarlyRequests } from '@/lib/api/early-requests';
import { SESSION_KEY } from '@/lib/session/session-key';

interface Sent {
  url: string;
  init: { credentials?: string; headers?: Record<string, string>; signal?: unknown };
}

/** Runs the inline script as a page would, with this stored user and network state. */
function runScript(stored: unknown, onLine = true, fail: false | 'network' | 'timeout' = false, abortSignal: unknown = AbortSignal) {
  const sent: Sent[] = [];
  const replies: Response[] = [];
  const win: { __pirEarly?: EarlyRequests } = {};
  const storage = { getItem: (k: string) => (k === SESSION_KEY && stored !== undefined ? JSON.stringify(stored) : null) };
  const fetch = (url: string, init: Sent['init']) => {
    sent.push({ url, init });
    if (fail === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (fail === 'timeout') return Promise.reject(new DOMException('signal timed out', 'TimeoutError'));
    const reply = new Response('{"files":[]}', { status: 200 });
    replies.push(reply);
    return Promise.resolve(reply);
  };
  const script = earlyRequestsScript().replaceAll('window.', 'win.');
  new Function('win', 'localStorage', 'navigator', 'fetch', 'AbortSignal', script)(win, storage, { onLine }, fetch, abortSignal);
  return { sent, replies, early: win.__pirEarly };
}

const user = { id: 1, username: 'amina', deviceName: 'SFA-TAB-01', loggedIn: true, token: { jwt: 'a.b.c', expire: 3600 } };

describe('the listing asked for before the app starts', () => {
  it('a signed-in tablet online sends the listing request with its token', async () => {
    const { sent, early } = runScript(user);
    expect(sent.map((s) => s.url)).toEqual(EARLY_PATHS.map((p) => `/be/${p}`));
    expect(sent[0]!.url).toBe('/be/offline-api/current-files');
    expect(sent[0]!.init.headers).toEqual({ Authorization: 'Bearer a.b.c' });
    expect(sent[0]!.init.credentials).toBe('include');
    expect(sent[0]!.init.signal).toBeInstanceOf(AbortSignal);
    const reply = await takeEarlyReply(early, EARLY_PATHS[0]!, 'a.b.c');
    expect(reply).toBeInstanceOf(Response);
    expect(await (reply as Response).json()).toEqual({ files: [] });
  });

  it('reads the reply at once, whether the app takes it or not (an unread body keeps the request open)', async () => {
    const { replies, early } = runScript(user);
    await early![EARLY_PATHS[0]!]!.reply;
    expect(replies[0]!.bodyUsed).toBe(true);
  });

  it('lets a reply go once too old to be taken', async () => {
    vi.useFakeTimers();
    try {
      const { early } = runScript(user);
      vi.advanceTimersByTime(EARLY_REPLY_MAX_AGE_MS);
      expect(early![EARLY_PATHS[0]!]).toBeDefined();
      vi.advanceTimersByTime(1000);
      expect(early![EARLY_PATHS[0]!]).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing when no one is signed in, the user logged out, there is no token, or the tablet is offline', () => {
    expect(runScript(undefined).sent).toEqual([]);
    expect(runScript(null).sent).toEqual([]);
    expect(runScript({ ...user, loggedIn: false, token: null }).sent).toEqual([]);
    expect(runScript({ ...user, token: null }).sent).toEqual([]);
    expect(runScript(user, false).sent).toEqual([]);
  });

  it('a stored value that is not JSON sends nothing and throws nothing', () => {
    const win: { __pirEarly?: EarlyRequests } = {};
    const storage = { getItem: () => '{not json' };
    const run = () => new Function('win', 'localStorage', 'navigator', 'fetch', 'AbortSignal', earlyRequestsScript().replaceAll('window.', 'win.'))(win, storage, { onLine: true }, () => Promise.reject(new Error('sent')), AbortSignal);
    expect(run).not.toThrow();
    expect(win.__pirEarly).toBeUndefined();
  });

  it('a request that failed gives no reply, so the app sends its own', async () => {
    const { early } = runScript(user, true, 'network');
    expect(await takeEarlyReply(early, EARLY_PATHS[0]!, 'a.b.c')).toBeNull();
  });

  it('a request with no answer within 30 s says so, so the app does not wait another 30 s', async () => {
    const { early } = runScript(user, true, 'timeout');
    expect(await takeEarlyReply(early, EARLY_PATHS[0]!, 'a.b.c')).toBe('timeout');
  });

  it('a browser that cannot time a request out sends nothing early (the app would wait on it for ever)', () => {
    expect(runScript(user, true, false, {}).sent).toEqual([]);
  });
});

describe('taking an early reply', () => {
  const reply = (status: number) => Promise.resolve(new Response('{}', { status }));
  const now = 1_000_000;

  it('is taken once: a second call for the path sends its own request', async () => {
    const early: EarlyRequests = { p: { at: now, token: 't', reply: reply(200) } };
    expect(await takeEarlyReply(early, 'p', 't', now)).toBeInstanceOf(Response);
    expect(takeEarlyReply(early, 'p', 't', now)).toBeNull();
  });

  it('is not taken for another path, another token, or when signed out', () => {
    expect(takeEarlyReply({ p: { at: now, token: 't', reply: reply(200) } }, 'q', 't', now)).toBeNull();
    expect(takeEarlyReply({ p: { at: now, token: 't', reply: reply(200) } }, 'p', 'other', now)).toBeNull();
    expect(takeEarlyReply({ p: { at: now, token: 't', reply: reply(200) } }, 'p', null, now)).toBeNull();
    expect(takeEarlyReply(undefined, 'p', 't', now)).toBeNull();
  });

  it('is not taken once older than the listing stays fresh', () => {
    const early = () => ({ p: { at: now, token: 't', reply: reply(200) } });
    expect(takeEarlyReply(early(), 'p', 't', now + EARLY_REPLY_MAX_AGE_MS)).not.toBeNull();
    expect(takeEarlyReply(early(), 'p', 't', now + EARLY_REPLY_MAX_AGE_MS + 1)).toBeNull();
  });

  it('a reply promise that rejects is dropped', async () => {
    expect(await takeEarlyReply({ p: { at: now, token: 't', reply: Promise.reject(new Error('x')) } }, 'p', 't', now)).toBeNull();
  });

  it('an error reply (401, 500) is dropped so the app asks again and handles it as usual', async () => {
    expect(await takeEarlyReply({ p: { at: now, token: 't', reply: reply(401) } }, 'p', 't', now)).toBeNull();
    expect(await takeEarlyReply({ p: { at: now, token: 't', reply: reply(500) } }, 'p', 't', now)).toBeNull();
  });
});
