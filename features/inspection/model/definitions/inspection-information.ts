/** SPEC §5 inspection information: `extended.pir.monitoringDetails` (paths `monitoringDetails.*`). */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { email, requiredId, requiredText } from '../validation/rules';
import { pirSlice } from './slices';

export type InspectionInformationValues = Pick<ExtendedPir, 'monitoringDetails'>;

const inspectionInformationSchema = z.object({
  monitoringDetails: z.object({
    inspectingAuthority: requiredId(),
    principalInspectorId: requiredText(),
    principalInspectorName: requiredText(),
    principalInspectorEmail: email(),
  }),
});

const slice = pirSlice(['monitoringDetails']);

export const inspectionInformationStep: StepDefinition<InspectionInformationValues> = {
  step: 'inspectioninformation',
  select: slice.select,
  apply: slice.write,
  schema: inspectionInformationSchema,
  fields: fieldsIn<InspectionInformationValues>('fields', {
    monitoringDetails: {
      kind: 'group',
      flat: true,
      fields: fieldsIn<InspectionInformationValues['monitoringDetails']>('fields', {
        inspectingAuthority: { kind: 'reference', dataset: 'authority' },
        principalInspectorId: { kind: 'text' },
        principalInspectorName: { kind: 'text' },
        principalInspectorEmail: { kind: 'text' },
      }),
    },
  }),
};
