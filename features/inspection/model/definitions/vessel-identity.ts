/** SPEC §5 vessel identity: the form edits `extended.vessel` as a whole. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedVessel } from '@/lib/contract';
import { VMS_ON_BOARD, VMS_OTHER_ID, type VmsOnBoard } from '@/lib/contract/constants';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { msg } from '../validation/messages';
import {
  addIssue,
  ids,
  imo,
  inmarsat,
  isNotEntered,
  mmsi,
  nullableId,
  nullableText,
  positiveNumber,
  requiredId,
  requiredText,
} from '../validation/rules';
import { pick } from './slices';

export type VesselIdentityValues = ExtendedVessel;

const vesselIdentitySchema = z
  .object({
    name: requiredText(),
    flagStateId: requiredId(),
    typeId: requiredId(),
    gearIds: ids(),
    iotcId: nullableText(),
    ircs: nullableText(),
    registrationPort: nullableText(),
    mmsi: mmsi(),
    externalId: nullableText(),
    certificateRegistryId: nullableText(),
    imoId: imo(),
    additionalRfmoIdEntity: nullableId(),
    additionalRfmoIdCode: nullableText(),
    dimension: z.object({ length: positiveNumber(), beam: positiveNumber(), draft: positiveNumber() }),
    totalVolumeOfFishHolds: positiveNumber(),
    vmsType: ids(),
    vmsTypeOtherName: nullableText(),
    inmarsat: inmarsat(),
    /** SPEC §3 "VMS on board" (yes-national, yes-rmfo, no): not among §5's required fields, so optional */
    vmsOnBoard: z.enum(VMS_ON_BOARD, { error: 'required' }).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.additionalRfmoIdEntity !== null && isNotEntered(v.additionalRfmoIdCode)) addIssue(ctx, ['additionalRfmoIdCode'], msg('required'));
    if (v.vmsType.includes(VMS_OTHER_ID) && isNotEntered(v.vmsTypeOtherName)) addIssue(ctx, ['vmsTypeOtherName'], msg('required'));
  });

/**
 * SPEC §5 "choosing the Other VMS option stores a placeholder until free text is typed": while Other
 * (999) is chosen, `vmsTypeOtherName` holds at least an empty string (the placeholder; the rule above
 * keeps the step invalid until a name is typed); without Other it is null (the field is disabled).
 * The additional RFMO code is kept when the RFMO is cleared: it is harmless and saves retyping.
 */
function normaliseVessel(v: ExtendedVessel): ExtendedVessel {
  const other = v.vmsType.includes(VMS_OTHER_ID);
  return { ...v, vmsTypeOtherName: other ? (v.vmsTypeOtherName ?? '') : null, vmsOnBoard: v.vmsOnBoard ?? null };
}

const KEYS = Object.keys(vesselIdentitySchema.shape) as (keyof ExtendedVessel)[];

export const vesselIdentityStep: StepDefinition<VesselIdentityValues> = {
  step: 'updatevesselidentity',
  // a report stored before "VMS on board" existed has no such key: unanswered
  select: (r) => ({ ...r.extended.vessel, vmsOnBoard: r.extended.vessel.vmsOnBoard ?? null }),
  apply: (r, values) => ({ ...r, extended: { ...r.extended, vessel: normaliseVessel({ ...r.extended.vessel, ...pick(values, KEYS) }) } }),
  schema: vesselIdentitySchema,
  fields: fieldsIn<VesselIdentityValues>('fields', {
    name: { kind: 'text', label: 'fields.vesselName' },
    flagStateId: { kind: 'reference', dataset: 'flag', label: 'fields.flagState' },
    typeId: { kind: 'reference', dataset: 'vesselType', label: 'fields.vesselType' },
    gearIds: { kind: 'reference', dataset: 'gear', label: 'fields.gears' },
    iotcId: { kind: 'text' },
    ircs: { kind: 'text' },
    registrationPort: { kind: 'text' },
    mmsi: { kind: 'text' },
    externalId: { kind: 'text' },
    certificateRegistryId: { kind: 'text' },
    imoId: { kind: 'text', label: 'fields.imo' },
    additionalRfmoIdEntity: { kind: 'reference', dataset: 'rfmo', label: 'fields.additionalRfmo' },
    additionalRfmoIdCode: { kind: 'text' },
    dimension: {
      kind: 'group',
      flat: true,
      fields: fieldsIn<VesselIdentityValues['dimension']>('fields', { length: { kind: 'number' }, beam: { kind: 'number' }, draft: { kind: 'number' } }),
    },
    totalVolumeOfFishHolds: { kind: 'number', label: 'fields.fishHolds' },
    vmsType: { kind: 'reference', dataset: 'vms', label: 'fields.vms' },
    vmsTypeOtherName: { kind: 'text' },
    inmarsat: { kind: 'text' },
    vmsOnBoard: {
      kind: 'choice',
      options: { 'yes-national': 'fields.vmsOnBoardNational', 'yes-rmfo': 'fields.vmsOnBoardRfmo', no: 'fields.vmsOnBoardNo' } satisfies Record<VmsOnBoard, string>,
    },
  }),
};
