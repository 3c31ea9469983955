/**
 * How a step's form values map onto the report. Values use the contract's field names so the page binds
 * inputs to these paths and error keys are the same paths joined by dots:
 *   - pir steps: a subset of `extended.pir` (e.g. `catchOnboard.2.quantity`, `monitoringDetails.principalInspectorEmail`);
 *   - vessel identity: `extended.vessel` itself (e.g. `dimension.length`);
 *   - pictures and attachments: a subset of `extended` (`pictures.0.type`, `attachments.1.pictures`).
 * `apply` writes back only the slice's own keys, so stray form values never reach the report.
 */
import type { Extended, ExtendedPir, Pir } from '@/lib/contract';

export type PreparedPir = Pir & { extended: Extended };

export function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = from[k];
  return out;
}

export function pirSlice<K extends keyof ExtendedPir>(keys: readonly K[]) {
  return {
    select: (r: PreparedPir): Pick<ExtendedPir, K> => pick(r.extended.pir, keys),
    write: (r: PreparedPir, values: Pick<ExtendedPir, K>): Pir => ({
      ...r,
      extended: { ...r.extended, pir: { ...r.extended.pir, ...pick(values, keys) } },
    }),
  };
}

export function extendedSlice<K extends Exclude<keyof Extended, 'pir' | 'vessel'>>(keys: readonly K[]) {
  return {
    select: (r: PreparedPir): Pick<Extended, K> => pick(r.extended, keys),
    write: (r: PreparedPir, values: Pick<Extended, K>): Pir => ({ ...r, extended: { ...r.extended, ...pick(values, keys) } }),
  };
}
