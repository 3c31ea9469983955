/**
 * SPEC §2, §4 inspection steps: their order, their state on the stepper, the current step and
 * the card's progress. Pure.
 */
import type { Pir, StepName } from '@/lib/contract';
import { STEP_NAMES } from '@/lib/contract/constants';
import { STEPS } from '@/lib/contract/steps';
import { isAtLeast } from '@/lib/lifecycle/transitions';

type FormEntry = Extract<(typeof STEPS)[number], { form: true }>;
export type FormStep = FormEntry['name'];
/** Steps whose content is a form the inspector fills while inspecting, in the stepper's order. */
export const FORM_STEPS: readonly FormStep[] = STEPS.filter((s): s is FormEntry => s.form).map((s) => s.name);

export function isFormStep(step: StepName): step is FormStep {
  return (FORM_STEPS as readonly StepName[]).includes(step);
}

const DETAILS = new Map(STEPS.map((s) => [s.name, s.details] as const));

/**
 * Whether the step shows or sends the report's stored details: without them on this tablet (one
 * downloading again a report it holds) it says why instead of showing empty fields.
 */
export function needsDetails(step: StepName, report: Pick<Pir, 'status'>): boolean {
  const details = DETAILS.get(step)!;
  return details === 'unlessSubmitted' ? report.status !== 'submitted' : details;
}

export type StepState = 'done' | 'errors' | 'todo' | 'locked';

type ReportForSteps = Pick<Pir, 'status' | 'extended' | 'inspectionstatus' | 'inspectionErrors'>;

export function isStepComplete(report: ReportForSteps, step: StepName): boolean {
  // A submitted report has been through every step: signing needs every form step complete and the
  // server now holds what was sent. Read from the server's listing it has no details on this tablet,
  // and none are needed to read it as done (it is never prepared or edited here again).
  if (report.status === 'submitted') return true;
  switch (step) {
    case 'claimedandprepared':
    // Prepared on this tablet: a report the server says it holds but whose details are not here
    // yet (a new browser downloading it again) is still being prepared, and this step shows why.
    case 'piravailable':
      return isAtLeast(report, 'ready') && report.extended !== null;
    case 'inspection started':
      return isAtLeast(report, 'inspecting');
    case 'signature':
      // SPEC §4: the signature step counts complete once readytosubmit, submitting or submitted.
      return ['readytosubmit', 'submitting'].includes(report.status);
    case 'submit':
      // done once submitted (above)
      return false;
    default:
      return report.inspectionstatus[step] === true;
  }
}

/** SPEC §2: form steps are disabled until inspecting and locked once past it. */
export function stepState(report: ReportForSteps, step: StepName): StepState {
  if (isStepComplete(report, step)) return 'done';
  if (isFormStep(step)) {
    if (report.status !== 'inspecting') return 'locked';
    return report.inspectionErrors[step]?.isValid === false ? 'errors' : 'todo';
  }
  return 'todo';
}

/** SPEC §2: the current step is the first incomplete one, else the last. */
export function currentStep(report: ReportForSteps, steps: readonly StepName[] = STEP_NAMES): StepName {
  return steps.find((s) => !isStepComplete(report, s)) ?? steps[steps.length - 1]!;
}

/** SPEC §9: the card's bar is 0.8 times the share of completed form steps (0.01 if none). */
export function inspectionProgress(report: ReportForSteps, steps: readonly FormStep[] = FORM_STEPS): number {
  const done = steps.filter((s) => report.inspectionstatus[s] === true).length;
  return done === 0 ? 0.01 : (0.8 * done) / steps.length;
}

/** The step named by the address's hash, if it is one. */
export function stepFromHash(hash: string): StepName | null {
  let name = hash.replace(/^#/, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    return null;
  }
  return (STEP_NAMES as readonly string[]).includes(name) ? (name as StepName) : null;
}

/** Editing a step clears its done flag (SPEC §4); the errors are recomputed by the caller. */
export function markEdited<T extends Pick<Pir, 'inspectionstatus'>>(report: T, step: StepName): T {
  if (!report.inspectionstatus[step]) return report;
  return { ...report, inspectionstatus: { ...report.inspectionstatus, [step]: false } };
}

export function markComplete<T extends Pick<Pir, 'inspectionstatus'>>(report: T, step: StepName): T {
  return { ...report, inspectionstatus: { ...report.inspectionstatus, [step]: true } };
}
