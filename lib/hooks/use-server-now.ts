'use client';
import { useNow } from 'next-intl';
import { useMemo, useSyncExternalStore } from 'react';
import { clockOffsetMs, onClockOffset } from '@/lib/clock/clock';

/** server time − tablet time, in ms, following each new measure. 0 while pre-rendering. */
export function useClockOffset(): number {
  return useSyncExternalStore(onClockOffset, clockOffsetMs, () => 0);
}

/** next-intl's `useNow`, on the server's clock: what "today" is for dates the reports hold. */
export function useServerNow(options?: { updateInterval?: number }): Date {
  const tick = useNow(options);
  const offset = useClockOffset();
  return useMemo(() => new Date(tick.getTime() + offset), [tick, offset]);
}
