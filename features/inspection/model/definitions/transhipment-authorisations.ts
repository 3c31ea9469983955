/** SPEC §5 relevant transhipment authorisations: as fishing ones without type, areas, species, gear (attachments TRAU). */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { withDateOrder } from '../validation/rules';
import { authorisationClosing, authorisationDescriptions, authorisationFields } from './fishing-authorisations';
import { pirSlice } from './slices';

export type TranshipmentAuthorization = ExtendedPir['transhipmentAuthorizations'][number];
export type TranshipmentAuthorisationValues = Pick<ExtendedPir, 'transhipmentAuthorizations'>;

const transhipmentAuthorizationSchema = withDateOrder(z.object(authorisationFields), 'validFrom', 'validTo');

const transhipmentAuthorisationSchema = z.object({ transhipmentAuthorizations: z.array(transhipmentAuthorizationSchema) });

export function newTranshipmentAuthorization(uid: string): TranshipmentAuthorization {
  return { uid, identifier: '', issuedBy: null, validFrom: null, validTo: null, attachment: null, srcForm: 'PIR', objection: false, comments: '' };
}

const slice = pirSlice(['transhipmentAuthorizations']);

export const transhipmentAuthorisationStep: StepDefinition<TranshipmentAuthorisationValues> = {
  step: 'RelevantTranshipmentAuthorisation',
  select: slice.select,
  apply: slice.write,
  schema: transhipmentAuthorisationSchema,
  fields: fieldsIn<TranshipmentAuthorisationValues>('fields', {
    transhipmentAuthorizations: {
      kind: 'list',
      label: 'fields.transhipmentAuthorisations',
      item: 'fields.authorisation',
      param: 'n',
      entry: fieldsIn<TranshipmentAuthorization>('fields', { ...authorisationDescriptions, ...authorisationClosing }),
    },
  }),
};
