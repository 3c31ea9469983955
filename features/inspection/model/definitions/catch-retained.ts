/** SPEC §5 retained catch (`retainedCatches`); newest first in storage, as catch onboard (`addNewest`). */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { computeDelta } from '../validation/delta';
import { bool, nullableNumber, quantity, requiredId, requiredIds, text } from '../validation/rules';
import { caughtWhat } from './controlled-catches';
import { pirSlice } from './slices';

export type RetainedCatch = ExtendedPir['retainedCatches'][number];
export type CatchRetainedValues = Pick<ExtendedPir, 'retainedCatches'>;

const retainedCatchSchema = z.object({
  uid: text(),
  species: requiredId(),
  productForm: requiredId(),
  catchArea: requiredIds(),
  declaredQuantity: quantity(0),
  actualQuantity: quantity(0),
  // computed, read-only
  deltaRetained: nullableNumber(),
  objection: bool(),
  comments: text(),
});

const catchRetainedSchema = z.object({ retainedCatches: z.array(retainedCatchSchema) });

export function newRetainedCatch(uid: string): RetainedCatch {
  return {
    uid,
    species: null,
    productForm: null,
    catchArea: [],
    declaredQuantity: null,
    actualQuantity: null,
    deltaRetained: null,
    objection: false,
    comments: '',
  };
}

export function withRetainedDelta(c: RetainedCatch): RetainedCatch {
  return { ...c, deltaRetained: computeDelta(c.declaredQuantity, c.actualQuantity, c.deltaRetained) };
}

const slice = pirSlice(['retainedCatches']);

export const catchRetainedStep: StepDefinition<CatchRetainedValues> = {
  step: 'catchretained',
  select: slice.select,
  apply: (r, v) => slice.write(r, { retainedCatches: v.retainedCatches.map(withRetainedDelta) }),
  schema: catchRetainedSchema,
  fields: fieldsIn<CatchRetainedValues>('catches', {
    retainedCatches: {
      kind: 'list',
      label: 'catches.retainedList',
      item: 'catches.retainedItem',
      param: 'number',
      entry: fieldsIn<RetainedCatch>('catches', {
        ...caughtWhat,
        declaredQuantity: { kind: 'number' },
        actualQuantity: { kind: 'number' },
        deltaRetained: { kind: 'delta' },
        objection: { kind: 'bool' },
        comments: { kind: 'text' },
      }),
    },
  }),
};
