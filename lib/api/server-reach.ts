/**
 * Whether the server answers, from the app's own requests: a browser on quay Wi-Fi with no internet,
 * or with the server down, says it is online (`navigator.onLine`) while nothing reaches the server.
 * Any reply, whatever its status, means the server is reachable; a request that got no reply at all
 * means it is not. 502 and 504 are a reverse proxy saying the server behind it did not answer.
 * While the server is unreachable, a light request asks every PROBE_MS whether it is back, so the
 * screen does not wait for the app's next call to say so.
 */
import { BASE_PATH } from '@/lib/contract/constants';

/** How often an unreachable server is asked whether it is back (while the app is in view). */
const PROBE_MS = 15_000;
export type ServerReach = 'unknown' | 'reachable' | 'unreachable';

let state: ServerReach = 'unknown';
const listeners = new Set<(now: ServerReach, before: ServerReach) => void>();

let probing: ReturnType<typeof setInterval> | null = null;

function set(next: ServerReach) {
  if (next === state) return;
  const before = state;
  state = next;
  if (next === 'unreachable' && !probing && typeof window !== 'undefined') probing = setInterval(probe, PROBE_MS);
  if (next !== 'unreachable' && probing) {
    clearInterval(probing);
    probing = null;
  }
  for (const l of listeners) l(next, before);
}

/** Any reply to a HEAD of the API's root (even a 404) says the server is there. */
export function probe(): void {
  if (state !== 'unreachable' || !navigator.onLine || document.visibilityState !== 'visible') return;
  fetch(`${BASE_PATH}/`, { method: 'HEAD', cache: 'no-store', credentials: 'omit' }).then(
    (r) => noteServerAnswered(r.status),
    () => noteServerSilent(),
  );
}

/**
 * A request that gets no reply within this long of the last reply does not make the server
 * unreachable: on a lossy link one request in several is cut while the others are answered.
 */
const SILENCE_MS = 10_000;
let lastReplyAt = -Infinity;

/** A reply came back from /be with this status. */
export function noteServerAnswered(status: number): void {
  if (status === 502 || status === 504) return set('unreachable');
  lastReplyAt = Date.now();
  set('reachable');
}

/** A request to /be got no reply (refused, cut, timed out). Offline, the browser already says why. */
export function noteServerSilent(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  if (Date.now() - lastReplyAt < SILENCE_MS) return;
  set('unreachable');
}

export function serverReach(): ServerReach {
  return state;
}

/** Calls `listener` on every change (with the state before it); returns the unsubscribe. */
export function onServerReach(listener: (now: ServerReach, before: ServerReach) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
