'use client';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { commentsStep } from '@/features/inspection/model/definitions/comments';
import { examinationsStep } from '@/features/inspection/model/definitions/examinations';
import { findingsStep } from '@/features/inspection/model/definitions/findings';
import { infringementStep } from '@/features/inspection/model/definitions/infringement';
import { TextField } from '@/components/forms/text-field';
import { YesNoField } from '@/components/forms/choice-field';
import { ReferenceField } from '@/components/forms/reference-field';
import { FormStep } from '../form-step';
import { useStepReport } from '../step-report';

const EXAMINATIONS = ['logBookExamination', 'catchDocumentationSchemeCompliance', 'tradeInformationSchemeCompliance', 'gearExamination'] as const;

/** examinations: four yes/no answers with comments, and the gear type (SPEC §2). */
export function ExaminationsStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={examinationsStep} onCompleted={onCompleted}>
      {EXAMINATIONS.map((name) => (
        <fieldset key={name} className="grid grid-cols-1 gap-4 rounded-lg border p-4 @xl:grid-cols-2">
          <legend className="px-1 font-medium">{t(name)}</legend>
          <YesNoField name={`${name}.status`} label={t('examined')} />
          <TextField name={`${name}.comments`} label={t('comments')} multiline />
        </fieldset>
      ))}
      <ReferenceField name="gearType" label={t('gearType')} dataset="gear" />
    </FormStep>
  );
}

/** findings: the inspector's findings and the master's comments, free text. */
export function FindingsStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('findings');
  return (
    <FormStep def={findingsStep} onCompleted={onCompleted}>
      <TextField name="findingsByInspector" label={t('findingsByInspector')} multiline />
      <TextField name="commentsByMaster" label={t('commentsByMaster')} multiline />
    </FormStep>
  );
}

function InfringementDetails() {
  const t = useTranslations('fields');
  const has = useWatch({ name: 'hasInfringements' }) as boolean | null;
  if (has !== true) return <p className="text-sm text-muted-foreground">{t('infringementsOnlyWhenYes')}</p>;
  return (
    <>
      <TextField name="infrigements" label={t('infringementsNoted')} multiline />
      <TextField name="actionsTaken" label={t('actionsTaken')} multiline />
    </>
  );
}

/** infringement: whether infringements were found; details only when yes (SPEC §2). */
export function InfringementStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  return (
    <FormStep def={infringementStep} onCompleted={onCompleted}>
      <YesNoField name="hasInfringements" label={t('hasInfringements')} />
      <InfringementDetails />
    </FormStep>
  );
}

/** comments: the office's note on this inspection, read before signing. */
export function CommentsStep({ onCompleted }: { onCompleted: () => void }) {
  const t = useTranslations('fields');
  const report = useStepReport();
  return (
    <FormStep def={commentsStep} onCompleted={onCompleted}>
      {report.inspectionComment ? (
        <blockquote className="rounded-lg border-s-4 border-warning bg-warning/10 p-4 whitespace-pre-wrap" data-testid="inspection-comment">
          {report.inspectionComment}
        </blockquote>
      ) : (
        <p className="text-muted-foreground">{t('noInspectionComment')}</p>
      )}
    </FormStep>
  );
}
