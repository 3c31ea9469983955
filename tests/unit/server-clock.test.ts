/** Issue 29 item 6: the tablet's clock checked against the server's: the arithmetic, rule by rule, and the holder. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_OFF_THRESHOLD_MS,
  correctedTime,
  describeSkew,
  isClockOff,
  MAX_ROUND_TRIP_MS,
  nextOffset,
  offsetFromReply,
  parseStoredClock,
} from '@/lib/clock/server-clock';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A reply's Date header for a time (whole seconds, as servers write it). */
const httpDate = (ms: number) => new Date(ms).toUTCString();
const T = Date.UTC(2026, 10, 26, 10, 0, 0);

describe('offsetFromReply', () => {
  it('takes the server time against the midpoint of sending and receiving, and the header second plus half a second', () => {
    // sent at T, back 400 ms later; the server wrote 3 days ahead at the midpoint (T + 200 ms, second T)
    const s = offsetFromReply(httpDate(T + 3 * DAY), T, T + 400)!;
    expect(s.offsetMs).toBe(3 * DAY + 500 - 200);
    expect(s.errorMs).toBe(200 + 500);
  });

  it('reads a tablet that is behind as a positive offset, one that is ahead as a negative one', () => {
    expect(offsetFromReply(httpDate(T + 3 * DAY), T, T)!.offsetMs).toBeGreaterThan(0);
    expect(offsetFromReply(httpDate(T - 30 * DAY), T, T)!.offsetMs).toBeLessThan(0);
  });

  it('calls anything under 2 s no offset: Date has a 1 s resolution', () => {
    expect(offsetFromReply(httpDate(T), T, T + 100)!.offsetMs).toBe(0);
    expect(offsetFromReply(httpDate(T + 1000), T, T)!.offsetMs).toBe(0); // 1.5 s
    expect(offsetFromReply(httpDate(T - 2000), T, T)!.offsetMs).toBe(0); // -1.5 s
    expect(offsetFromReply(httpDate(T + 2000), T, T)!.offsetMs).toBe(2500);
    expect(offsetFromReply(httpDate(T - 3000), T, T)!.offsetMs).toBe(-2500);
  });

  it('says nothing without a readable Date header', () => {
    expect(offsetFromReply(null, T, T)).toBeNull();
    expect(offsetFromReply(undefined, T, T)).toBeNull();
    expect(offsetFromReply('', T, T)).toBeNull();
    expect(offsetFromReply('yesterday', T, T)).toBeNull();
  });

  it('says nothing from a reply that took too long, or came back before it left (the clock was set meanwhile)', () => {
    expect(offsetFromReply(httpDate(T), T, T + MAX_ROUND_TRIP_MS)).not.toBeNull();
    expect(offsetFromReply(httpDate(T), T, T + MAX_ROUND_TRIP_MS + 1)).toBeNull();
    expect(offsetFromReply(httpDate(T), T, T - 1)).toBeNull();
    expect(offsetFromReply(httpDate(T), T, Number.NaN)).toBeNull();
  });
});

describe('nextOffset', () => {
  it('takes a first measure', () => {
    expect(nextOffset(null, { offsetMs: 3 * DAY, errorMs: 600 })).toBe(3 * DAY);
    expect(nextOffset(null, { offsetMs: 0, errorMs: 600 })).toBe(0);
  });

  it('keeps the offset a new measure agrees with, within that measure’s error (no churn, no worse measure)', () => {
    expect(nextOffset(3 * DAY, { offsetMs: 3 * DAY + 400, errorMs: 600 })).toBe(3 * DAY);
    // a slow reply (error 5 s) 4 s away does not replace a good measure
    expect(nextOffset(3 * DAY, { offsetMs: 3 * DAY + 4000, errorMs: 5500 })).toBe(3 * DAY);
  });

  it('takes a measure that disagrees: the tablet’s clock was set', () => {
    expect(nextOffset(3 * DAY, { offsetMs: 0, errorMs: 600 })).toBe(0);
    expect(nextOffset(0, { offsetMs: -30 * DAY, errorMs: 600 })).toBe(-30 * DAY);
    expect(nextOffset(10_000, { offsetMs: 4000, errorMs: 600 })).toBe(4000);
  });
});

describe('correctedTime', () => {
  it('adds the offset to the tablet’s time', () => {
    expect(correctedTime(T, 3 * DAY)).toBe(T + 3 * DAY);
    expect(correctedTime(T, -30 * DAY)).toBe(T - 30 * DAY);
    expect(correctedTime(T, 0)).toBe(T);
  });
});

describe('isClockOff', () => {
  it('is true beyond 5 minutes either way, false up to it', () => {
    expect(CLOCK_OFF_THRESHOLD_MS).toBe(5 * MIN);
    expect(isClockOff(0)).toBe(false);
    expect(isClockOff(5 * MIN)).toBe(false);
    expect(isClockOff(-5 * MIN)).toBe(false);
    expect(isClockOff(5 * MIN + 1)).toBe(true);
    expect(isClockOff(-5 * MIN - 1)).toBe(true);
    expect(isClockOff(3 * DAY)).toBe(true);
  });
});

