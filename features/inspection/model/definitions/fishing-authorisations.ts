/** SPEC §5 relevant fishing authorisations (type ATF or CSFL; attachments tagged AUTF). */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { bool, date, ids, nullableText, requiredId, requiredText, text, withDateOrder } from '../validation/rules';
import { AUTHORISATION_ISSUER_DATASET } from '@/lib/contract/constants';
import { pirSlice } from './slices';

export type FishingAuthorization = ExtendedPir['fishingAuthorizations'][number];
export type FishingAuthorisationValues = Pick<ExtendedPir, 'fishingAuthorizations'>;

/** The fields both kinds of authorisation share, with SPEC §5's rules. */
export const authorisationFields = {
  uid: text(),
  identifier: requiredText(),
  issuedBy: requiredId(),
  validFrom: date({ required: true }),
  validTo: date({ required: true }),
  /** uid of the attachment (AUTF / TRAU) */
  attachment: nullableText(),
  srcForm: text(),
  objection: bool(),
  comments: text(),
};

/** How the shared authorisation fields read (labels under `fields`), before and after a kind's own. */
export const authorisationDescriptions = {
  uid: { kind: 'hidden' },
  identifier: { kind: 'text' },
  issuedBy: { kind: 'reference', dataset: AUTHORISATION_ISSUER_DATASET },
  validFrom: { kind: 'date' },
  validTo: { kind: 'date' },
  attachment: { kind: 'hidden' },
  srcForm: { kind: 'hidden' },
} as const;
export const authorisationClosing = { objection: { kind: 'bool' }, comments: { kind: 'text' } } as const;

const fishingAuthorizationSchema = withDateOrder(
  z.object({
    ...authorisationFields,
    // the type is a two-way switch (ATF true, CSFL false), never empty: "required" is its boolean type
    isTypeATF: bool(),
    fishingAreas: ids(),
    species: ids(),
    gear: ids(),
  }),
  'validFrom',
  'validTo',
);

const fishingAuthorisationSchema = z.object({ fishingAuthorizations: z.array(fishingAuthorizationSchema) });

/** SPEC §3: new authorisations are ATF, from the PIR. */
export function newFishingAuthorization(uid: string): FishingAuthorization {
  return {
    uid,
    identifier: '',
    isTypeATF: true,
    issuedBy: null,
    validFrom: null,
    validTo: null,
    fishingAreas: [],
    species: [],
    gear: [],
    attachment: null,
    srcForm: 'PIR',
    objection: false,
    comments: '',
  };
}

const slice = pirSlice(['fishingAuthorizations']);

export const fishingAuthorisationStep: StepDefinition<FishingAuthorisationValues> = {
  step: 'RelevantFishingauthorisation',
  select: slice.select,
  apply: slice.write,
  schema: fishingAuthorisationSchema,
  fields: fieldsIn<FishingAuthorisationValues>('fields', {
    fishingAuthorizations: {
      kind: 'list',
      label: 'fields.fishingAuthorisations',
      item: 'fields.authorisation',
      param: 'n',
      entry: fieldsIn<FishingAuthorization>('fields', {
        ...authorisationDescriptions,
        isTypeATF: { kind: 'choice', label: 'fields.authorisationType', options: { true: 'review.atf', false: 'review.csfl' } },
        fishingAreas: { kind: 'reference', dataset: 'fishingArea' },
        species: { kind: 'reference', dataset: 'species', label: 'fields.authorisedSpecies' },
        gear: { kind: 'reference', dataset: 'gear', label: 'fields.gears' },
        ...authorisationClosing,
      }),
    },
  }),
};
