/**
 * SPEC §5 reusable rules. Each rule is a pure check (value → message made with `msg()`, or null) and
 * most have a zod piece built from it, so step schemas and the tests share one implementation.
 *
 * Pieces keep the contract's value types (nullable stays nullable): "required" is a refinement, not
 * a type, so a form's input and output types equal the report's slice and react-hook-form values go
 * back into the report unchanged. Type errors carry the key `required`, so no zod default text
 * ever reaches the page.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import { serverNowMs } from '@/lib/clock/now';
import { msg, type Message } from './messages';

/** A rule: the message (from `msg()`) when the value breaks it, else null. */
export type Check<T> = (value: T) => Message | null;
/** Milliseconds since the epoch. */
export type Clock = () => number;
/**
 * The server's time as the tablet knows it (a tablet three days slow must not call
 * today "in the future"). Reads `Date` at each call (not a reference taken at import), so a faked
 * system time applies.
 */
const systemClock: Clock = () => serverNowMs();

/** zod's own type checks carry the key alone (messageOf reads it back). */
const typeError = { error: 'required' };

// ---------------------------------------------------------------- not entered

/**
 * SPEC §5: empty, whitespace-only and the text `NE` count as not entered. `NE` is matched in capitals
 * after trimming, as the source system wrote it; null, NaN and empty lists are not entered either.
 */
export function isNotEntered(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' || t === 'NE';
  }
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

// ---------------------------------------------------------------- checks

const required: Check<unknown> = (v) => (isNotEntered(v) ? msg('required') : null);

/** A format rule applies only to an entered value (absence is `required`'s business). */
function whenEntered<T>(test: (v: NonNullable<T>) => boolean, message: Message): Check<T> {
  return (v) => (isNotEntered(v) || test(v as NonNullable<T>) ? null : message);
}

const digitsOnly = whenEntered<string | null>((v) => /^\d+$/.test(v), msg('digits'));

/** Integer above 0 written without a leading zero ("7", not "07"). */
export const positiveInteger = whenEntered<string | number | null>(
  (v) => (typeof v === 'number' ? Number.isInteger(v) && v > 0 : /^[1-9]\d*$/.test(v)),
  msg('positiveInteger'),
);

const greaterThanZero = whenEntered<number | null>((v) => v > 0, msg('greaterThanZero'));

/** The source system's simple pattern: something@something.something, no spaces. */
const emailFormat = whenEntered<string | null>((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), msg('email'));

/** value ≥ n, else "cannot be lower than n". */
export const min = (n: number) => whenEntered<number | null>((v) => v >= n, msg('lowerThan', { value: n }));
/** value > n, else "cannot be lower or equal than n". */
export const gt = (n: number) => whenEntered<number | null>((v) => v > n, msg('lowerOrEqual', { value: n }));
/** value ≤ n, else "cannot be higher than n". */
export const max = (n: number) => whenEntered<number | null>((v) => v <= n, msg('higherThan', { value: n }));
/** value < n, else "cannot be higher or equal than n". */
export const lt = (n: number) => whenEntered<number | null>((v) => v < n, msg('higherOrEqual', { value: n }));

const mmsiFormat = whenEntered<string | null>((v) => /^\d{9}$/.test(v), msg('mmsi'));
const imoFormat = whenEntered<string | null>((v) => isValidImo(v), msg('imo'));
const inmarsatFormat = whenEntered<string | null>((v) => /^\d{9}$/.test(v), msg('inmarsat'));

/** Not `whenEntered`: an empty position is as invalid as a malformed one ("Insert valid latitude and longitude fields"). */
export const latLongFormat: Check<string | null> = (v) => (v !== null && parseLatLong(v) ? null : msg('latLong'));

// ---------------------------------------------------------------- IMO, lat-long

/**
 * IMO number: 7 digits; the digits 1..6 weighted 7,6,5,4,3,2 sum to a number whose last digit is the
 * 7th digit. No spaces and no "IMO" prefix: the stored value is the bare number.
 */
