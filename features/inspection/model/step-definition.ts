/**
 * One form step of the inspection (SPEC §2, §5): the slice of the report it edits, how its values
 * go back into the report, and its zod schema — the single source of its rules, used by
 * react-hook-form on the page and by `stepErrors` in lib.
 */
import type { z } from 'zod';
import type { Pir, ReferenceDataset, StepErrors } from '@/lib/contract';
import type { FormStep } from '@/lib/inspection/steps';
import { messageOf } from '@/features/inspection/model/validation/messages';

export interface StepDefinition<V extends Record<string, unknown> = Record<string, unknown>> {
  step: FormStep;
  /** the form's values, read from a prepared report (extended is not null) */
  select(report: Pir & { extended: NonNullable<Pir['extended']> }): V;
  /** the report with the form's values written back */
  apply(report: Pir & { extended: NonNullable<Pir['extended']> }, values: V): Pir;
  /** the rules; messages made with `msg()` */
  schema: z.ZodType<V>;
  /** what each of its values is, by key: the one description of its fields (labels, kinds, lists) */
  fields: Fields<V>;
}

/**
 * What one field holds, and so how it is read back (the review before signing, the signed PDF):
 * - `text`, `number`, `date`;
 * - `delta`: a difference computed from two quantities, read only, marked when large (`isDeltaWarning`);
 * - `bool`: yes/no, or the words given for each side (`yes`, `no`: message keys);
 * - `choice`: one of fixed values, each with its message key (`options`, by the value's text);
 * - `reference`: one id or a list of ids of a reference dataset; `code`: a dataset entry by its code;
 * - `count`: a list of stored things shown as how many (the monitoring documents are attachments);
 * - `pages`: an attachment's pages, how many, or that it is on the server;
 * - `group`: an object of its own fields, under its label, or `flat` (its fields among the step's);
 * - `list`: entries described once (`entry`), each titled `item` with its number as `param` from 1
 *   (and the entry's name as `name`); `pictures`: each entry is an inspection picture, shown first;
 * - `hidden`: identifiers and bookkeeping the master does not read.
 */
type FieldKind =
  | { kind: 'text' | 'number' | 'delta' | 'date' | 'count' | 'pages' | 'hidden' }
  | { kind: 'bool'; yes?: string; no?: string }
  | { kind: 'choice'; options: Readonly<Record<string, string>> }
  | { kind: 'reference' | 'code'; dataset: ReferenceDataset }
  | { kind: 'group'; fields: Fields; flat?: boolean }
  | { kind: 'list'; item: string; param: 'n' | 'number'; entry: Fields; pictures?: boolean };

/** A field: its kind and its label, a message key from the messages' root (e.g. `fields.vesselName`). */
export type FieldDescription = FieldKind & { label: string };

/** A step's (or a list entry's, or a group's) fields by key, in the order they are read back. */
export type Fields<V = Record<string, unknown>> = { readonly [K in keyof V & string]-?: FieldDescription };

type Described = FieldKind & { label?: string };

/**
 * Fields whose labels live in one namespace of the messages: a field's label is `<namespace>.<its key>`
 * unless its description names another key (`label`, from the messages' root).
 */
export function fieldsIn<V>(namespace: string, fields: { readonly [K in keyof V & string]-?: Described }): Fields<V> {
  const out = {} as Record<string, FieldDescription>;
  for (const [key, d] of Object.entries(fields) as [string, Described][]) out[key] = { ...d, label: d.label ?? `${namespace}.${key}` } as FieldDescription;
  return out as Fields<V>;
}

/** The last check of each step, by its values' text: an edit checks the step once, and the page showing
 * the stored result (with its form's messages) reads that check instead of repeating it. */
const lastCheck = new WeakMap<object, { key: string; result: StepErrors }>();

/** Checks a step's values and lists its messages by field path (SPEC §5: valid when there are none). */
export function stepErrors<V extends Record<string, unknown>>(def: StepDefinition<V>, report: Pir): StepErrors {
  if (!report.extended) return { errors: {}, isValid: false };
  const values = def.select(report as Pir & { extended: NonNullable<Pir['extended']> });
  const key = JSON.stringify(values);
  const last = lastCheck.get(def);
  if (last?.key === key) return last.result;
  const result = check(def, values);
  lastCheck.set(def, { key, result });
  return result;
}

function check<V extends Record<string, unknown>>(def: StepDefinition<V>, values: V): StepErrors {
  const r = def.schema.safeParse(values);
  if (r.success) return { errors: {}, isValid: true };
  const errors: StepErrors['errors'] = {};
  for (const issue of r.error.issues) {
    const path = issue.path.map(String).join('.');
    (errors[path] ??= []).push(messageOf(issue));
  }
  return { errors, isValid: false };
}
