/**
 * SPEC §5 infringement: only the answer is required. With a "yes", the infringements noted (spelt
 * `infrigements`) and the actions taken are open, not required: SPEC asks for no more, and an
 * inspector may close the step before the port State has written them up.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { requiredYesNo, text } from '../validation/rules';
import { pirSlice } from './slices';

export type InfringementValues = Pick<ExtendedPir, 'hasInfringements' | 'infrigements' | 'actionsTaken'>;

const infringementSchema = z.object({ hasInfringements: requiredYesNo(), infrigements: text(), actionsTaken: text() });

const slice = pirSlice(['hasInfringements', 'infrigements', 'actionsTaken']);

export const infringementStep: StepDefinition<InfringementValues> = {
  step: 'infringement',
  select: slice.select,
  // both fields are disabled with a "no": their text goes
  apply: (r, v) => slice.write(r, v.hasInfringements === false ? { ...v, infrigements: '', actionsTaken: '' } : v),
  schema: infringementSchema,
  fields: fieldsIn<InfringementValues>('fields', {
    hasInfringements: { kind: 'bool' },
    infrigements: { kind: 'text', label: 'fields.infringementsNoted' },
    actionsTaken: { kind: 'text' },
  }),
};
