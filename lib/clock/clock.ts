/**
 * The server's clock as this tablet knows it: the last offset measured from a /be
 * reply (lib/api notes each one here), kept in localStorage so a reload while offline still corrects.
 * Until a first measure the offset is 0: the tablet's own clock, as before.
 *
 * The stored offset is read when this module loads: the API client and the shell's clock banner
 * import it, so it is in place before anything is recorded.
 */
import { setClockOffset } from './now';
import { correctedTime, nextOffset, offsetFromReply, parseStoredClock, type StoredClock } from './server-clock';

export { clockOffsetMs, serverNow } from './now';

const STORAGE_KEY = 'serverClock';

/** Null until a measure, stored or new, is known: a first sample then always counts. */
let known: number | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: the offset lives for this page only
  }
}

/** Reads the stored offset (done once when this module loads; again by tests). */
function loadStoredClock(): void {
  known = parseStoredClock(storage()?.getItem(STORAGE_KEY) ?? null)?.offsetMs ?? null;
  setClockOffset(known ?? 0);
}
loadStoredClock();

/** Notes a server reply: its `Date` header, and the tablet's times of sending and of the reply's arrival. */
export function noteServerReply(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const sample = offsetFromReply(dateHeader, sentAt, receivedAt);
  if (!sample) return;
  const next = nextOffset(known, sample);
  if (next === known) return;
  known = next;
  setClockOffset(next);
  const stored: StoredClock = { offsetMs: next, measuredAt: new Date(correctedTime(receivedAt, next)).toISOString() };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // full or refused: the offset still holds for this page
  }
  for (const l of listeners) l();
}

/** Calls `listener` when the offset changes; returns the unsubscribe. */
export function onClockOffset(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
