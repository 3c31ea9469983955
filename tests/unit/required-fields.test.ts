import { describe, expect, it, vi } from 'vitest';
import { PURPOSE_OTHER_ID } from '@/lib/contract/constants';
import { catchOnboardStep, newCatchOnboard, purposeStep, type PurposeValues } from '@/features/inspection/model/definitions';
import { requiredPaths } from '@/features/inspection/model/required';

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
    expect([...requiredPaths(purposeStep, purpose())].sort()).toEqual(['lastPortOfCallFreeForm', 'purposes']);
  });

  it('stays required once filled in (the marker does not vanish as the inspector types)', () => {
    expect(requiredPaths(purposeStep, purpose({ lastPortOfCallFreeForm: 'Port Louis', purposes: [1] })).has('lastPortOfCallFreeForm')).toBe(true);
  });

  it('follows rules that depend on other answers: details once "other" is a purpose', () => {
    expect(requiredPaths(purposeStep, purpose({ purposes: [PURPOSE_OTHER_ID] })).has('purposeDetails')).toBe(true);
    expect(requiredPaths(purposeStep, purpose({ purposes: [PURPOSE_OTHER_ID], purposeDetails: 'Repairs' })).has('purposeDetails')).toBe(true);
    expect(requiredPaths(purposeStep, purpose({ purposes: [1] })).has('purposeDetails')).toBe(false);
  });

  it('names list entries field by field, as the form does, and leaves out optional and computed ones', () => {
    const paths = requiredPaths(catchOnboardStep, { catchOnboard: [newCatchOnboard('b'), newCatchOnboard('a')] });
    for (const i of [0, 1]) {
      for (const field of ['species', 'productForm', 'catchArea', 'quantity', 'quantityToLand']) expect(paths.has(`catchOnboard.${i}.${field}`), field).toBe(true);
      for (const field of ['comments', 'deltaLanded', 'deltaTranshipped', 'objection', 'uid']) expect(paths.has(`catchOnboard.${i}.${field}`), field).toBe(false);
    }
  });

  it('an empty list has no required field', () => {
    expect(requiredPaths(catchOnboardStep, { catchOnboard: [] }).size).toBe(0);
  });

  it('answers the same when asked again, and follows a changed answer (earlier checks are kept between keystrokes)', () => {
    const other = purpose({ purposes: [PURPOSE_OTHER_ID] });
    const first = [...requiredPaths(purposeStep, other)].sort();
    expect([...requiredPaths(purposeStep, other)].sort()).toEqual(first);
    expect(requiredPaths(purposeStep, purpose({ purposes: [1] })).has('purposeDetails')).toBe(false);
    expect(requiredPaths(purposeStep, other).has('purposeDetails')).toBe(true);
  });

  it('typing does not work them out again: only a changed choice or entry count does', () => {
    const parse = vi.spyOn(purposeStep.schema, 'safeParse');
    const first = requiredPaths(purposeStep, purpose({ purposes: [PURPOSE_OTHER_ID], lastPortOfCallFreeForm: 'P', purposeDetails: 'R' }));
    parse.mockClear();
    let typed = '';
    for (const key of 'Port Louis, Mauritius') {
      typed += key;
      expect(requiredPaths(purposeStep, purpose({ purposes: [PURPOSE_OTHER_ID], lastPortOfCallFreeForm: typed, purposeDetails: typed }))).toBe(first);
    }
    expect(parse).not.toHaveBeenCalled();
    // Emptying a field or choosing another purpose is a new shape: checked again, and right.
    expect(requiredPaths(purposeStep, purpose({ purposes: [1, 2], lastPortOfCallFreeForm: '' })).has('purposeDetails')).toBe(false);
    expect(parse).toHaveBeenCalled();
    parse.mockRestore();
  });
});
