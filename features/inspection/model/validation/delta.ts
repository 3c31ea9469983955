/**
 * SPEC §5 catch deltas: delta = verified − declared, recalculated only when both are numbers ≥ 0;
 * otherwise the previous delta is kept (a half-typed or negative entry does not wipe the last good
 * value). SPEC §2/§9: the delta turns red at 10 or more. Pure.
 */

export const DELTA_WARNING = 10;

/** A quantity the delta can use: a finite number, 0 or more. */
export function isMeasured(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

/**
 * Rounded to 6 decimals so binary noise does not move a delta across the threshold
 * (10.2 − 0.2 is 9.999999999999998 in floating point; an inspector typed a difference of 10).
 */
export function computeDelta(declared: number | null | undefined, verified: number | null | undefined, previous: number | null): number | null {
  if (!isMeasured(declared) || !isMeasured(verified)) return previous;
  const delta = Math.round((verified - declared) * 1e6) / 1e6;
  return delta === 0 ? 0 : delta; // no −0
}

/**
 * The absolute value is meant: verified 10 below declared (missing catch) is as much a discrepancy
 * as 10 above it, so both −10 and +10 warn; 9.99 either way does not.
 */
export function isDeltaWarning(delta: number | null | undefined): boolean {
  return typeof delta === 'number' && Number.isFinite(delta) && Math.abs(delta) >= DELTA_WARNING;
}
