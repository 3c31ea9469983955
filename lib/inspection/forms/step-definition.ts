/**
 * One form step of the inspection (SPEC §2, §5): the slice of the report it edits, how its values
 * go back into the report, and its zod schema — the single source of its rules, used by
 * react-hook-form on the page and by `stepErrors` in lib.
 */
import type { z } from 'zod';
import type { Pir, StepErrors } from '@/lib/contract';
import type { FormStep } from '@/lib/inspection/steps';
import { parseMessage } from '@/lib/inspection/validation/messages';

export interface StepDefinition<V extends Record<string, unknown> = Record<string, unknown>> {
  step: FormStep;
  /** the form's values, read from a prepared report (extended is not null) */
  select(report: Pir & { extended: NonNullable<Pir['extended']> }): V;
  /** the report with the form's values written back */
  apply(report: Pir & { extended: NonNullable<Pir['extended']> }, values: V): Pir;
  /** the rules; messages made with `msg()` */
  schema: z.ZodType<V>;
}

/** Checks a step's values and lists its messages by field path (SPEC §5: valid when there are none). */
export function stepErrors<V extends Record<string, unknown>>(def: StepDefinition<V>, report: Pir): StepErrors {
  if (!report.extended) return { errors: {}, isValid: false };
  const r = def.schema.safeParse(def.select(report as Pir & { extended: NonNullable<Pir['extended']> }));
  if (r.success) return { errors: {}, isValid: true };
  const errors: StepErrors['errors'] = {};
  for (const issue of r.error.issues) {
    const path = issue.path.map(String).join('.');
    const { key, values } = parseMessage(issue.message);
    (errors[path] ??= []).push(Object.keys(values).length ? { key, values } : { key });
  }
  return { errors, isValid: false };
}
