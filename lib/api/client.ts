import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import type { z } from 'zod';
import { BASE_PATH, HTTP_TIMEOUT_MS, SESSION_EXPIRED } from '@/lib/contract/constants';
import { loadContract, type ContractModule } from '@/lib/contract/load';
import { currentToken } from '@/lib/session/session-store';
import { ApiError, errorFromBody } from './errors';
import { takeEarlyReply } from './early-requests';

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called when the server answers 401 SESSION_EXPIRED (the session logs the user out). */
export function onSessionExpired(l: Listener): () => void {
  sessionExpiredListeners.add(l);
  return () => sessionExpiredListeners.delete(l);
}

export function notifySessionExpired() {
  for (const l of sessionExpiredListeners) l();
}

/** SPEC §7: every call under /be, with credentials, a 30 s timeout and the bearer token. */
export const http = ky.create({
  prefixUrl: BASE_PATH,
  credentials: 'include',
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = currentToken();
        if (token && !new URL(request.url).pathname.endsWith('/login')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

function isPlainGet(options: Options): boolean {
  return (options.method === undefined || options.method.toLowerCase() === 'get') && options.json === undefined && options.body === undefined && options.searchParams === undefined;
}

/** The reply's schema, picked from the contract once it has loaded. */
export type ReplySchema<T> = (contract: ContractModule) => z.ZodType<T>;

/** Runs a request and turns every failure into an ApiError (SPEC §8 wording decided by its kind). */
export async function call<T>(path: string, reply: ReplySchema<T>, options: Options = {}): Promise<T> {
  const url = `${BASE_PATH}/${path}`;
  // The contract loads while the request is in flight.
  const contract = loadContract();
  contract.catch(() => undefined);
  const early = isPlainGet(options) ? takeEarlyReply(typeof window === 'undefined' ? undefined : window.__pirEarly, path, currentToken()) : null;
  const earlyReply = early ? await early : null;
  // Sent early, it had the same 30 s as the app's own request would: no second wait.
  if (earlyReply === 'timeout') throw new ApiError('no-response', 'no response', url);
  let response: Response;
  try {
    response = earlyReply ?? (await http(path, options));
  } catch (e) {
    if (e instanceof HTTPError) {
      const body = await e.response.text().catch(() => '');
      const err = errorFromBody(e.response.status, url, body);
      if (e.response.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired();
      throw err;
    }
    if (e instanceof TimeoutError) throw new ApiError('no-response', 'no response', url);
    if (e instanceof TypeError) throw new ApiError('no-response', 'no response', url);
    throw new ApiError('no-request', 'no request', url, undefined, String(e));
  }
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
