/**
 * The server's time as this tablet knows it, in memory. No storage and no network,
 * so pure modules may read it too (the validation rules' "not in the future"); `lib/clock/clock.ts`
 * sets the offset from the server's replies and keeps it across reloads.
 *
 * Dates that go into a report or decide about it use `serverNow()`; durations and timers keep
 * `Date.now()` (an offset does not change them).
 */
import { correctedTime } from './server-clock';

let offsetMs = 0;

/** server time − tablet time, in ms; 0 until known. */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Set by lib/clock/clock.ts only. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/** The server's time now, in ms since the epoch (reads the tablet's clock at each call). */
export function serverNowMs(): number {
  return correctedTime(Date.now(), offsetMs);
}

/** The server's time now: what a report records. */
export function serverNow(): Date {
  return new Date(serverNowMs());
}
