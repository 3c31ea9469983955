/** SPEC §5 findings: free text, no rule (always valid). */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { text } from '../validation/rules';
import { pirSlice } from './slices';

export type FindingsValues = Pick<ExtendedPir, 'findingsByInspector' | 'commentsByMaster'>;

const findingsSchema = z.object({ findingsByInspector: text(), commentsByMaster: text() });

const slice = pirSlice(['findingsByInspector', 'commentsByMaster']);

export const findingsStep: StepDefinition<FindingsValues> = {
  step: 'findings',
  select: slice.select,
  apply: slice.write,
  schema: findingsSchema,
  fields: fieldsIn<FindingsValues>('findings', { findingsByInspector: { kind: 'text' }, commentsByMaster: { kind: 'text' } }),
};
