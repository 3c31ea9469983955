/**
 * Validation messages are translation keys of the `validation` namespace, with their arguments,
 * carried inside zod's message string as `key` or `key|{"value":0}`. The field name ({field}) is
 * added where the message is shown, from the field's own label.
 */
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

export function msg(key: ValidationKey, values?: MessageValues): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function parseMessage(message: string): { key: ValidationKey; values: MessageValues } {
  const bar = message.indexOf('|');
  const key = (bar < 0 ? message : message.slice(0, bar)) as ValidationKey;
  let values: MessageValues = {};
  if (bar >= 0) {
    try {
      values = JSON.parse(message.slice(bar + 1)) as MessageValues;
    } catch {
      values = {};
    }
  }
  return { key: (VALIDATION_KEYS as readonly string[]).includes(key) ? key : 'required', values };
}
