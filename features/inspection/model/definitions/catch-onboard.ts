/**
 * SPEC §5 catch onboard (`extended.pir.catchOnboard`). Lists are shown newest first; new entries are
 * PREPENDED in storage (`addNewest`), so index 0 is the newest, the stored order is the shown order and
 * a stored error path such as `catchOnboard.0.quantity` points at the first card on screen. The step's
 * form holds the list the other way round (`form-order.ts`).
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { computeDelta } from '../validation/delta';
import { bool, nullableNumber, text } from '../validation/rules';
import { catchDescriptions, catchFields, newControlledCatch } from './controlled-catches';
import { pirSlice } from './slices';

export type CatchOnboard = ExtendedPir['catchOnboard'][number];
export type CatchOnboardValues = Pick<ExtendedPir, 'catchOnboard'>;

const catchOnboardItemSchema = z.object({
  ...catchFields,
  // computed, read-only
  deltaLanded: nullableNumber(),
  deltaTranshipped: nullableNumber(),
  objection: bool(),
  comments: text(),
});

const catchOnboardSchema = z.object({ catchOnboard: z.array(catchOnboardItemSchema) });

export function newCatchOnboard(uid: string): CatchOnboard {
  return { ...newControlledCatch(uid), deltaLanded: null, deltaTranshipped: null, objection: false, comments: '' };
}

/** Newest first in storage (catch onboard and retained catches). */
export function addNewest<T>(list: readonly T[], item: T): T[] {
  return [item, ...list];
}

/** The entry with both deltas recomputed (verified − declared), for the page's live read-only display too. */
export function withCatchOnboardDeltas(c: CatchOnboard): CatchOnboard {
  return {
    ...c,
    deltaLanded: computeDelta(c.quantityToLand, c.monitoredLandedQuantity, c.deltaLanded),
    deltaTranshipped: computeDelta(c.quantityToTransship, c.monitoredTranshippedQuantity, c.deltaTranshipped),
  };
}

const slice = pirSlice(['catchOnboard']);

export const catchOnboardStep: StepDefinition<CatchOnboardValues> = {
  step: 'catchonboard',
  select: slice.select,
  apply: (r, v) => slice.write(r, { catchOnboard: v.catchOnboard.map(withCatchOnboardDeltas) }),
  schema: catchOnboardSchema,
  fields: fieldsIn<CatchOnboardValues>('catches', {
    catchOnboard: {
      kind: 'list',
      label: 'catches.onboardList',
      item: 'catches.item',
      param: 'number',
      entry: fieldsIn<CatchOnboard>('catches', {
        uid: catchDescriptions.uid,
        species: catchDescriptions.species,
        productForm: catchDescriptions.productForm,
        catchArea: catchDescriptions.catchArea,
        quantity: catchDescriptions.quantity,
        quantityToLand: catchDescriptions.quantityToLand,
        monitoredLandedQuantity: catchDescriptions.monitoredLandedQuantity,
        deltaLanded: { kind: 'delta' },
        quantityToTransship: catchDescriptions.quantityToTransship,
        monitoredTranshippedQuantity: catchDescriptions.monitoredTranshippedQuantity,
        deltaTranshipped: { kind: 'delta' },
        objection: { kind: 'bool' },
        comments: { kind: 'text' },
      }),
    },
  }),
};
