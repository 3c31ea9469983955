import { describe, expect, it } from 'vitest';
import { PURPOSE_OTHER_ID } from '@/lib/contract/constants';
import { monitoringStep, purposeStep, vesselPicturesStep, type PreparedPir } from '@/features/inspection/model/definitions';
import { completedStep, editedSteps } from '@/features/inspection/model/step-edit';
import { emptyExtended, report } from './fixtures/report';

function prepared(): PreparedPir {
  return report(1, 'inspecting', { extended: emptyExtended() }) as PreparedPir;
}

describe('one way to edit a step (SPEC §4, §5)', () => {
  it('an edit clears the done flag of the step it edits and stores the step’s messages', () => {
    const done = completedStep(prepared(), purposeStep) as PreparedPir;
    expect(done.inspectionstatus.purposeandportofcall).toBe(true);
    const values = purposeStep.select(done);
    const after = editedSteps(done, purposeStep.apply(done, { ...values, purposes: [PURPOSE_OTHER_ID], purposeDetails: '' }), [purposeStep]);
    expect(after.inspectionstatus.purposeandportofcall).toBe(false);
    expect(after.inspectionErrors.purposeandportofcall?.isValid).toBe(false);
    expect(after.inspectionErrors.purposeandportofcall?.errors.purposeDetails).toEqual([{ key: 'required' }]);
  });

  it('a change that changed nothing leaves the report as it was (a completed step stays complete)', () => {
    const done = completedStep(prepared(), purposeStep);
    expect(editedSteps(done, done, [purposeStep])).toBe(done);
  });

  it('a picture is edited the same way, and so is every step it was pointed at from', () => {
    let r = completedStep(completedStep(prepared(), vesselPicturesStep), monitoringStep) as PreparedPir;
    r = { ...r, extended: { ...r.extended, pictures: [{ uid: 'p', type: '', author: 'A', description: '', date: '2026-11-20T10:00:00Z' }] } };
    const after = editedSteps(r, { ...r }, [vesselPicturesStep, monitoringStep, vesselPicturesStep]);
    expect(after.inspectionstatus.vesselpictures).toBe(false);
    expect(after.inspectionstatus.monitoring).toBe(false);
    // SPEC §5 through the step's schema: each picture needs a type.
    expect(after.inspectionErrors.vesselpictures?.errors['pictures.0.type']).toEqual([{ key: 'required' }]);
  });

  it('completing checks the step once more, against the report as it is', () => {
    const r = prepared();
    const values = purposeStep.select(r);
    const filled = purposeStep.apply(r, { ...values, purposes: [1], lastPortOfCallFreeForm: 'Port Louis' });
    const done = completedStep(filled, purposeStep);
    expect(done.inspectionstatus.purposeandportofcall).toBe(true);
    expect(done.inspectionErrors.purposeandportofcall).toEqual({ errors: {}, isValid: true });
  });
});
