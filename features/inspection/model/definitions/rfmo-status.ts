/** SPEC §5 status in RFMOs: `rfmoIuuListing`, one row per RFMO. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { msg } from '../validation/messages';
import { addIssue, isNotEntered, nullableText, requiredId, requiredNullableText, requiredYesNo, text, uniqueBy } from '../validation/rules';
import { pirSlice } from './slices';

export type RfmoListing = ExtendedPir['rfmoIuuListing'][number];
export type RfmoStatusValues = Pick<ExtendedPir, 'rfmoIuuListing'>;

const rfmoListingSchema = z
  .object({
    uid: text(),
    rfmo: requiredId(),
    flagstateStatus: requiredNullableText(),
    vesselIdentifer: nullableText(),
    vesselOnAuthorizedList: requiredYesNo(),
    vesselOnIUUList: requiredYesNo(),
  })
  .superRefine((v, ctx) => {
    if (v.vesselOnAuthorizedList === true && isNotEntered(v.vesselIdentifer)) addIssue(ctx, ['vesselIdentifer'], msg('required'));
  });

const rfmoStatusSchema = z.object({ rfmoIuuListing: uniqueBy(z.array(rfmoListingSchema), 'rfmo') });

export function newRfmoListing(uid: string): RfmoListing {
  return { uid, rfmo: null, flagstateStatus: null, vesselIdentifer: null, vesselOnAuthorizedList: null, vesselOnIUUList: null };
}

const slice = pirSlice(['rfmoIuuListing']);

export const rfmoStatusStep: StepDefinition<RfmoStatusValues> = {
  step: 'statusinrfmo',
  select: slice.select,
  apply: slice.write,
  schema: rfmoStatusSchema,
  fields: fieldsIn<RfmoStatusValues>('fields', {
    rfmoIuuListing: {
      kind: 'list',
      label: 'fields.rfmoListings',
      item: 'fields.rfmoListing',
      param: 'n',
      entry: fieldsIn<RfmoListing>('fields', {
        uid: { kind: 'hidden' },
        rfmo: { kind: 'reference', dataset: 'rfmo' },
        flagstateStatus: { kind: 'text' },
        vesselIdentifer: { kind: 'text', label: 'fields.vesselIdentifier' },
        vesselOnAuthorizedList: { kind: 'bool' },
        vesselOnIUUList: { kind: 'bool' },
      }),
    },
  }),
};
