/** SPEC §5 monitoring of landing/transhipment; attachments (document type MFR) only with a yes. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { requiredYesNo, texts } from '../validation/rules';
import { pirSlice } from './slices';

export type MonitoringValues = Pick<ExtendedPir, 'monitoredLanTrx' | 'monitoredLanTrxAttachments'>;

const monitoringSchema = z.object({
  monitoredLanTrx: requiredYesNo(),
  /** attachment uids */
  monitoredLanTrxAttachments: texts(),
});

const slice = pirSlice(['monitoredLanTrx', 'monitoredLanTrxAttachments']);

export const monitoringStep: StepDefinition<MonitoringValues> = {
  step: 'monitoring',
  select: slice.select,
  // "no" drops the references (the field is disabled); unanswered keeps them, nothing was said yet
  apply: (r, v) => slice.write(r, v.monitoredLanTrx === false ? { ...v, monitoredLanTrxAttachments: [] } : v),
  schema: monitoringSchema,
  fields: fieldsIn<MonitoringValues>('fields', {
    monitoredLanTrx: { kind: 'bool' },
    // the monitoring documents are attachments of the report, listed with them: here, how many
    monitoredLanTrxAttachments: { kind: 'count', label: 'fields.monitoringAttachments' },
  }),
};
