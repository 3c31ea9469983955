/**
 * SPEC §4 status machine: which transition is allowed from which status, and what it records.
 * Pure: every function takes the report and the time, and returns a new report or a refusal.
 */
import type { Lifecycle, Pir, PirStatus } from '@/lib/contract';
import { STATUS_ORDER } from '@/lib/contract/constants';

export type Transition =
  | { type: 'claim'; device: string }
  | { type: 'reclaim'; device: string }
  | { type: 'prepared' }
  | { type: 'release' }
  | { type: 'startInspection'; inspectorName: string }
  | { type: 'startSigning' }
  | { type: 'endInspection' }
  | { type: 'submit' }
  | { type: 'submitted' }
  | { type: 'submitFailed' }
  | { type: 'cancelSubmit' }
  | { type: 'lostClaim' };

export type TransitionType = Transition['type'];

type Refusal =
  | 'wrongStatus'
  | 'claimedByOtherDevice'
  | 'notClaimedByOtherDevice'
  | 'inspectorNameRequired'
  | 'signaturesMissing'
  | 'notPrepared';

export type TransitionResult = { ok: true; report: Pir } | { ok: false; reason: Refusal };

/** Statuses each transition may start from. */
export const ALLOWED_FROM: Record<TransitionType, readonly PirStatus[]> = {
  claim: ['notready'],
  reclaim: ['notready', 'claimed', 'preparing', 'ready', 'inspecting', 'signing', 'readytosubmit'],
  prepared: ['preparing'],
  // Not while the report is on its way to the server, nor after.
  release: ['preparing', 'ready', 'inspecting', 'signing', 'readytosubmit'],
  startInspection: ['ready'],
  startSigning: ['inspecting'],
  endInspection: ['signing'],
  submit: ['readytosubmit'],
  submitted: ['submitting'],
  submitFailed: ['submitting'],
  cancelSubmit: ['submitting'],
  lostClaim: ['preparing', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting', 'claimed'],
};

const TARGET: Record<TransitionType, PirStatus> = {
  claim: 'preparing',
  reclaim: 'preparing',
  prepared: 'ready',
  release: 'notready',
  startInspection: 'inspecting',
  startSigning: 'signing',
  endInspection: 'readytosubmit',
  submit: 'submitting',
  submitted: 'submitted',
  submitFailed: 'readytosubmit',
  cancelSubmit: 'readytosubmit',
  lostClaim: 'notready',
};

export function canTransition(report: Pick<Pir, 'status'>, type: TransitionType): boolean {
  return ALLOWED_FROM[type].includes(report.status);
}

/** SPEC §4 endInspection: the inspector has signed, and the master signed or refuses. */
export function signaturesComplete(report: Pick<Pir, 'inspectionSignatures'>): boolean {
  const s = report.inspectionSignatures;
  return Boolean(s.inspectorSignature) && (Boolean(s.masterSignature) || s.masterRefuses);
}

export function applyTransition(report: Pir, t: Transition, now: Date): TransitionResult {
  if (!canTransition(report, t.type)) return { ok: false, reason: 'wrongStatus' };
  const date = now.toISOString();
  const to = TARGET[t.type];
  const record = (r: Pir): Pir => ({
    ...r,
    status: to,
    lastUpdateDate: date,
    lifecycle: { ...r.lifecycle, [to]: { date, previousStatus: report.status } } as Lifecycle,
  });

  switch (t.type) {
    case 'claim':
      if (report.claimedByDevice && report.claimedByDevice !== t.device) return { ok: false, reason: 'claimedByOtherDevice' };
      return { ok: true, report: record({ ...report, claimedByDevice: t.device }) };
    case 'reclaim':
      if (!report.claimedByDevice || report.claimedByDevice === t.device) return { ok: false, reason: 'notClaimedByOtherDevice' };
      return { ok: true, report: record({ ...report, claimedByDevice: t.device }) };
    case 'release':
    case 'lostClaim':
      // The claim and its history go; what the inspector typed is dropped only by release (see actions).
      return {
        ok: true,
        report: { ...report, status: 'notready', claimedByDevice: t.type === 'release' ? null : report.claimedByDevice, lifecycle: {}, lastUpdateDate: date },
      };
    case 'startInspection': {
      const name = t.inspectorName.trim();
      if (!name) return { ok: false, reason: 'inspectorNameRequired' };
      if (!report.extended) return { ok: false, reason: 'notPrepared' };
      const pir = report.extended.pir;
      return {
        ok: true,
        report: record({
          ...report,
          extended: {
            ...report.extended,
            pir: { ...pir, startOfInspection: date, monitoringDetails: { ...pir.monitoringDetails, principalInspectorName: name } },
          },
        }),
      };
    }
    case 'cancelSubmit': {
      // Cancelling undoes the submission: its entry goes, so the report does not read as a failed one.
      const { submitting: _cancelled, ...lifecycle } = report.lifecycle;
      return { ok: true, report: record({ ...report, lifecycle }) };
    }
    case 'endInspection':
      if (!signaturesComplete(report)) return { ok: false, reason: 'signaturesMissing' };
      if (!report.extended) return { ok: false, reason: 'notPrepared' };
      return { ok: true, report: record({ ...report, extended: { ...report.extended, pir: { ...report.extended.pir, endOfInspection: date } } }) };
    default:
      return { ok: true, report: record(report) };
  }
}

/** SPEC §6: only the claiming device may work on a report. */
export function isHeldBy(report: Pick<Pir, 'claimedByDevice'>, device: string): boolean {
  return Boolean(device) && report.claimedByDevice === device;
}

/** SPEC §4, §6: form steps are editable only while inspecting, and only on the tablet holding the claim. */
export function isEditable(report: Pick<Pir, 'status' | 'claimedByDevice'>, device: string): boolean {
  return report.status === 'inspecting' && isHeldBy(report, device);
}

/** Why a form step cannot be changed on this tablet, or null when it can. */
export type StepLock = 'heldElsewhere' | 'notYet' | 'past';

export function stepLock(report: Pick<Pir, 'status' | 'claimedByDevice'>, device: string): StepLock | null {
  if (isEditable(report, device)) return null;
  if (report.claimedByDevice && !isHeldBy(report, device)) return 'heldElsewhere';
  return isAtLeast(report, 'signing') ? 'past' : 'notYet';
}

/** The transitions that are work on the report (not claims): only the tablet holding the claim does them. */
const WORK: ReadonlySet<TransitionType> = new Set(['startInspection', 'startSigning', 'endInspection', 'submit']);

export function needsClaim(type: TransitionType): boolean {
  return WORK.has(type);
}

/** SPEC §4: the status is at least `status` in the spec's order (claimed, 9, is outside the flow). */
export function isAtLeast(report: Pick<Pir, 'status'>, status: PirStatus): boolean {
  return report.status !== 'claimed' && STATUS_ORDER[report.status] >= STATUS_ORDER[status];
}

/** SPEC §9: submitting for more than 60 s with no active process counts as failed. */
export const SUBMISSION_FAILURE_MS = 60_000;

export function isSubmissionStalled(report: Pick<Pir, 'status' | 'lifecycle'>, hasActiveProcess: boolean, now: Date): boolean {
  if (report.status !== 'submitting' || hasActiveProcess) return false;
  const since = report.lifecycle.submitting?.date;
  if (!since) return true;
  return now.getTime() - new Date(since).getTime() > SUBMISSION_FAILURE_MS;
}

/**
 * SPEC §2, §4: the last submission failed, and a retry is offered: its process was rejected, or the
 * report came back from submitting without one (SPEC §4's 60 s rule); not when it was cancelled.
 */
export function submissionFailed(report: Pick<Pir, 'status' | 'lifecycle'>, hasRejectedProcess: boolean): boolean {
  if (report.status !== 'readytosubmit') return false;
  if (hasRejectedProcess) return true;
  return report.lifecycle.readytosubmit?.previousStatus === 'submitting' && report.lifecycle.submitting !== undefined;
}

/** SPEC §9: submitted reports are due for archiving 25 days after submission. */
export const ARCHIVE_AFTER_DAYS = 25;

export function submittedAt(report: Pick<Pir, 'lifecycle' | 'submitedForms'>): Date | null {
  const fromLifecycle = report.lifecycle.submitted?.date;
  const fromForms = report.submitedForms
    .filter((f) => f.typeOfForm === 'PIR')
    .map((f) => f.submitDate)
    .sort()
    .at(-1);
  const iso = fromLifecycle ?? fromForms;
  return iso ? new Date(iso) : null;
}

export function isArchiveDue(report: Pick<Pir, 'status' | 'lifecycle' | 'submitedForms'>, now: Date): boolean {
  if (report.status !== 'submitted') return false;
  const at = submittedAt(report);
  return at !== null && now.getTime() - at.getTime() > ARCHIVE_AFTER_DAYS * 24 * 3600 * 1000;
}
