'use client';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { VMS_ON_BOARD, VMS_OTHER_ID, type VmsOnBoard } from '@/lib/contract/constants';
import { vesselIdentityStep } from '@/features/inspection/model/definitions/vessel-identity';
import { NumberField, TextField } from '@/components/forms/text-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { OptionsField } from '@/components/forms/choice-field';
import { FormStep } from '../form-step';

function VmsOther() {
  const t = useTranslations('fields');
  const vms = useWatch({ name: 'vmsType' }) as number[] | undefined;
  if (!vms?.includes(VMS_OTHER_ID)) return null;
  return <TextField name="vmsTypeOtherName" label={t('vmsTypeOtherName')} />;
}

function AdditionalRfmoCode() {
  const t = useTranslations('fields');
  const entity = useWatch({ name: 'additionalRfmoIdEntity' }) as number | null | undefined;
  if (entity == null) return null;
  return <TextField name="additionalRfmoIdCode" label={t('additionalRfmoIdCode')} />;
}

const VMS_ON_BOARD_LABEL = { 'yes-national': 'vmsOnBoardNational', 'yes-rmfo': 'vmsOnBoardRfmo', no: 'vmsOnBoardNo' } as const satisfies Record<VmsOnBoard, string>;

/** SPEC §3 "VMS on board": yes (national VMS), yes (the RFMO's VMS) or no; optional. */
function VmsOnBoardField() {
  const t = useTranslations('fields');
  return (
    <OptionsField
      name="vmsOnBoard"
      label={t('vmsOnBoard')}
      options={VMS_ON_BOARD.map((value) => ({ value, label: t(VMS_ON_BOARD_LABEL[value]) }))}
      className="@xl:col-span-2"
    />
  );
}

/** updatevesselidentity: the vessel as found in port (SPEC §3 extended.vessel, §5 rules). */
export function VesselIdentityStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={vesselIdentityStep} onCompleted={onCompleted}>
      <div className="grid grid-cols-1 gap-4 @xl:grid-cols-2">
        <TextField name="name" label={t('vesselName')} />
        <ReferenceField name="flagStateId" label={t('flagState')} dataset="flag" />
        <ReferenceField name="typeId" label={t('vesselType')} dataset="vesselType" />
        <ReferenceField name="gearIds" label={t('gears')} dataset="gear" multiple />
        <TextField name="imoId" label={t('imo')} inputMode="numeric" maxLength={7} />
        <TextField name="mmsi" label={t('mmsi')} inputMode="numeric" maxLength={9} />
        <TextField name="ircs" label={t('ircs')} maxLength={20} />
        <TextField name="iotcId" label={t('iotcId')} maxLength={40} />
        <TextField name="registrationPort" label={t('registrationPort')} />
        <TextField name="externalId" label={t('externalId')} />
        <TextField name="certificateRegistryId" label={t('certificateRegistryId')} />
        <TextField name="inmarsat" label={t('inmarsat')} inputMode="numeric" maxLength={9} />
        <ReferenceField name="additionalRfmoIdEntity" label={t('additionalRfmo')} dataset="rfmo" />
        <AdditionalRfmoCode />
        <NumberField name="dimension.length" label={t('length')} />
        <NumberField name="dimension.beam" label={t('beam')} />
        <NumberField name="dimension.draft" label={t('draft')} />
        <NumberField name="totalVolumeOfFishHolds" label={t('fishHolds')} />
        <VmsOnBoardField />
        <ReferenceField name="vmsType" label={t('vms')} dataset="vms" multiple />
        <VmsOther />
      </div>
    </FormStep>
  );
}
