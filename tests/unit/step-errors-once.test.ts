import { describe, expect, it, vi } from 'vitest';
import { get } from 'react-hook-form';
import type { Pir } from '@/lib/contract';
import { formErrors, stepErrors } from '@/lib/inspection/forms/step-definition';
import { catchOnboardStep, newCatchOnboard, newTranshipmentContent, newTranshipmentInfo, transhipmentInfoStep, type PreparedPir } from '@/lib/inspection/forms/definitions';
import { parseMessage } from '@/lib/inspection/validation/messages';
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

describe('formErrors: the one check as the form’s messages', () => {
  it('puts each path’s first message at its field, as the zod resolver did', () => {
    const r = prepared({ catchOnboard: [newCatchOnboard('a'), { ...newCatchOnboard('b'), species: 3 }] });
    const values = catchOnboardStep.select(r);
    const result = stepErrors(catchOnboardStep, r);
    const nested = formErrors(result, values);
    for (const [path, list] of Object.entries(result.errors)) {
      const shown = get(nested, path) as { message: string };
      expect(parseMessage(shown.message)).toEqual({ key: list[0]!.key, values: list[0]!.values ?? {} });
    }
    expect(get(nested, 'catchOnboard.0.species.message')).toBe('required');
    expect(get(nested, 'catchOnboard.1.species')).toBeUndefined();
  });

  it('a list’s own message sits at the list while it is empty, under root once it has entries', () => {
    const empty = prepared({ transhipmentInfo: [{ ...newTranshipmentInfo('t'), content: [] }] });
    const emptyErrors = formErrors(stepErrors(transhipmentInfoStep, empty), transhipmentInfoStep.select(empty));
    expect(get(emptyErrors, 'transhipmentInfo.0.content.message')).toBe('emptyList');

    const filled = prepared({ transhipmentInfo: [{ ...newTranshipmentInfo('t'), content: [newTranshipmentContent('c')] }] });
    const filledErrors = formErrors(stepErrors(transhipmentInfoStep, filled), transhipmentInfoStep.select(filled));
    expect(get(filledErrors, 'transhipmentInfo.0.content.message')).toBeUndefined();
    expect(get(filledErrors, 'transhipmentInfo.0.content.0.species.message')).toBe('required');
  });
});
