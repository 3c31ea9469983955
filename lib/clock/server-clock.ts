/**
 * The tablet's clock checked against the server's. Pure: the arithmetic only; the
 * offset is kept and fed by `lib/clock/clock.ts`.
 *
 * Offset = server time − tablet time. Every /be reply carries the server's `Date` header. The server
 * wrote it somewhere between the request leaving and its reply arriving, so the tablet's time of that
 * moment is taken as the midpoint of the two, and the header (whole seconds, truncated) as its second
 * plus half a second. The error is at most half the round trip plus half a second; a reply that took
 * longer than MAX_ROUND_TRIP_MS says too little to be used.
 */

/** Beyond this the inspector is warned: a few minutes is what a tablet's clock can drift unnoticed. */
export const CLOCK_OFF_THRESHOLD_MS = 5 * 60_000;
/** Below this the clocks are taken as equal: `Date` has a 1 s resolution, so a smaller offset is noise. */
const NEGLIGIBLE_OFFSET_MS = 2_000;
/** A reply slower than this (an upload, a weak link) gives too wide an error to measure with. */
export const MAX_ROUND_TRIP_MS = 10_000;

export interface ClockSample {
  /** server time − tablet time, in ms (0 when negligible) */
  offsetMs: number;
  /** how far off this measure may be, in ms */
  errorMs: number;
}

/**
 * The offset one reply shows. `sentAt` and `receivedAt` are the tablet's `Date.now()` when the request
 * left (its body fully sent) and when the reply's headers came. Null when the reply cannot tell: no or
 * unreadable `Date`, a round trip that is negative (the tablet's clock was set meanwhile) or too long.
 */
export function offsetFromReply(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): ClockSample | null {
  if (!dateHeader) return null;
  const serverSecond = Date.parse(dateHeader);
  if (!Number.isFinite(serverSecond)) return null;
  const roundTrip = receivedAt - sentAt;
  if (!(roundTrip >= 0) || roundTrip > MAX_ROUND_TRIP_MS) return null;
  const offset = Math.round(serverSecond + 500 - (sentAt + roundTrip / 2));
  return { offsetMs: Math.abs(offset) < NEGLIGIBLE_OFFSET_MS ? 0 : offset, errorMs: Math.ceil(roundTrip / 2) + 500 };
}

/**
 * The offset to keep after a new sample: the one kept when the sample agrees with it within the
 * sample's error (a slow reply does not replace a better measure, and the banner does not flicker
 * with each reply's jitter); the sample otherwise (the tablet's clock was set, or it is a first measure).
 */
export function nextOffset(current: number | null, sample: ClockSample): number {
  if (current !== null && Math.abs(sample.offsetMs - current) <= Math.max(sample.errorMs, NEGLIGIBLE_OFFSET_MS)) return current;
  return sample.offsetMs;
}

/** The server's time now, from the tablet's time and the known offset. */
export function correctedTime(deviceMs: number, offsetMs: number): number {
  return deviceMs + offsetMs;
}

/** The tablet's clock is far enough off for the inspector to be told. */
export function isClockOff(offsetMs: number): boolean {
  return Math.abs(offsetMs) > CLOCK_OFF_THRESHOLD_MS;
}

type SkewUnit = 'minute' | 'hour' | 'day';

export interface ClockSkew {
  /** the tablet's clock is behind the server's (offset > 0) or ahead of it */
  direction: 'behind' | 'ahead';
  amount: number;
  unit: SkewUnit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far off the tablet is, in the unit a person would say it: minutes up to 90, hours up to 48, then days. */
export function describeSkew(offsetMs: number): ClockSkew {
  const direction = offsetMs > 0 ? 'behind' : 'ahead';
  const ms = Math.abs(offsetMs);
  if (ms < 90 * MINUTE) return { direction, amount: Math.max(1, Math.round(ms / MINUTE)), unit: 'minute' };
  if (ms < 48 * HOUR) return { direction, amount: Math.round(ms / HOUR), unit: 'hour' };
  return { direction, amount: Math.round(ms / DAY), unit: 'day' };
}

/** What is kept on the tablet (so an offline reload still knows the offset). */
export interface StoredClock {
  offsetMs: number;
  /** server time of the measure, ISO: tells how old the knowledge is */
  measuredAt: string;
}

/** The stored offset, or null when nothing (valid) is stored. */
export function parseStoredClock(raw: string | null): StoredClock | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredClock> | null;
    if (!v || typeof v.offsetMs !== 'number' || !Number.isFinite(v.offsetMs) || typeof v.measuredAt !== 'string') return null;
    return { offsetMs: v.offsetMs, measuredAt: v.measuredAt };
  } catch {
    return null;
  }
}
