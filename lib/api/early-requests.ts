/**
 * The server's listing is asked for by an inline script in <head>, while the page's scripts still
 * download and run: on a tablet that is a second or more before the app would get to ask. The
 * app's first call for that path then takes the reply instead of sending its own (`call` in
 * ./client.ts). Only a GET, only with the token signed in now, only within the listing's freshness
 * window; any failure or non-2xx reply is dropped and the app sends its own request, which handles
 * it as usual (offline, 401, timeouts).
 */
import { BASE_PATH, HTTP_TIMEOUT_MS, paths } from '@/lib/contract/constants';
import { SESSION_KEY } from '@/lib/session/session-key';

/** The paths asked for early: the listing every screen waits for. */
export const EARLY_PATHS: readonly string[] = [paths.currentFiles()];

/** A reply older than this is not taken: the listing's own staleTime (lib/query/client.ts). */
export const EARLY_REPLY_MAX_AGE_MS = 10_000;

export interface EarlyRequest {
  /** Date.now() when it was sent */
  at: number;
  /** the bearer token it was sent with */
  token: string;
  /** the reply; 'timeout' when none came within the app's 30 s; null when the request failed otherwise */
  reply: Promise<Response | 'timeout' | null>;
}

export type EarlyRequests = Record<string, EarlyRequest | undefined>;

declare global {
  interface Window {
    __pirEarly?: EarlyRequests;
  }
}

/**
 * Runs inline in <head> of every page: dependency-free and tiny. Reads the signed-in user as the app
 * does. The reply's body is read at once: a reply the app does not take (its listing was still fresh)
 * would otherwise stay a request in flight for the page's life, its body unread. Not taken in time, it
 * is let go.
 */
export function earlyRequestsScript(): string {
  return `(function(){try{var u=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_KEY)})||'null');var t=u&&u.loggedIn&&u.token&&u.token.jwt;if(typeof t!=='string'||!t||!navigator.onLine||typeof AbortSignal.timeout!=='function')return;var e=window.__pirEarly={};${JSON.stringify(EARLY_PATHS)}.forEach(function(p){var o={credentials:'include',headers:{Authorization:'Bearer '+t},signal:AbortSignal.timeout(${HTTP_TIMEOUT_MS})};var at=Date.now();e[p]={at:at,token:t,reply:fetch(${JSON.stringify(BASE_PATH)}+'/'+p,o).then(function(r){return r.blob().then(function(b){return r.ok?new Response(b,{status:r.status,statusText:r.statusText,headers:r.headers}):null})}).catch(function(x){return x&&x.name==='TimeoutError'?'timeout':null})};setTimeout(function(){if(e[p]&&e[p].at===at)e[p]=undefined},${EARLY_REPLY_MAX_AGE_MS + 1000});});}catch(x){}})();`;
}

/**
 * The early reply for `path`, taken once: null when none was sent, it was sent with another token,
 * or it is too old to stand for a request sent now. It settles as the reply when it is a 2xx,
 * 'timeout' when none came within the app's 30 s (counted from when it was sent, so the app does not
 * wait twice), and null otherwise: then the app sends its own request.
 */
export function takeEarlyReply(requests: EarlyRequests | undefined, path: string, token: string | null, now = Date.now()): Promise<Response | 'timeout' | null> | null {
  const early = requests?.[path];
  if (!early) return null;
  requests[path] = undefined;
  if (!token || early.token !== token || now - early.at > EARLY_REPLY_MAX_AGE_MS) return null;
  return early.reply.then(
    (r) => (r === 'timeout' || (r && r.ok) ? r : null),
    () => null,
  );
}
