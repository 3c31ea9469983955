/**
 * The order of a step's lists in its form. Lists are stored newest first (the order they are shown
 * in), but the form holds them oldest first: react-hook-form names an entry's fields by position, so
 * an entry added or removed at the front renamed every other entry's fields (half a second with 20
 * catches on a slow tablet). At the end, it renames none. Reversing is its own inverse: the same
 * functions go from the stored order to the form's and back. Pure.
 */
import type { FieldDescription, Fields } from './step-definition';

type Values = Record<string, unknown>;

/** A plain object of values (not a list, not null). */
export const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values with every list described in `fields` (and every list inside its entries) reversed. */
export function flipLists<V>(fields: Fields, values: V): V {
  if (!isRecord(values)) return values;
  let out: Values | null = null;
  for (const [key, d] of Object.entries(fields)) {
    const v = values[key];
    let next = v;
    if (d.kind === 'list' && Array.isArray(v)) next = v.map((entry) => flipLists(d.entry, entry)).reverse();
    else if (d.kind === 'group' && isRecord(v)) next = flipLists(d.fields, v);
    if (next !== v) (out ??= { ...values })[key] = next;
  }
  return (out ?? values) as V;
}

/**
 * A field's path (`catchOnboard.0.quantity`) in the other order: each list index counted from the
 * other end of its list, as the list stands in `values` (given in the order the path is written in).
 */
export function flipListPath(fields: Fields, path: string, values: unknown): string {
  const out: string[] = [];
  let here: Fields | undefined = fields;
  let entry: Fields | undefined;
  let value = values;
  for (const segment of path.split('.')) {
    if (entry) {
      const items: unknown[] = Array.isArray(value) ? value : [];
      const i = Number(segment);
      const known = Number.isInteger(i) && i >= 0 && i < items.length;
      out.push(known ? String(items.length - 1 - i) : segment);
      value = known ? items[i] : undefined;
      here = entry;
      entry = undefined;
      continue;
    }
    out.push(segment);
    const d: FieldDescription | undefined = here?.[segment];
    value = isRecord(value) ? value[segment] : undefined;
    here = d?.kind === 'group' ? d.fields : undefined;
    entry = d?.kind === 'list' ? d.entry : undefined;
  }
  return out.join('.');
}

/** Messages (or any record) keyed by field path, with their paths in the other order. */
export function flipPathKeys<T>(fields: Fields, byPath: Readonly<Record<string, T>>, values: unknown): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [path, v] of Object.entries(byPath)) out[flipListPath(fields, path, values)] = v;
  return out;
}
