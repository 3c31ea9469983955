import { describe, expect, it } from 'vitest';
import { STEP_NAMES } from '@/lib/contract';
import { currentStep, FORM_STEPS, inspectionProgress, isFormStep, markComplete, markEdited, needsDetails, stepFromHash, stepState } from '@/lib/inspection/steps';
import { emptyExtended, report } from './fixtures/report';

const inspecting = (over = {}) => report(1, 'inspecting', { claimedByDevice: 'T', extended: emptyExtended(), ...over });

describe('inspection steps (SPEC §2, §4)', () => {
  it('has the spec order', () => {
    expect(STEP_NAMES.slice(0, 4)).toEqual(['claimedandprepared', 'piravailable', 'inspection started', 'pirattachments']);
    expect(STEP_NAMES.slice(-3)).toEqual(['comments', 'signature', 'submit']);
    expect(FORM_STEPS).toHaveLength(17);
  });

  it('lists the form steps in the stepper order, between the start and the signature', () => {
    expect(FORM_STEPS).toEqual(STEP_NAMES.slice(3, -2));
    expect(STEP_NAMES.filter(isFormStep)).toEqual(FORM_STEPS);
  });

  it('every step but the preparation and the start needs the details, and Submit not once submitted', () => {
    const held = report(1, 'inspecting');
    expect(STEP_NAMES.filter((s) => !needsDetails(s, held))).toEqual(['claimedandprepared', 'piravailable', 'inspection started']);
    expect(needsDetails('submit', report(1, 'submitted'))).toBe(false);
    expect(needsDetails('signature', report(1, 'submitted'))).toBe(true);
    expect(needsDetails('comments', report(1, 'submitted'))).toBe(true);
  });

  it('form steps are locked until inspecting and once past it', () => {
    expect(stepState(report(1, 'ready', { extended: emptyExtended() }), 'findings')).toBe('locked');
    expect(stepState(inspecting(), 'findings')).toBe('todo');
    expect(stepState(report(1, 'signing', { extended: emptyExtended() }), 'findings')).toBe('locked');
    expect(stepState(report(1, 'signing', { extended: emptyExtended(), inspectionstatus: { findings: true } }), 'findings')).toBe('done');
  });

  it('shows a step with errors', () => {
    expect(stepState(inspecting({ inspectionErrors: { findings: { errors: { x: [{ key: 'k' }] }, isValid: false } } }), 'findings')).toBe('errors');
  });

  it('the signature step counts complete once readytosubmit, submitting or submitted', () => {
    for (const s of ['readytosubmit', 'submitting', 'submitted'] as const) expect(stepState(report(1, s, { extended: emptyExtended() }), 'signature')).toBe('done');
    expect(stepState(report(1, 'signing', { extended: emptyExtended() }), 'signature')).toBe('todo');
  });

  it('"claimed and prepared" is done once ready with the details on this tablet, not while they are downloaded again', () => {
    expect(stepState(report(1, 'preparing', { claimedByDevice: 'T' }), 'claimedandprepared')).toBe('todo');
    expect(stepState(report(1, 'ready', { claimedByDevice: 'T', extended: emptyExtended() }), 'claimedandprepared')).toBe('done');
    // Held at inspecting by the server's listing, details not here yet: the preparation is what is left to do.
    const again = report(1, 'inspecting', { claimedByDevice: 'T', extended: null });
    expect(stepState(again, 'claimedandprepared')).toBe('todo');
    expect(stepState(again, 'inspection started')).toBe('done');
    expect(currentStep(again)).toBe('claimedandprepared');
    expect(stepState({ ...again, extended: emptyExtended() }, 'claimedandprepared')).toBe('done');
  });

  it('a submitted report reads as done on every step, with or without its details on this tablet', () => {
    const allDone = Object.fromEntries(FORM_STEPS.map((s) => [s, true]));
    // From the server's listing: no details, every form step ticked by the server.
    const listed = report(1, 'submitted', { claimedByDevice: 'T', extended: null, inspectionstatus: allDone });
    for (const step of STEP_NAMES) expect(stepState(listed, step), step).toBe('done');
    // Rule by rule: preparation and availability need no details once submitted…
    expect(stepState(listed, 'claimedandprepared')).toBe('done');
    expect(stepState(listed, 'piravailable')).toBe('done');
    // …nor does a form step the server did not tick (it is locked past the inspection, not to do).
    expect(stepState(report(1, 'submitted', { extended: null }), 'findings')).toBe('done');
    expect(stepState(report(1, 'submitted', { extended: null }), 'signature')).toBe('done');
    expect(stepState(report(1, 'submitted', { extended: null }), 'submit')).toBe('done');
    expect(currentStep(listed)).toBe('submit');
    // Not yet submitted, the details still count: submitting without them is being prepared again.
    expect(stepState(report(1, 'submitting', { claimedByDevice: 'T', extended: null, inspectionstatus: allDone }), 'claimedandprepared')).toBe('todo');
  });

  it('the current step is the first incomplete one, else the last', () => {
    expect(currentStep(report(1, 'notready'))).toBe('claimedandprepared');
    expect(currentStep(report(1, 'ready', { extended: emptyExtended() }))).toBe('inspection started');
    expect(currentStep(inspecting())).toBe('pirattachments');
    const allDone = Object.fromEntries(FORM_STEPS.map((s) => [s, true]));
    expect(currentStep(inspecting({ inspectionstatus: allDone }))).toBe('signature');
    expect(currentStep(report(1, 'submitted', { extended: emptyExtended(), inspectionstatus: allDone }))).toBe('submit');
  });

  it('progress is 0.8 times the share of completed form steps, 0.01 if none', () => {
    expect(inspectionProgress(inspecting())).toBe(0.01);
    expect(inspectionProgress(inspecting({ inspectionstatus: { findings: true } }))).toBeCloseTo(0.8 / 17);
    expect(inspectionProgress(inspecting({ inspectionstatus: Object.fromEntries(FORM_STEPS.map((s) => [s, true])) }))).toBeCloseTo(0.8);
  });

  it('reads the step from the hash, including "inspection started"', () => {
    expect(stepFromHash('#inspection%20started')).toBe('inspection started');
    expect(stepFromHash('#findings')).toBe('findings');
    expect(stepFromHash('#nope')).toBeNull();
    expect(stepFromHash('#%E0%A4%A')).toBeNull();
  });

  it('editing clears the done flag; complete sets it', () => {
    const done = markComplete(inspecting(), 'findings');
    expect(done.inspectionstatus.findings).toBe(true);
    expect(markEdited(done, 'findings').inspectionstatus.findings).toBe(false);
  });
});
