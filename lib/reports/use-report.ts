'use client';
import { useEffect } from 'react';
import { pirCallId } from '@/lib/contract';
import { useCurrentFiles } from './use-current-files';
import { lastReportStore } from './last-report';

/** One report of the listing, by the id used in its address (SPEC §7 call id). */
export function useReport(id: string | null) {
  const files = useCurrentFiles(id !== null);
  const report = id === null ? undefined : files.data?.find((r) => String(pirCallId(r)) === id);
  useEffect(() => {
    if (report) lastReportStore.set(String(pirCallId(report)));
  }, [report]);
  return { report, isPending: files.isPending, isError: files.isError && !files.data };
}
