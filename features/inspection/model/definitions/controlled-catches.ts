/** SPEC §5 controlled catches. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { quantity, requiredId, requiredIds, text } from '../validation/rules';
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

/** What every catch entry says first, whatever its list (labels under `catches`). */
export const caughtWhat = {
  uid: { kind: 'hidden' },
  species: { kind: 'reference', dataset: 'species' },
  productForm: { kind: 'reference', dataset: 'productForms' },
  catchArea: { kind: 'reference', dataset: 'fishingArea' },
} as const;

/** How the shared catch fields read (labels under `catches`). */
export const catchDescriptions = {
  ...caughtWhat,
  quantity: { kind: 'number' },
  quantityToLand: { kind: 'number' },
  monitoredLandedQuantity: { kind: 'number' },
  quantityToTransship: { kind: 'number' },
  monitoredTranshippedQuantity: { kind: 'number' },
} as const;

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
  fields: fieldsIn<ControlledCatchesValues>('catches', {
    controlledCatches: { kind: 'list', label: 'catches.controlledList', item: 'catches.item', param: 'number', entry: fieldsIn<ControlledCatch>('catches', catchDescriptions) },
  }),
};
