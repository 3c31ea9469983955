import { describe, expect, it } from 'vitest';
import { PIR_STATUSES, type PirStatus } from '@/lib/contract';
import {
  ALLOWED_FROM,
  applyTransition,
  ARCHIVE_AFTER_DAYS,
  isArchiveDue,
  isAtLeast,
  isEditable,
  isSubmissionStalled,
  needsClaim,
  signaturesComplete,
  stepLock,
  submissionFailed,
  type Transition,
} from '@/lib/lifecycle/transitions';
import { emptyExtended, report } from './fixtures/report';

const now = new Date('2026-11-21T10:00:00.000Z');
const me = 'SFA-TAB-01';
const prepared = (status: PirStatus, over = {}) => report(1, status, { claimedByDevice: me, extended: emptyExtended(), ...over });

const transitions: Record<Transition['type'], Transition> = {
  claim: { type: 'claim', device: me },
  reclaim: { type: 'reclaim', device: me },
  prepared: { type: 'prepared' },
  release: { type: 'release' },
  startInspection: { type: 'startInspection', inspectorName: 'Amina Hoareau' },
  startSigning: { type: 'startSigning' },
  endInspection: { type: 'endInspection' },
  submit: { type: 'submit' },
  submitted: { type: 'submitted' },
  submitFailed: { type: 'submitFailed' },
  cancelSubmit: { type: 'cancelSubmit' },
  lostClaim: { type: 'lostClaim' },
};