describe('describeSkew', () => {
  it('says behind when the server is ahead, ahead when it is behind', () => {
    expect(describeSkew(3 * DAY)).toEqual({ direction: 'behind', amount: 3, unit: 'day' });
    expect(describeSkew(-30 * DAY)).toEqual({ direction: 'ahead', amount: 30, unit: 'day' });
  });

  it('uses minutes up to 90, hours up to 48, then days', () => {
    expect(describeSkew(6 * MIN)).toEqual({ direction: 'behind', amount: 6, unit: 'minute' });
    expect(describeSkew(89 * MIN)).toMatchObject({ amount: 89, unit: 'minute' });
    expect(describeSkew(90 * MIN)).toMatchObject({ amount: 2, unit: 'hour' });
    expect(describeSkew(-(47 * HOUR))).toEqual({ direction: 'ahead', amount: 47, unit: 'hour' });
    expect(describeSkew(48 * HOUR)).toMatchObject({ amount: 2, unit: 'day' });
    expect(describeSkew(3 * DAY - 2 * HOUR)).toMatchObject({ amount: 3, unit: 'day' });
  });
});

describe('parseStoredClock', () => {
  it('reads what the holder stores, and nothing else', () => {
    expect(parseStoredClock(JSON.stringify({ offsetMs: 5000, measuredAt: '2026-11-26T10:00:00.000Z' }))).toEqual({ offsetMs: 5000, measuredAt: '2026-11-26T10:00:00.000Z' });
    expect(parseStoredClock(null)).toBeNull();
    expect(parseStoredClock('{not json')).toBeNull();
    expect(parseStoredClock('null')).toBeNull();
    expect(parseStoredClock(JSON.stringify({ offsetMs: '5000', measuredAt: 'x' }))).toBeNull();
    expect(parseStoredClock(JSON.stringify({ offsetMs: 5000 }))).toBeNull();
  });
});

describe('the clock holder (lib/clock/clock)', () => {
  class MemoryStorage {
    private m = new Map<string, string>();
    getItem(k: string) {
      return this.m.get(k) ?? null;
    }
    setItem(k: string, v: string) {
      this.m.set(k, String(v));
    }
    removeItem(k: string) {
      this.m.delete(k);
    }
  }
  let storage: MemoryStorage;

  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
    vi.resetModules();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    vi.useRealTimers();
  });

  it('corrects now by the offset of a reply, keeps it across a reload, and tells listeners', async () => {
    vi.useFakeTimers({ now: T });
    const clock = await import('@/lib/clock/clock');
    expect(clock.clockOffsetMs()).toBe(0);
    expect(clock.serverNow().getTime()).toBe(T);
    const heard = vi.fn();
    clock.onClockOffset(heard);

    clock.noteServerReply(httpDate(T + 3 * DAY), T - 100, T + 100);
    expect(clock.clockOffsetMs()).toBe(3 * DAY + 500);
    expect(clock.serverNow().getTime()).toBe(T + 3 * DAY + 500);
    expect(heard).toHaveBeenCalledTimes(1);

    // the same offset again, within the reply's error: nothing changes, nobody is told
    clock.noteServerReply(httpDate(T + 3 * DAY), T - 100, T + 100);
    expect(heard).toHaveBeenCalledTimes(1);

    // a reload (offline): the stored offset is read again, and pure modules see it too
    vi.resetModules();
    const reloaded = await import('@/lib/clock/clock');
    const now = await import('@/lib/clock/now');
    expect(reloaded.clockOffsetMs()).toBe(3 * DAY + 500);
    expect(now.serverNowMs()).toBe(T + 3 * DAY + 500);
  });

  it('drops the offset when the clock is set right, and ignores replies without a Date', async () => {
    vi.useFakeTimers({ now: T });
    storage.setItem('serverClock', JSON.stringify({ offsetMs: -30 * DAY, measuredAt: new Date(T).toISOString() }));
    const clock = await import('@/lib/clock/clock');
    expect(clock.clockOffsetMs()).toBe(-30 * DAY);
    clock.noteServerReply(null, T, T);
    expect(clock.clockOffsetMs()).toBe(-30 * DAY);
    clock.noteServerReply(httpDate(T), T, T + 50);
    expect(clock.clockOffsetMs()).toBe(0);
    expect(parseStoredClock(storage.getItem('serverClock'))?.offsetMs).toBe(0);
  });

  it('the validation rules read the server’s time: a tablet 3 days slow may enter today', async () => {
    vi.useFakeTimers({ now: T });
    const clock = await import('@/lib/clock/clock');
    const { notInFuture } = await import('@/features/inspection/model/validation/rules');
    const today = new Date(T + 3 * DAY - HOUR).toISOString();
    expect(notInFuture()(today)).not.toBeNull();
    clock.noteServerReply(httpDate(T + 3 * DAY), T, T);
    expect(notInFuture()(today)).toBeNull();
  });
});
