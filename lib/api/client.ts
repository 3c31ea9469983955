import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import type { z } from 'zod';
import { BASE_PATH, HTTP_TIMEOUT_MS, SESSION_EXPIRED } from '@/lib/contract/constants';
import { loadContract, type ContractModule } from '@/lib/contract/load';
import { noteServerReply } from '@/lib/clock/clock';
import { noteServerAnswered, noteServerSilent } from './server-reach';
import { currentToken } from '@/lib/session/session-store';
import { ApiError, errorFromBody } from './errors';

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called when the server answers 401 SESSION_EXPIRED for the current session (the session logs the user out). */
export function onSessionExpired(l: Listener): () => void {
  sessionExpiredListeners.add(l);
  return () => sessionExpiredListeners.delete(l);
}

/**
 * The server answered 401 SESSION_EXPIRED to a request sent with `sentToken`. Only the session that
 * request belonged to ends: a reply to one sent before a sign-in (with no token, or the last
 * inspector's) arrives after it, and must not sign out the inspector who has just signed in.
 */
export function notifySessionExpired(sentToken: string | null) {
  if (sentToken === null || sentToken !== currentToken()) return;
  for (const l of sessionExpiredListeners) l();
}

/** The token a request carried, or null. */
function tokenOf(request: Request): string | null {
  return request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
}

/**
 * Every reply's `Date` tells the server's time (lib/clock). Timed around fetch itself,
 * not in ky's hooks: the times are then those of the request leaving and of the reply's headers, with
 * none of ky's own work in between.
 */
async function timedFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const sentAt = Date.now();
  const response = await fetch(input, init);
  noteServerReply(response.headers.get('Date'), sentAt, Date.now());
  noteServerAnswered(response.status);
  return response;
}

/** SPEC §7: every call under /be, with credentials, a 30 s timeout and the bearer token. */
export const http = ky.create({
  prefixUrl: BASE_PATH,
  credentials: 'include',
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  fetch: timedFetch,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = currentToken();
        if (token && !new URL(request.url).pathname.endsWith('/login')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

/** The reply's schema, picked from the contract once it has loaded. */
export type ReplySchema<T> = (contract: ContractModule) => z.ZodType<T>;

/** Sends a request; every failure becomes an ApiError (SPEC §8 wording decided by its kind). */
async function send(path: string, options: Options): Promise<Response> {
  const url = `${BASE_PATH}/${path}`;
  try {
    return await http(path, options);
  } catch (e) {
    if (e instanceof HTTPError) {
      const body = await e.response.text().catch(() => '');
      const err = errorFromBody(e.response.status, url, body);
      if (e.response.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired(tokenOf(e.request));
      throw err;
    }
    if (e instanceof TimeoutError || e instanceof TypeError) {
      noteServerSilent();
      throw new ApiError('no-response', 'no response', url);
    }
    throw new ApiError('no-request', 'no request', url, undefined, String(e));
  }
}

/** Reads a reply and checks it against its contract schema. */
async function parseReply<T>(path: string, response: Response, contract: Promise<ContractModule>, reply: ReplySchema<T>): Promise<T> {
  const url = `${BASE_PATH}/${path}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('invalid-reply', 'invalid reply', url, response.status);
  }
  let schema: z.ZodType<T>;
  try {
    schema = reply(await contract);
  } catch (e) {
    throw new ApiError('no-request', 'no request', url, undefined, String(e));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError('invalid-reply', 'invalid reply', url, response.status, parsed.error.issues.slice(0, 5));
  return parsed.data;
}

function contractLoading(): Promise<ContractModule> {
  // The contract loads while the request is in flight.
  const contract = loadContract();
  contract.catch(() => undefined);
  return contract;
}

/** Runs a request and turns every failure into an ApiError. */
export async function call<T>(path: string, reply: ReplySchema<T>, options: Options = {}): Promise<T> {
  const contract = contractLoading();
  return parseReply(path, await send(path, options), contract, reply);
}

/** A GET that the server may answer 304 Not Modified: `unchanged` then, with nothing read or parsed. */
export type Conditional<T> = { unchanged: true } | { unchanged: false; data: T; etag: string | null };

/** Sends `If-None-Match` with the entity tag of the reply held, when one is held. */
export async function callUnlessUnchanged<T>(path: string, reply: ReplySchema<T>, etag: string | null): Promise<Conditional<T>> {
  const contract = contractLoading();
  const response = await send(path, {
    headers: etag ? { 'If-None-Match': etag } : undefined,
    throwHttpErrors: (status) => status !== 304,
  });
  if (response.status === 304) return { unchanged: true };
  return { unchanged: false, data: await parseReply(path, response, contract, reply), etag: response.headers.get('ETag') };
}
