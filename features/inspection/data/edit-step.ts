/**
 * Stores step edits (the one store of what the inspector changes in a step): the change is applied
 * to the report as stored, only while this tablet may edit it (SPEC §4), and written at once
 * (editReport: in memory and the write-ahead now, in IndexedDB within a second).
 */
import type { Pir } from '@/lib/contract';
import { editReport } from '@/lib/local-data/reports-store';
import { isEditable } from '@/lib/lifecycle/transitions';
import type { PreparedPir } from '../model/definitions/slices';
import type { StepDefinition } from '../model/step-definition';
import { completedStep, editedSteps } from '../model/step-edit';

/** Why an edit was not applied: the report is gone from the tablet, or it is no longer being inspected here. */
export type EditRefused = 'notFound' | 'notEditable';

interface Change<T> {
  report: Pir;
  /** the steps the change edits */
  steps: readonly StepDefinition[];
  result: T;
}

/**
 * Applies `change` to the stored report, edited on `device` (this tablet), and stores it. Returns what
 * the change reported, or why nothing was applied.
 */
export function editSteps<T>(reportId: number, device: string, change: (report: PreparedPir) => Change<T>): { result: T } | { refused: EditRefused } {
  let outcome: { result: T } | { refused: EditRefused } = { refused: 'notFound' };
  editReport(reportId, (r) => {
    if (!r.extended) return r;
    if (!isEditable(r, device)) {
      outcome = { refused: 'notEditable' };
      return r;
    }
    const c = change(r as PreparedPir);
    outcome = { result: c.result };
    return editedSteps(r, c.report, c.steps);
  });
  return outcome;
}

/** Marks a step complete, checked once more against the report as stored. */
export function completeStep(reportId: number, def: StepDefinition): void {
  editReport(reportId, (r) => completedStep(r, def));
}
