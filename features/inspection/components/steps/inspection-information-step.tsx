'use client';
import { useTranslations } from 'next-intl';
import { inspectionInformationStep } from '@/features/inspection/model/definitions/inspection-information';
import { TextField } from '@/components/forms/text-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { FormStep } from '../form-step';

/** inspectioninformation: who inspects (SPEC §5: authority, inspector id and name, email). */
export function InspectionInformationStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={inspectionInformationStep} onCompleted={onCompleted}>
      <div className="grid grid-cols-1 gap-4 @xl:grid-cols-2">
        <ReferenceField name="monitoringDetails.inspectingAuthority" label={t('inspectingAuthority')} dataset="authority" className="@xl:col-span-2" />
        <TextField name="monitoringDetails.principalInspectorId" label={t('principalInspectorId')} />
        <TextField name="monitoringDetails.principalInspectorName" label={t('principalInspectorName')} />
        <TextField name="monitoringDetails.principalInspectorEmail" label={t('principalInspectorEmail')} type="email" inputMode="email" />
      </div>
    </FormStep>
  );
}
