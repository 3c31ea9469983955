/**
 * Validation messages are translation keys of the `validation` namespace with their arguments,
 * `{ key, values }`, from the rule to the screen. Inside zod they ride on the issue's `params` (its
 * `message` is the key alone); the field name ({field}) is added where the message is shown, from
 * the field's own label.
 */
import type { z } from 'zod';

export type MessageValues = Record<string, string | number>;

const VALIDATION_KEYS = [
  'required', // {field} cannot be empty
  'digits', // only digits
  'positiveInteger', // integer, positive, no leading zero
  'greaterThanZero', // number higher than 0
  'email',
  'lowerThan', // cannot be lower than {value}
  'lowerOrEqual', // cannot be lower or equal than {value}
  'higherThan', // cannot be higher than {value}
  'higherOrEqual', // cannot be higher or equal than {value}
  'latLong', // Insert valid latitude and longitude fields
  'notUnique', // errorNotUnique
  'mmsi', // mmsi.error: 9 digits
  'imo', // errorImo: 7 digits with a valid check digit
  'inmarsat', // 9 digits
  'dateOrder', // valid from must not be after valid to
  'notInFuture',
  'tooFarAhead', // more than 100 years ahead
  'emptyList', // at least one item
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A rule's message: a key of the `validation` messages and its arguments. */
export interface Message {
  key: ValidationKey;
  values?: MessageValues;
}

export function msg(key: ValidationKey, values?: MessageValues): Message {
  return values ? { key, values } : { key };
}

const isKey = (key: unknown): key is ValidationKey => (VALIDATION_KEYS as readonly unknown[]).includes(key);

/**
 * The message of a zod issue: the one a rule gave (its `params`), or, for zod's own checks (a value of
 * the wrong type, whose error is the key `required`), the key it carries; never zod's default text.
 */
export function messageOf(issue: z.core.$ZodIssue): Message {
  const given = (issue as { params?: Partial<Message> }).params;
  if (given && isKey(given.key)) return given.values ? { key: given.key, values: given.values } : { key: given.key };
  return { key: isKey(issue.message) ? issue.message : 'required' };
}
