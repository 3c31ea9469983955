'use client';
import { useMemo } from 'react';
import { useNow } from 'next-intl';
import { useLocalReports } from '@/lib/local-data/use-local';
import { useClockOffset } from '@/lib/hooks/use-server-now';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { outboxSummary, type Outbox } from './card';

/** The tablet's outbox, the same count wherever it is shown (the Reports screen, the tab bar). */
export function useOutbox(): Outbox {
  // "Sent today": submissions are dated on the server's clock, so today is the server's.
  const now = useNow({ updateInterval: 10_000 });
  const clockOffset = useClockOffset();
  const deviceName = useStore(sessionStore)?.deviceName ?? '';
  const reports = useLocalReports().data;
  return useMemo(() => outboxSummary(reports ?? [], deviceName, new Date(now.getTime() + clockOffset)), [reports, deviceName, now, clockOffset]);
}
