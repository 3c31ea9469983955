/**
 * SPEC §5 infringement. Decision: with a "yes", `infrigements` (spelt so) is required — a report that
 * says there were infringements without saying which is of no use to the flag state; `actionsTaken`
 * stays optional because the port State may not have acted yet at the time of the inspection.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import type { StepDefinition } from '../step-definition';
import { msg } from '../../validation/messages';
import { addIssue, isNotEntered, requiredYesNo, text } from '../../validation/rules';
import { pirSlice } from './slices';

export type InfringementValues = Pick<ExtendedPir, 'hasInfringements' | 'infrigements' | 'actionsTaken'>;

export const infringementSchema = z
  .object({ hasInfringements: requiredYesNo(), infrigements: text(), actionsTaken: text() })
  .superRefine((v, ctx) => {
    if (v.hasInfringements === true && isNotEntered(v.infrigements)) addIssue(ctx, ['infrigements'], msg('required'));
  });

const slice = pirSlice(['hasInfringements', 'infrigements', 'actionsTaken']);

export const infringementStep: StepDefinition<InfringementValues> = {
  step: 'infringement',
  select: slice.select,
  // both fields are disabled with a "no": their text goes
  apply: (r, v) => slice.write(r, v.hasInfringements === false ? { ...v, infrigements: '', actionsTaken: '' } : v),
  schema: infringementSchema,
};
