import { describe, expect, it } from 'vitest';
import { PURPOSE_OTHER_ID } from '@/lib/contract/constants';
import { catchOnboardSchema, newCatchOnboard, purposeSchema, type PurposeValues } from '@/lib/inspection/forms/definitions';
import { requiredPaths } from '@/lib/inspection/forms/required';

const purpose = (over: Partial<PurposeValues> = {}): PurposeValues => ({
  portOfInspection: null,
  lastPortOfCallFreeForm: '',
  lastPortOfCallEntryDate: null,
  purposes: [],
  purposeDetails: '',
  ...over,
});

describe('required fields, read from the step schema (SPEC §5)', () => {
  it('a field is required when leaving it empty breaks a rule at that field', () => {
    expect([...requiredPaths(purposeSchema, purpose())].sort()).toEqual(['lastPortOfCallFreeForm', 'purposes']);
  });

  it('stays required once filled in (the marker does not vanish as the inspector types)', () => {
    expect(requiredPaths(purposeSchema, purpose({ lastPortOfCallFreeForm: 'Port Louis', purposes: [1] })).has('lastPortOfCallFreeForm')).toBe(true);
  });

  it('follows rules that depend on other answers: details once "other" is a purpose', () => {
    expect(requiredPaths(purposeSchema, purpose({ purposes: [PURPOSE_OTHER_ID] })).has('purposeDetails')).toBe(true);
    expect(requiredPaths(purposeSchema, purpose({ purposes: [PURPOSE_OTHER_ID], purposeDetails: 'Repairs' })).has('purposeDetails')).toBe(true);
    expect(requiredPaths(purposeSchema, purpose({ purposes: [1] })).has('purposeDetails')).toBe(false);
  });

  it('names list entries field by field, as the form does, and leaves out optional and computed ones', () => {
    const paths = requiredPaths(catchOnboardSchema, { catchOnboard: [newCatchOnboard('b'), newCatchOnboard('a')] });
    for (const i of [0, 1]) {
      for (const field of ['species', 'productForm', 'catchArea', 'quantity', 'quantityToLand']) expect(paths.has(`catchOnboard.${i}.${field}`), field).toBe(true);
      for (const field of ['comments', 'deltaLanded', 'deltaTranshipped', 'objection', 'uid']) expect(paths.has(`catchOnboard.${i}.${field}`), field).toBe(false);
    }
  });

  it('an empty list has no required field', () => {
    expect(requiredPaths(catchOnboardSchema, { catchOnboard: [] }).size).toBe(0);
  });

  it('answers the same when asked again, and follows a changed answer (earlier checks are kept between keystrokes)', () => {
    const other = purpose({ purposes: [PURPOSE_OTHER_ID] });
    const first = [...requiredPaths(purposeSchema, other)].sort();
    expect([...requiredPaths(purposeSchema, other)].sort()).toEqual(first);
    expect(requiredPaths(purposeSchema, purpose({ purposes: [1] })).has('purposeDetails')).toBe(false);
    expect(requiredPaths(purposeSchema, other).has('purposeDetails')).toBe(true);
  });
});
