import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOf } from '@/features/inspection/model/validation/messages';
import {
  date,
  digitsText,
  email,
  gt,
  imo,
  inmarsat,
  isDateOrderBroken,
  isNotEntered,
  isValidImo,
  latLong,
  lt,
  max,
  min,
  mmsi,
  parseLatLong,
  positiveInteger,
  positiveIntegerText,
  positiveNumber,
  quantity,
  requiredId,
  requiredIds,
  requiredNullableText,
  requiredText,
  requiredYesNo,
  uniqueBy,
  withDateOrder,
} from '@/features/inspection/model/validation/rules';

/** The messages a schema gives for a value, as `{ path, key, values }`. */
function problems(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.join('.'), values: {}, ...messageOf(i) }));
}
/** The single message key of a scalar value, or null when it passes. */
function keyOf(schema: z.ZodType, value: unknown) {
  const p = problems(schema, value);
  expect(p.length).toBeLessThanOrEqual(1);
  return p[0]?.key ?? null;
}

describe('not entered (SPEC §5: NE counts as not entered)', () => {
  it.each([null, undefined, '', '   ', 'NE', ' NE ', Number.NaN, []])('%j is not entered', (v) => expect(isNotEntered(v)).toBe(true));
  it.each(['x', 'NEW', 'ne', 0, false, [1]])('%j is entered', (v) => expect(isNotEntered(v)).toBe(false));

  it('required text refuses empty, blank and NE with required', () => {
    for (const v of ['', '  ', 'NE']) expect(keyOf(requiredText(), v)).toBe('required');
    expect(keyOf(requiredText(), 'Praslin Star')).toBeNull();
    expect(keyOf(requiredNullableText(), null)).toBe('required');
    expect(keyOf(requiredNullableText(), 'Authorised')).toBeNull();
  });

  it('a wrong type also reports required, never a zod default text', () => {
    expect(keyOf(requiredText(), 12)).toBe('required');
    expect(problems(requiredText(), 12)[0]).toEqual({ path: '', key: 'required', values: {} });
  });

  it('required id, yes/no and multi-select', () => {
    expect(keyOf(requiredId(), null)).toBe('required');
    expect(keyOf(requiredId(), 0)).toBeNull();
    expect(keyOf(requiredYesNo(), null)).toBe('required');
    expect(keyOf(requiredYesNo(), false)).toBeNull();
    expect(keyOf(requiredIds(), [])).toBe('required');
    expect(keyOf(requiredIds(), [3])).toBeNull();
  });
});

describe('numbers', () => {
  it('digits only', () => {
    expect(keyOf(digitsText(), '0123')).toBeNull();
    expect(keyOf(digitsText(), '12a')).toBe('digits');
    expect(keyOf(digitsText(), '-1')).toBe('digits');
    expect(keyOf(digitsText(), null)).toBeNull();
  });

  it('positive integer without leading zero', () => {
    expect(keyOf(positiveIntegerText(), '7')).toBeNull();
    expect(keyOf(positiveIntegerText(), '120')).toBeNull();
    for (const v of ['07', '0', '1.5', '-3']) expect(keyOf(positiveIntegerText(), v)).toBe('positiveInteger');
    expect(positiveInteger(3)).toBeNull();
    expect(positiveInteger(0)).not.toBeNull();
    expect(positiveInteger(2.5)).not.toBeNull();
  });

  it('number higher than 0, when present', () => {
    expect(keyOf(positiveNumber(), 0.1)).toBeNull();
    expect(keyOf(positiveNumber(), null)).toBeNull();
    expect(keyOf(positiveNumber(), 0)).toBe('greaterThanZero');
    expect(keyOf(positiveNumber(), -2)).toBe('greaterThanZero');
  });

  it('the four comparisons and their messages', () => {
    expect(min(0)(0)).toBeNull();
    expect(min(0)(-1)).toEqual({ key: 'lowerThan', values: { value: 0 } });
    expect(gt(0)(1)).toBeNull();
    expect(gt(0)(0)).toEqual({ key: 'lowerOrEqual', values: { value: 0 } });
    expect(max(5)(5)).toBeNull();
    expect(max(5)(6)).toEqual({ key: 'higherThan', values: { value: 5 } });
    expect(lt(5)(4.9)).toBeNull();
    expect(lt(5)(5)).toEqual({ key: 'higherOrEqual', values: { value: 5 } });
    expect(min(0)(null)).toBeNull(); // absence is required's business
  });

  it('quantity: required, then not below the minimum', () => {
    expect(keyOf(quantity(0), null)).toBe('required');
    expect(keyOf(quantity(0), 0)).toBeNull();
    expect(problems(quantity(0), -0.5)).toEqual([{ path: '', key: 'lowerThan', values: { value: 0 } }]);
    expect(problems(quantity(1), 0)).toEqual([{ path: '', key: 'lowerThan', values: { value: 1 } }]);
    expect(keyOf(quantity(1), 1)).toBeNull();
  });
});

describe('email', () => {
  it.each(['a.b@fisheries.gov.sc', 'x@y.io'])('%s is valid', (v) => expect(keyOf(email(), v)).toBeNull());
  it.each(['a@b', 'a b@c.d', '@c.d', 'a@.'])('%s is not', (v) => expect(keyOf(email(), v)).toBe('email'));
  it('is required', () => expect(keyOf(email(), '')).toBe('required'));
});

describe('MMSI (required, 9 digits)', () => {
  it('accepts 9 digits', () => expect(keyOf(mmsi(), '664123456')).toBeNull());
  it.each(['66412345', '6641234567', '66412345a', '664 23456'])('%s is refused with mmsi', (v) => expect(keyOf(mmsi(), v)).toBe('mmsi'));
  it.each([null, '', 'NE'])('%j is refused with required', (v) => expect(keyOf(mmsi(), v)).toBe('required'));
});

