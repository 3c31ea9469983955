/**
 * The one way a step is edited (SPEC §4, §5). Whatever changes a report being inspected (a keystroke
 * in a form step, a catch added, a picture, an attachment) marks the steps it edits as edited, which
 * clears their done flag, and checks them again: each step's messages are kept in `inspectionErrors`.
 * Completing a step checks it once more and marks it done. Pure.
 */
import type { Pir } from '@/lib/contract';
import { markComplete, markEdited } from '@/lib/inspection/steps';
import { stepErrors, type StepDefinition } from '@/features/inspection/model/step-definition';

/** The report with the step's messages worked out again. */
function checkedStep(report: Pir, def: StepDefinition): Pir {
  return { ...report, inspectionErrors: { ...report.inspectionErrors, [def.step]: stepErrors(def, report) } };
}

/** The report after a change that edits `steps`; the report as it was when the change changed nothing. */
export function editedSteps(before: Pir, after: Pir, steps: readonly StepDefinition[]): Pir {
  if (after === before) return before;
  let report = after;
  for (const def of new Set(steps)) report = checkedStep(markEdited(report, def.step), def);
  return report;
}

/** The step checked and marked complete (its "Mark complete" is offered only when it is valid). */
export function completedStep(report: Pir, def: StepDefinition): Pir {
  return markComplete(checkedStep(report, def), def.step);
}
