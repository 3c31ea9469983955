/** SPEC §5 purpose and port of call. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { PURPOSE_OTHER_ID } from '@/lib/contract/constants';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { msg } from '../validation/messages';
import { addIssue, date, isNotEntered, nullableId, requiredIds, requiredText, text } from '../validation/rules';
import { pirSlice } from './slices';

export type PurposeValues = Pick<
  ExtendedPir,
  'portOfInspection' | 'lastPortOfCallFreeForm' | 'lastPortOfCallEntryDate' | 'purposes' | 'purposeDetails'
>;

const purposeSchema = z
  .object({
    portOfInspection: nullableId(),
    lastPortOfCallFreeForm: requiredText(),
    // no rule beyond the date pickers' range (SPEC §5 names none)
    lastPortOfCallEntryDate: date(),
    purposes: requiredIds(),
    purposeDetails: text(),
  })
  .superRefine((v, ctx) => {
    if (hasOtherPurpose(v.purposes) && isNotEntered(v.purposeDetails)) addIssue(ctx, ['purposeDetails'], msg('required'));
  });

function hasOtherPurpose(purposes: readonly number[]): boolean {
  return purposes.includes(PURPOSE_OTHER_ID);
}

const slice = pirSlice(['portOfInspection', 'lastPortOfCallFreeForm', 'lastPortOfCallEntryDate', 'purposes', 'purposeDetails']);

export const purposeStep: StepDefinition<PurposeValues> = {
  step: 'purposeandportofcall',
  select: slice.select,
  // the details field is disabled unless OTH is chosen: its text goes with OTH
  apply: (r, v) => slice.write(r, hasOtherPurpose(v.purposes) ? v : { ...v, purposeDetails: '' }),
  schema: purposeSchema,
  fields: fieldsIn<PurposeValues>('fields', {
    portOfInspection: { kind: 'reference', dataset: 'designatedPort' },
    lastPortOfCallFreeForm: { kind: 'text', label: 'fields.lastPortOfCall' },
    lastPortOfCallEntryDate: { kind: 'date', label: 'fields.lastPortOfCallDate' },
    purposes: { kind: 'reference', dataset: 'purpose' },
    purposeDetails: { kind: 'text' },
  }),
};
