'use client';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { PURPOSE_OTHER_ID } from '@/lib/contract/constants';
import { purposeStep } from '@/features/inspection/model/definitions/purpose';
import { TextField } from '@/components/forms/text-field';
import { DateField } from '@/components/forms/date-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { FormStep } from '../form-step';

/** Details are asked only when "other" is among the purposes (SPEC §5). */
function PurposeDetails() {
  const t = useTranslations('fields');
  const purposes = useWatch({ name: 'purposes' }) as number[] | undefined;
  if (!purposes?.includes(PURPOSE_OTHER_ID)) return null;
  return <TextField name="purposeDetails" label={t('purposeDetails')} multiline className="@xl:col-span-2" />;
}

/** purposeandportofcall: port of inspection, last port of call, purposes of entry. */
export function PurposeStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={purposeStep} onCompleted={onCompleted}>
      <div className="grid grid-cols-1 gap-4 @xl:grid-cols-2">
        <ReferenceField name="portOfInspection" label={t('portOfInspection')} dataset="designatedPort" />
        <TextField name="lastPortOfCallFreeForm" label={t('lastPortOfCall')} />
        <DateField name="lastPortOfCallEntryDate" label={t('lastPortOfCallDate')} />
        <ReferenceField name="purposes" label={t('purposes')} dataset="purpose" multiple className="@xl:col-span-2" />
        <PurposeDetails />
      </div>
    </FormStep>
  );
}
