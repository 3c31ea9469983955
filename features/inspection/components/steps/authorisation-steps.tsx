'use client';
import { useTranslations } from 'next-intl';
import { useController } from 'react-hook-form';
import { AUTHORISATION_ISSUER_DATASET } from '@/lib/contract/constants';
import type { MediaStep } from '@/features/inspection/data/pictures';
import { fishingAuthorisationStep, newFishingAuthorization } from '@/features/inspection/model/definitions/fishing-authorisations';
import { newTranshipmentAuthorization, transhipmentAuthorisationStep } from '@/features/inspection/model/definitions/transhipment-authorisations';
import { TextField } from '@/components/forms/text-field';
import { DateField } from '@/components/forms/date-field';
import { SwitchField } from '@/components/forms/choice-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { ListSection } from '@/components/forms/list-section';
import { cn } from '@/lib/utils';
import { AttachmentPicker } from '@/features/inspection/components/media/attachment-picker';
import { FormStep } from '../form-step';
import { useStepReport } from '../step-report';

/** SPEC §3: a fishing authorisation is an ATF or a CSFL. */
function AuthorisationType({ name }: { name: string }) {
  const t = useTranslations('fields');
  const { field } = useController({ name });
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium" id={`${name}-label`}>
        {t('authorisationType')}
      </span>
      <div role="radiogroup" aria-labelledby={`${name}-label`} className="flex max-w-sm gap-2">
        {[
          [true, 'ATF'],
          [false, 'CSFL'],
        ].map(([value, text]) => (
          <button
            key={String(value)}
            type="button"
            role="radio"
            aria-checked={field.value === value}
            disabled={field.disabled}
            onClick={() => field.onChange(value)}
            className={cn(
              'min-h-11 flex-1 rounded-md border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50',
              field.value === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
            )}
          >
            {text as string}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * SPEC §3 "Authorisation attachments are tagged by document type codes AUTF and TRAU": the document of
 * one authorisation (its `attachment`, one uid), chosen among the report's documents of that type or
 * made new, as the monitoring step does for MFR. A change is an edit of the step (its done flag is
 * cleared); past inspecting the form is disabled and so is the picker.
 */
function AuthorisationAttachment({ name, documentType, step }: { name: string; documentType: 'AUTF' | 'TRAU'; step: MediaStep }) {
  const report = useStepReport();
  const { field } = useController({ name });
  const uid = field.value as string | null | undefined;
  return (
    <div className="min-w-0 @xl:col-span-2">
      <AttachmentPicker
        report={report}
        value={uid ? [uid] : []}
        onChange={(uids) => field.onChange(uids[0] ?? null)}
        disabled={field.disabled}
        documentType={documentType}
        step={step}
        single
        withPictures={false}
      />
    </div>
  );
}

/** RelevantFishingauthorisation: the vessel's fishing authorisations (new ones ATF, from the PIR). */
export function FishingAuthorisationStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={fishingAuthorisationStep} onCompleted={onCompleted}>
      <ListSection
        name="fishingAuthorizations"
        title={t('fishingAuthorisations')}
        itemTitle={(_, { position }) => t('authorisation', { n: position + 1 })}
        addLabel={t('addAuthorisation')}
        create={() => newFishingAuthorization(crypto.randomUUID())}
      >
        {(i) => (
          <>
            <TextField name={`fishingAuthorizations.${i}.identifier`} label={t('identifier')} />
            <AuthorisationType name={`fishingAuthorizations.${i}.isTypeATF`} />
            <ReferenceField name={`fishingAuthorizations.${i}.issuedBy`} label={t('issuedBy')} dataset={AUTHORISATION_ISSUER_DATASET} />
            <ReferenceField name={`fishingAuthorizations.${i}.fishingAreas`} label={t('fishingAreas')} dataset="fishingArea" multiple />
            <DateField name={`fishingAuthorizations.${i}.validFrom`} label={t('validFrom')} />
            <DateField name={`fishingAuthorizations.${i}.validTo`} label={t('validTo')} />
            <ReferenceField name={`fishingAuthorizations.${i}.species`} label={t('authorisedSpecies')} dataset="speciesForFishingAuthorization" multiple />
            <ReferenceField name={`fishingAuthorizations.${i}.gear`} label={t('gears')} dataset="gear" multiple />
            <SwitchField name={`fishingAuthorizations.${i}.objection`} label={t('objection')} />
            <TextField name={`fishingAuthorizations.${i}.comments`} label={t('comments')} multiline className="@xl:col-span-2" />
            <AuthorisationAttachment name={`fishingAuthorizations.${i}.attachment`} documentType="AUTF" step="RelevantFishingauthorisation" />
          </>
        )}
      </ListSection>
    </FormStep>
  );
}

/** RelevantTranshipmentAuthorisation: the vessel's transhipment authorisations. */
export function TranshipmentAuthorisationStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={transhipmentAuthorisationStep} onCompleted={onCompleted}>
      <ListSection
        name="transhipmentAuthorizations"
        title={t('transhipmentAuthorisations')}
        itemTitle={(_, { position }) => t('authorisation', { n: position + 1 })}
        addLabel={t('addAuthorisation')}
        create={() => newTranshipmentAuthorization(crypto.randomUUID())}
      >
        {(i) => (
          <>
            <TextField name={`transhipmentAuthorizations.${i}.identifier`} label={t('identifier')} />
            <ReferenceField name={`transhipmentAuthorizations.${i}.issuedBy`} label={t('issuedBy')} dataset={AUTHORISATION_ISSUER_DATASET} />
            <DateField name={`transhipmentAuthorizations.${i}.validFrom`} label={t('validFrom')} />
            <DateField name={`transhipmentAuthorizations.${i}.validTo`} label={t('validTo')} />
            <SwitchField name={`transhipmentAuthorizations.${i}.objection`} label={t('objection')} />
            <TextField name={`transhipmentAuthorizations.${i}.comments`} label={t('comments')} multiline className="@xl:col-span-2" />
            <AuthorisationAttachment name={`transhipmentAuthorizations.${i}.attachment`} documentType="TRAU" step="RelevantTranshipmentAuthorisation" />
          </>
        )}
      </ListSection>
    </FormStep>
  );
}