export function isValidImo(s: string): boolean {
  if (!/^\d{7}$/.test(s)) return false;
  const d = [...s].map(Number);
  const sum = d.slice(0, 6).reduce((acc, digit, i) => acc + digit * (7 - i), 0);
  return sum % 10 === d[6];
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const LAT_LONG = new RegExp(String.raw`^\s*(${NUMBER})\s*-\s*(${NUMBER})\s*$`);

/**
 * "latitude-longitude" joined by a dash. A minus sign belongs to the number it touches: a dash at the
 * very start, or right after the separating dash, is a sign. So `-12.5-45.3` is (−12.5, 45.3) and
 * `12.5--45.3` is (12.5, −45.3). Numbers are plain decimals (no exponent, no comma, no leading `+`);
 * spaces around either number are ignored. Latitude −90..90, longitude −180..180, bounds included.
 */
export function parseLatLong(s: string): { latitude: number; longitude: number } | null {
  const m = LAT_LONG.exec(s);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

// ---------------------------------------------------------------- dates

/** An ISO date string's time, or null when absent or unreadable (an unreadable date counts as not entered). */
function dateTime(v: string | null | undefined): number | null {
  if (isNotEntered(v)) return null;
  const t = Date.parse(v as string);
  return Number.isNaN(t) ? null : t;
}

const dateRequired: Check<string | null> = (v) => (dateTime(v) === null ? msg('required') : null);

export const notInFuture = (clock: Clock = systemClock): Check<string | null> => (v) => {
  const t = dateTime(v);
  return t !== null && t > clock() ? msg('notInFuture') : null;
};

/** SPEC §5: date pickers allow up to 100 years ahead. */
const notTooFarAhead = (clock: Clock = systemClock): Check<string | null> => (v) => {
  const t = dateTime(v);
  if (t === null) return null;
  const limit = new Date(clock());
  limit.setUTCFullYear(limit.getUTCFullYear() + 100);
  return t > limit.getTime() ? msg('tooFarAhead') : null;
};

/** true when both dates are readable and `from` is after `to` (equal dates are in order). */
export function isDateOrderBroken(from: string | null, to: string | null): boolean {
  const a = dateTime(from);
  const b = dateTime(to);
  return a !== null && b !== null && a > b;
}

// ---------------------------------------------------------------- zod pieces

/** Adds checks to a schema; only the first failing check reports, so a field shows one message. */
function rule<S extends z.ZodType>(schema: S, ...checks: Check<z.output<S>>[]): S {
  return schema.superRefine((value, ctx) => {
    for (const check of checks) {
      const message = check(value);
      if (message) {
        addIssue(ctx, [], message);
        return;
      }
    }
  });
}

/** Reports a message on a field from an object-level refinement (conditional and cross-field rules). */
export function addIssue(ctx: z.RefinementCtx, path: (string | number)[], message: Message): void {
  ctx.addIssue({ code: 'custom', message: message.key, params: message, path });
}

// free values: any value of the contract's type passes
export const text = () => z.string(typeError);
export const nullableText = () => z.string(typeError).nullable();
export const nullableNumber = () => z.number(typeError).nullable();
/** @alias of nullableNumber, named for a reference list's id */
export const nullableId = nullableNumber;
export const bool = () => z.boolean(typeError);
export const ids = () => z.array(z.number(typeError), typeError);
export const texts = () => z.array(z.string(typeError), typeError);

// required values
export const requiredText = () => rule(text(), required);
export const requiredNullableText = () => rule(nullableText(), required);
/** A reference-data id chosen in a select. */
export const requiredId = () => rule(nullableId(), required);
/** A yes/no question that must be answered (null is unanswered). */
export const requiredYesNo = () => rule(bool().nullable(), required);
/** A multi-select that needs at least one choice. */
export const requiredIds = () => rule(ids(), required);

export const digitsText = () => rule(nullableText(), digitsOnly);
export const positiveIntegerText = () => rule(nullableText(), positiveInteger);
/** Optional measure (length, volume): when present, above 0. */
export const positiveNumber = () => rule(nullableNumber(), greaterThanZero);
/** Required quantity not below `minimum` (SPEC §9: quantities min 0, transhipment content min 1). */
export const quantity = (minimum = 0) => rule(nullableNumber(), required, min(minimum));
export const email = () => rule(text(), required, emailFormat);

export const mmsi = () => rule(nullableText(), required, mmsiFormat);
/** Optional unless the step says otherwise. */
export const imo = () => rule(nullableText(), imoFormat);
export const inmarsat = () => rule(nullableText(), inmarsatFormat);
/** Required position at sea. */
export const latLong = () => rule(nullableText(), latLongFormat);

/** An ISO date: optionally required, never more than 100 years ahead, optionally not in the future. */
export function date(options: { required?: boolean; notInFuture?: boolean; clock?: Clock } = {}) {
  const checks: Check<string | null>[] = [];
  if (options.required) checks.push(dateRequired);
  if (options.notInFuture) checks.push(notInFuture(options.clock));
  checks.push(notTooFarAhead(options.clock));
  return rule(nullableText(), ...checks);
}

/** from ≤ to: both fields get `dateOrder` when broken (each rule of SPEC §5 names its own field). */
export function withDateOrder<S extends z.ZodType<Record<string, unknown>>>(schema: S, from: string, to: string): S {
  return schema.superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    if (isDateOrderBroken(v[from] as string | null, v[to] as string | null)) {
      addIssue(ctx, [from], msg('dateOrder'));
      addIssue(ctx, [to], msg('dateOrder'));
    }
  });
}

/**
 * Uniqueness in a list: the first item with a value is fine, every later item repeating it gets
 * `notUnique` on that field. Values not entered are left to `required`.
 */
export function uniqueBy<S extends z.ZodType<Record<string, unknown>[]>>(schema: S, field: string): S {
  // Every occurrence is marked: new rows are added at the top, so "the later one" would flag the old row.
  return schema.superRefine((list, ctx) => {
    const items = list as Record<string, unknown>[];
    const counts = new Map<unknown, number>();
    for (const item of items) if (!isNotEntered(item[field])) counts.set(item[field], (counts.get(item[field]) ?? 0) + 1);
    items.forEach((item, i) => {
      if (!isNotEntered(item[field]) && (counts.get(item[field]) ?? 0) > 1) addIssue(ctx, [i, field], msg('notUnique'));
    });
  });
}