describe('status machine (SPEC §4): every transition allowed and refused', () => {
  for (const [type, t] of Object.entries(transitions)) {
    for (const from of PIR_STATUSES) {
      const allowed = ALLOWED_FROM[t.type].includes(from);
      it(`${type} from ${from} is ${allowed ? 'allowed' : 'refused'}`, () => {
        const base = prepared(from, {
          claimedByDevice: t.type === 'reclaim' ? 'MU-TAB-02' : me,
          inspectionSignatures: { masterSignature: 'sig-m', inspectorSignature: 'sig-i', masterRefuses: false },
        });
        const r = applyTransition(base, t, now);
        expect(r.ok).toBe(allowed);
        if (!r.ok) expect(r.reason).toBe('wrongStatus');
      });
    }
  }

  it.each<[Transition['type'], PirStatus, PirStatus]>([
    ['claim', 'notready', 'preparing'],
    ['prepared', 'preparing', 'ready'],
    ['startInspection', 'ready', 'inspecting'],
    ['startSigning', 'inspecting', 'signing'],
    ['endInspection', 'signing', 'readytosubmit'],
    ['submit', 'readytosubmit', 'submitting'],
    ['submitted', 'submitting', 'submitted'],
    ['submitFailed', 'submitting', 'readytosubmit'],
    ['cancelSubmit', 'submitting', 'readytosubmit'],
  ])('%s moves %s to %s and records it in the lifecycle', (type, from, to) => {
    const base = prepared(from, { inspectionSignatures: { masterSignature: null, inspectorSignature: 'sig-i', masterRefuses: true } });
    const r = applyTransition(base, transitions[type], now);
    if (!r.ok) throw new Error(r.reason);
    expect(r.report.status).toBe(to);
    expect(r.report.lifecycle[to]).toEqual({ date: now.toISOString(), previousStatus: from });
  });

  it('claim records the claiming device; a report held by another device cannot be claimed, only reclaimed', () => {
    const r = applyTransition(report(1, 'notready'), transitions.claim, now);
    expect(r.ok && r.report.claimedByDevice).toBe(me);
    const held = report(1, 'notready', { claimedByDevice: 'MU-TAB-02' });
    expect(applyTransition(held, transitions.claim, now)).toEqual({ ok: false, reason: 'claimedByOtherDevice' });
    const re = applyTransition(held, transitions.reclaim, now);
    expect(re.ok && [re.report.status, re.report.claimedByDevice]).toEqual(['preparing', me]);
    expect(applyTransition(report(1, 'notready'), transitions.reclaim, now)).toEqual({ ok: false, reason: 'notClaimedByOtherDevice' });
  });

  it('release goes back to notready with the claim and the lifecycle cleared', () => {
    const r = applyTransition(prepared('ready', { lifecycle: { preparing: { date: 'x', previousStatus: 'notready' } } }), transitions.release, now);
    expect(r.ok && r.report).toMatchObject({ status: 'notready', claimedByDevice: null, lifecycle: {} });
  });

  it('startInspection needs the inspector name and records the start time and name', () => {
    expect(applyTransition(prepared('ready'), { type: 'startInspection', inspectorName: '  ' }, now)).toEqual({ ok: false, reason: 'inspectorNameRequired' });
    const r = applyTransition(prepared('ready'), transitions.startInspection, now);
    if (!r.ok) throw new Error(r.reason);
    expect(r.report.extended?.pir.startOfInspection).toBe(now.toISOString());
    expect(r.report.extended?.pir.monitoringDetails.principalInspectorName).toBe('Amina Hoareau');
  });

  it('endInspection needs the inspector signature and the master signature or refusal; it records the end time', () => {
    const sig = (masterSignature: string | null, inspectorSignature: string | null, masterRefuses: boolean) => ({ masterSignature, inspectorSignature, masterRefuses });
    expect(applyTransition(prepared('signing', { inspectionSignatures: sig(null, null, false) }), transitions.endInspection, now)).toEqual({ ok: false, reason: 'signaturesMissing' });
    expect(applyTransition(prepared('signing', { inspectionSignatures: sig('m', null, false) }), transitions.endInspection, now)).toEqual({ ok: false, reason: 'signaturesMissing' });
    expect(applyTransition(prepared('signing', { inspectionSignatures: sig(null, 'i', false) }), transitions.endInspection, now)).toEqual({ ok: false, reason: 'signaturesMissing' });
    const refused = applyTransition(prepared('signing', { inspectionSignatures: sig(null, 'i', true) }), transitions.endInspection, now);
    expect(refused.ok && refused.report.extended?.pir.endOfInspection).toBe(now.toISOString());
    expect(applyTransition(prepared('signing', { inspectionSignatures: sig('m', 'i', false) }), transitions.endInspection, now).ok).toBe(true);
    expect(signaturesComplete({ inspectionSignatures: sig('m', 'i', false) })).toBe(true);
  });

  it('only inspecting is editable, and only on the tablet holding the claim (SPEC §6); "at least" follows the spec order and leaves claimed out', () => {
    expect(PIR_STATUSES.filter((s) => isEditable({ status: s, claimedByDevice: 'TAB-1' }, 'TAB-1'))).toEqual(['inspecting']);
    expect(isEditable({ status: 'inspecting', claimedByDevice: 'TAB-2' }, 'TAB-1')).toBe(false);
    expect(isEditable({ status: 'inspecting', claimedByDevice: null }, 'TAB-1')).toBe(false);
    expect(isEditable({ status: 'inspecting', claimedByDevice: 'TAB-1' }, '')).toBe(false);
    expect(isAtLeast({ status: 'signing' }, 'inspecting')).toBe(true);
    expect(isAtLeast({ status: 'ready' }, 'inspecting')).toBe(false);
    expect(isAtLeast({ status: 'claimed' }, 'inspecting')).toBe(false);
  });
});

