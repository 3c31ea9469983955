/** SPEC §5 controlled catches. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import type { StepDefinition } from '../step-definition';
import { quantity, requiredId, requiredIds, text } from '../../validation/rules';
import { pirSlice } from './slices';

export type ControlledCatch = ExtendedPir['controlledCatches'][number];
export type ControlledCatchesValues = Pick<ExtendedPir, 'controlledCatches'>;

/** Shared with the catch onboard entry: what was caught and the four landing/transhipment quantities. */
export const catchFields = {
  uid: text(),
  species: requiredId(),
  productForm: requiredId(),
  catchArea: requiredIds(),
  quantity: quantity(0),
  quantityToLand: quantity(0),
  monitoredLandedQuantity: quantity(0),
  quantityToTransship: quantity(0),
  monitoredTranshippedQuantity: quantity(0),
};

const controlledCatchSchema = z.object(catchFields);
const controlledCatchesSchema = z.object({ controlledCatches: z.array(controlledCatchSchema) });

export function newControlledCatch(uid: string): ControlledCatch {
  return {
    uid,
    species: null,
    productForm: null,
    catchArea: [],
    quantity: null,
    quantityToLand: null,
    monitoredLandedQuantity: null,
    quantityToTransship: null,
    monitoredTranshippedQuantity: null,
  };
}

const slice = pirSlice(['controlledCatches']);

export const controlledCatchesStep: StepDefinition<ControlledCatchesValues> = {
  step: 'ControlledCatches',
  select: slice.select,
  apply: slice.write,
  schema: controlledCatchesSchema,
};
