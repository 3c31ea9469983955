'use client';
import { useEffect } from 'react';
import { useLocalReport } from '@/lib/local-data/use-local';
import { lastReportStore } from './last-report';

/** One report on the tablet, by the id in its address (the report id, or its call id). */
export function useReport(id: string | null) {
  const query = useLocalReport(id);
  const report = query.data;
  useEffect(() => {
    if (report) lastReportStore.set(String(report.id));
  }, [report]);
  return { report, isPending: query.isPending };
}
