'use client';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { newRfmoListing, rfmoStatusStep } from '@/features/inspection/model/definitions/rfmo-status';
import { TextField } from '@/components/forms/text-field';
import { YesNoField } from '@/components/forms/choice-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { ListSection } from '@/components/forms/list-section';
import { FormStep } from '../form-step';

function VesselIdentifier({ index }: { index: number }) {
  const t = useTranslations('fields');
  const onList = useWatch({ name: `rfmoIuuListing.${index}.vesselOnAuthorizedList` }) as boolean | null;
  if (onList !== true) return null;
  return <TextField name={`rfmoIuuListing.${index}.vesselIdentifer`} label={t('vesselIdentifier')} />;
}

/** statusinrfmo: the vessel's standing in each RFMO (SPEC §5: one entry per RFMO). */
export function RfmoStatusStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={rfmoStatusStep} onCompleted={onCompleted}>
      <ListSection
        name="rfmoIuuListing"
        title={t('rfmoListings')}
        itemTitle={(_, { position }) => t('rfmoListing', { n: position + 1 })}
        addLabel={t('addRfmo')}
        create={() => newRfmoListing(crypto.randomUUID())}
      >
        {(i) => (
          <>
            <ReferenceField name={`rfmoIuuListing.${i}.rfmo`} label={t('rfmo')} dataset="rfmo" />
            <TextField name={`rfmoIuuListing.${i}.flagstateStatus`} label={t('flagstateStatus')} hint={t('flagstateStatusHint')} />
            <YesNoField name={`rfmoIuuListing.${i}.vesselOnAuthorizedList`} label={t('vesselOnAuthorizedList')} />
            <VesselIdentifier index={i} />
            <YesNoField name={`rfmoIuuListing.${i}.vesselOnIUUList`} label={t('vesselOnIUUList')} />
          </>
        )}
      </ListSection>
    </FormStep>
  );
}