describe('IMO (7 digits, check digit)', () => {
  const real = ['9074729', '8814275', '9176187', '9398917'];
  it.each(real)('%s (a real vessel) is valid', (v) => {
    expect(isValidImo(v)).toBe(true);
    expect(keyOf(imo(), v)).toBeNull();
  });
  it.each(real)('%s with another last digit is invalid', (v) => {
    const wrong = v.slice(0, 6) + String((Number(v[6]) + 1) % 10);
    expect(isValidImo(wrong)).toBe(false);
    expect(keyOf(imo(), wrong)).toBe('imo');
  });
  it.each(['907472', '90747290', '907472A', 'IMO9074729', ' 9074729'])('%s is invalid', (v) => {
    expect(isValidImo(v)).toBe(false);
    expect(keyOf(imo(), v)).toBe('imo');
  });
  it('is optional: absent, empty or NE pass', () => {
    for (const v of [null, '', 'NE']) expect(keyOf(imo(), v)).toBeNull();
  });
});

describe('Inmarsat (9 digits if present)', () => {
  it('passes 9 digits or nothing', () => {
    expect(keyOf(inmarsat(), '423456789')).toBeNull();
    expect(keyOf(inmarsat(), null)).toBeNull();
    expect(keyOf(inmarsat(), '')).toBeNull();
  });
  it.each(['42345678', '4234567890', '42345678x'])('%s is refused', (v) => expect(keyOf(inmarsat(), v)).toBe('inmarsat'));
});

describe('latitude-longitude', () => {
  it('reads a minus at the start or after the separator as a sign', () => {
    expect(parseLatLong('-12.5-45.3')).toEqual({ latitude: -12.5, longitude: 45.3 });
    expect(parseLatLong('12.5--45.3')).toEqual({ latitude: 12.5, longitude: -45.3 });
    expect(parseLatLong('-12.5--45.3')).toEqual({ latitude: -12.5, longitude: -45.3 });
  });
  it('includes the bounds', () => {
    expect(parseLatLong('90-180')).toEqual({ latitude: 90, longitude: 180 });
    expect(parseLatLong('-90--180')).toEqual({ latitude: -90, longitude: -180 });
  });
  it('ignores spaces around the numbers', () => {
    expect(parseLatLong(' 12.5 - 45.3 ')).toEqual({ latitude: 12.5, longitude: 45.3 });
    expect(parseLatLong('1 2-3')).toBeNull();
  });
  it.each(['91-0', '0-180.5', '12.5', '12.5-', '-45', '-', '', 'a-b', '12,5-45', '1e2-3', '12.5-45.3-1', '+12-3'])('%j is invalid', (v) => {
    expect(parseLatLong(v)).toBeNull();
    expect(keyOf(latLong(), v)).toBe('latLong');
  });
  it('an absent position is invalid too', () => expect(keyOf(latLong(), null)).toBe('latLong'));
  it('a valid position passes the schema', () => expect(keyOf(latLong(), '-4.62-55.45')).toBeNull());
});

describe('dates', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const clock = () => now;

  it('required: absent, empty or unreadable', () => {
    const s = date({ required: true, clock });
    for (const v of [null, '', 'NE', 'not a date']) expect(keyOf(s, v)).toBe('required');
    expect(keyOf(s, '2026-11-20')).toBeNull();
    expect(keyOf(date({ clock }), null)).toBeNull();
  });

  it('not in the future', () => {
    const s = date({ required: true, notInFuture: true, clock });
    expect(keyOf(s, '2026-11-21T12:00:00Z')).toBeNull();
    expect(keyOf(s, '2026-11-21T12:00:01Z')).toBe('notInFuture');
    expect(keyOf(date({ clock }), '2026-11-21T12:00:01Z')).toBeNull();
  });

  it('at most 100 years ahead', () => {
    expect(keyOf(date({ clock }), '2126-11-21T12:00:00Z')).toBeNull();
    expect(keyOf(date({ clock }), '2126-11-21T12:00:01Z')).toBe('tooFarAhead');
  });

  it('from ≤ to, on both fields', () => {
    expect(isDateOrderBroken('2026-01-02', '2026-01-01')).toBe(true);
    expect(isDateOrderBroken('2026-01-01', '2026-01-01')).toBe(false);
    expect(isDateOrderBroken(null, '2026-01-01')).toBe(false);
    const s = withDateOrder(z.object({ from: date(), to: date() }), 'from', 'to');
    expect(problems(s, { from: '2026-01-01', to: '2026-12-31' })).toEqual([]);
    expect(problems(s, { from: '2026-12-31', to: '2026-01-01' })).toEqual([
      { path: 'from', key: 'dateOrder', values: {} },
      { path: 'to', key: 'dateOrder', values: {} },
    ]);
  });
});

describe('uniqueness in a list', () => {
  const s = uniqueBy(z.array(z.object({ rfmo: z.number().nullable() })), 'rfmo');
  it('reports notUnique on every occurrence of a duplicate, not on unique values', () => {
    expect(problems(s, [{ rfmo: 1 }, { rfmo: 2 }, { rfmo: 1 }, { rfmo: 1 }])).toEqual([
      { path: '0.rfmo', key: 'notUnique', values: {} },
      { path: '2.rfmo', key: 'notUnique', values: {} },
      { path: '3.rfmo', key: 'notUnique', values: {} },
    ]);
  });
  it('ignores values not entered and distinct lists', () => {
    expect(problems(s, [{ rfmo: null }, { rfmo: null }, { rfmo: 3 }])).toEqual([]);
  });
});
