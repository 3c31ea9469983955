import { describe, expect, it } from 'vitest';
import { computeDelta, DELTA_WARNING, isDeltaWarning, isMeasured } from '@/features/inspection/model/validation/delta';

describe('delta = verified − declared (SPEC §5)', () => {
  it('is verified minus declared', () => {
    expect(computeDelta(100, 112.5, null)).toBe(12.5);
    expect(computeDelta(100, 90, null)).toBe(-10);
    expect(computeDelta(0, 0, 7)).toBe(0);
    expect(Object.is(computeDelta(3, 3, null), 0)).toBe(true); // never −0
  });

  it('removes floating-point noise', () => {
    expect(computeDelta(0.2, 10.2, null)).toBe(10);
    expect(computeDelta(0.1, 0.3, null)).toBe(0.2);
  });

  it.each([
    ['declared empty', null, 5],
    ['verified empty', 5, null],
    ['declared negative', -1, 5],
    ['verified negative', 5, -0.01],
    ['NaN', Number.NaN, 5],
  ])('keeps the previous delta when %s', (_, declared, verified) => {
    expect(computeDelta(declared, verified, 4)).toBe(4);
    expect(computeDelta(declared, verified, null)).toBeNull();
  });

  it('a measured quantity is a finite number ≥ 0', () => {
    expect(isMeasured(0)).toBe(true);
    expect(isMeasured(-0.1)).toBe(false);
    expect(isMeasured(Infinity)).toBe(false);
    expect(isMeasured(null)).toBe(false);
  });
});

describe('delta warning at 10 or more (absolute value)', () => {
  it('the threshold is 10', () => expect(DELTA_WARNING).toBe(10));
  it.each([10, 10.01, 250, -10, -42])('%d warns', (d) => expect(isDeltaWarning(d)).toBe(true));
  it.each([9.99, 0, -9.99, null, undefined, Number.NaN])('%s does not', (d) => expect(isDeltaWarning(d)).toBe(false));
});
