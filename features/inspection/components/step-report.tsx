'use client';
import { createContext, useContext } from 'react';
import type { Pir } from '@/lib/contract';

/**
 * The report a form step shows, as stored. A step's fields read the form, not this: they are drawn
 * once and then only as they change, not at each edit of the report. What a step shows of the report
 * beside its form (the documents to choose from, the office's note) reads it here.
 */
export const StepReportContext = createContext<Pir | null>(null);

export function useStepReport(): Pir {
  const report = useContext(StepReportContext);
  if (!report) throw new Error('useStepReport: outside a step screen');
  return report;
}