describe('a report another tablet holds (SPEC §6)', () => {
  it('says why a step is locked: held elsewhere first, then not yet or past', () => {
    expect(stepLock({ status: 'inspecting', claimedByDevice: 'TAB-1' }, 'TAB-1')).toBeNull();
    expect(stepLock({ status: 'inspecting', claimedByDevice: 'TAB-2' }, 'TAB-1')).toBe('heldElsewhere');
    expect(stepLock({ status: 'ready', claimedByDevice: 'TAB-2' }, 'TAB-1')).toBe('heldElsewhere');
    expect(stepLock({ status: 'ready', claimedByDevice: 'TAB-1' }, 'TAB-1')).toBe('notYet');
    expect(stepLock({ status: 'notready', claimedByDevice: null }, 'TAB-1')).toBe('notYet');
    expect(stepLock({ status: 'signing', claimedByDevice: 'TAB-1' }, 'TAB-1')).toBe('past');
    expect(stepLock({ status: 'submitted', claimedByDevice: 'TAB-1' }, 'TAB-1')).toBe('past');
  });
  it('the work transitions need the claim; claims do not', () => {
    expect((['startInspection', 'startSigning', 'endInspection', 'submit'] as const).every(needsClaim)).toBe(true);
    expect((['claim', 'reclaim', 'release', 'lostClaim', 'prepared', 'submitted', 'submitFailed', 'cancelSubmit'] as const).some(needsClaim)).toBe(false);
  });
});

describe('submission failure after 60 s (SPEC §4, §9)', () => {
  const since = (ms: number) => ({ submitting: { date: new Date(now.getTime() - ms).toISOString(), previousStatus: 'readytosubmit' as const } });
  it('counts as failed only when submitting for more than 60 s with no active process', () => {
    expect(isSubmissionStalled({ status: 'submitting', lifecycle: since(61_000) }, false, now)).toBe(true);
    expect(isSubmissionStalled({ status: 'submitting', lifecycle: since(59_000) }, false, now)).toBe(false);
    expect(isSubmissionStalled({ status: 'submitting', lifecycle: since(600_000) }, true, now)).toBe(false);
    expect(isSubmissionStalled({ status: 'readytosubmit', lifecycle: since(600_000) }, false, now)).toBe(false);
  });
  it('a submission that failed or stalled reads as failed, with a retry; a cancelled one does not', () => {
    const submitting = prepared('submitting', { lifecycle: since(61_000) });
    const stalled = applyTransition(submitting, transitions.submitFailed, now);
    if (!stalled.ok) throw new Error(stalled.reason);
    expect(submissionFailed(stalled.report, false)).toBe(true);
    const cancelled = applyTransition(submitting, transitions.cancelSubmit, now);
    if (!cancelled.ok) throw new Error(cancelled.reason);
    expect(cancelled.report.lifecycle.submitting).toBeUndefined();
    expect(submissionFailed(cancelled.report, false)).toBe(false);
    expect(submissionFailed(prepared('readytosubmit'), true)).toBe(true);
    expect(submissionFailed(prepared('readytosubmit'), false)).toBe(false);
    expect(submissionFailed({ ...stalled.report, status: 'submitting' }, true)).toBe(false);
  });
});

describe(`archive due ${ARCHIVE_AFTER_DAYS} days after submission (SPEC §4, §9)`, () => {
  const submitted = (daysAgo: number) =>
    report(1, 'submitted', { lifecycle: { submitted: { date: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(), previousStatus: 'submitting' } } });
  it(`is due after ${ARCHIVE_AFTER_DAYS} days, not before, and only for submitted reports`, () => {
    expect(isArchiveDue(submitted(ARCHIVE_AFTER_DAYS + 1), now)).toBe(true);
    expect(isArchiveDue(submitted(ARCHIVE_AFTER_DAYS - 1), now)).toBe(false);
    expect(isArchiveDue({ ...submitted(ARCHIVE_AFTER_DAYS + 15), status: 'readytosubmit' }, now)).toBe(false);
  });
  it('falls back to the PIR form submit date when the lifecycle has none', () => {
    const r = report(1, 'submitted', {
      submitedForms: [{ id: 5, name: 'PIR', typeOfForm: 'PIR', contentType: 'application/pdf', attachments: [], submitDate: '2026-10-01T00:00:00.000Z', downloadLink: '/x' }],
    });
    expect(isArchiveDue(r, now)).toBe(true);
  });
});
