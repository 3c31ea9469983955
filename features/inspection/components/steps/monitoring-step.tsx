'use client';
import { useTranslations } from 'next-intl';
import { useController, useWatch } from 'react-hook-form';
import { monitoringStep } from '@/features/inspection/model/definitions/monitoring';
import { YesNoField } from '@/components/forms/choice-field';
import { AttachmentPicker } from '@/features/inspection/components/media/attachment-picker';
import { FormStep } from '../form-step';
import { useStepReport } from '../step-report';

function MonitoringAttachments() {
  const report = useStepReport();
  const t = useTranslations('fields');
  const { field } = useController({ name: 'monitoredLanTrxAttachments' });
  const monitored = useWatch({ name: 'monitoredLanTrx' }) as boolean | null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('monitoringAttachments')}>
      <h3 className="font-medium">{t('monitoringAttachments')}</h3>
      {monitored !== true && <p className="text-sm text-muted-foreground">{t('monitoringOnlyWhenYes')}</p>}
      <AttachmentPicker
        report={report}
        value={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
        disabled={field.disabled || monitored !== true}
        documentType="MFR"
        step="monitoring"
      />
    </section>
  );
}

/** monitoring: was the landing or transhipment monitored; attachments only when yes (SPEC §2). */
export function MonitoringStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={monitoringStep} onCompleted={onCompleted}>
      <YesNoField name="monitoredLanTrx" label={t('monitoredLanTrx')} />
      <MonitoringAttachments />
    </FormStep>
  );
}
