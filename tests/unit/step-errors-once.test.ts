import { describe, expect, it, vi } from 'vitest';
import type { Pir } from '@/lib/contract';
import { stepErrors } from '@/features/inspection/model/step-definition';
import { catchOnboardStep, newCatchOnboard, newTranshipmentContent, newTranshipmentInfo, transhipmentInfoStep, type PreparedPir } from '@/features/inspection/model/definitions';
import { emptyExtended, report } from './fixtures/report';

function prepared(over: Partial<NonNullable<Pir['extended']>['pir']> = {}): PreparedPir {
  const e = emptyExtended();
  e.pir = { ...e.pir, ...over };
  return report(1, 'inspecting', { extended: e }) as PreparedPir;
}

describe('a step is checked once per edit (SPEC §4, §5)', () => {
  it('checking the same values again (the page showing what the edit stored) reuses the edit’s check', () => {
    const r = prepared({ catchOnboard: [newCatchOnboard('a'), newCatchOnboard('b')] });
    const parse = vi.spyOn(catchOnboardStep.schema, 'safeParse');
    const edited = stepErrors(catchOnboardStep, r);
    // The stored report is a copy (its save time is new): same values, same check.
    const shown = stepErrors(catchOnboardStep, { ...r, lastUpdateDate: '2026-11-25T10:00:00Z' });
    expect(shown).toBe(edited);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });

  it('a changed value is checked again, and the result follows it', () => {
    const entry = newCatchOnboard('a');
    const before = stepErrors(catchOnboardStep, prepared({ catchOnboard: [entry] }));
    expect(before.errors['catchOnboard.0.species']).toEqual([{ key: 'required' }]);
    const after = stepErrors(catchOnboardStep, prepared({ catchOnboard: [{ ...entry, species: 3 }] }));
    expect(after.errors['catchOnboard.0.species']).toBeUndefined();
    expect(Object.keys(after.errors).length).toBe(Object.keys(before.errors).length - 1);
  });
});

describe('a rule’s message travels as { key, values } from the rule to the screen', () => {
  it('each path holds the rule’s key and arguments, never zod’s text', () => {
    const r = prepared({ catchOnboard: [newCatchOnboard('a'), { ...newCatchOnboard('b'), species: 3, quantity: -1 }] });
    const result = stepErrors(catchOnboardStep, r);
    expect(result.errors['catchOnboard.0.species']).toEqual([{ key: 'required' }]);
    expect(result.errors['catchOnboard.1.species']).toBeUndefined();
    expect(result.errors['catchOnboard.1.quantity']).toEqual([{ key: 'lowerThan', values: { value: 0 } }]);
  });

  it('a list’s own message sits at the list’s path (an entry’s rules nested in a list keep theirs)', () => {
    const empty = prepared({ transhipmentInfo: [{ ...newTranshipmentInfo('t'), content: [] }] });
    expect(stepErrors(transhipmentInfoStep, empty).errors['transhipmentInfo.0.content']).toEqual([{ key: 'emptyList' }]);

    const filled = prepared({ transhipmentInfo: [{ ...newTranshipmentInfo('t'), content: [newTranshipmentContent('c')] }] });
    const errors = stepErrors(transhipmentInfoStep, filled).errors;
    expect(errors['transhipmentInfo.0.content']).toBeUndefined();
    expect(errors['transhipmentInfo.0.content.0.species']).toEqual([{ key: 'required' }]);
  });
});
