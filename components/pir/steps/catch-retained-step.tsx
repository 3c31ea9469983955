'use client';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import type { Pir } from '@/lib/contract';
import { catchRetainedStep, newRetainedCatch, withRetainedDelta, type RetainedCatch } from '@/lib/inspection/forms/definitions/catch-retained';
import { SwitchField } from '@/components/forms/choice-field';
import { ListSection } from '@/components/forms/list-section';
import { NumberField, TextField } from '@/components/forms/text-field';
import { FormStep } from '../form-step';
import { CatchIdentityFields, DeltaOutput, ItemGrid, QuantityGroup, SPAN, useItemTitle } from './catch-onboard-step';

// An entry re-renders only when its own fields change, not on every keystroke of the step.
const RetainedCatchItem = memo(function RetainedCatchItem({ index }: { index: number }) {
  const t = useTranslations('catches');
  const prefix = `retainedCatches.${index}`;
  const item = useWatch({ name: prefix }) as RetainedCatch | undefined;
  // The same computation apply() stores, so what shows is what is kept.
  const delta = item ? withRetainedDelta(item).deltaRetained : null;
  return (
    <ItemGrid>
      <CatchIdentityFields prefix={prefix} />
      <QuantityGroup withDelta>
        <NumberField name={`${prefix}.declaredQuantity`} label={t('declaredQuantity')} />
        <NumberField name={`${prefix}.actualQuantity`} label={t('actualQuantity')} />
        <DeltaOutput label={t('deltaRetained')} value={delta} testId="delta-retained" />
      </QuantityGroup>
      <SwitchField name={`${prefix}.objection`} label={t('objection')} className={SPAN} />
      <TextField name={`${prefix}.comments`} label={t('comments')} multiline className={SPAN} />
    </ItemGrid>
  );
});

const RetainedCatchList = memo(function RetainedCatchList() {
  const t = useTranslations('catches');
  const itemTitle = useItemTitle('retainedCatches', (number) => t('retainedItem', { number }));
  return (
    <ListSection
      name="retainedCatches"
      title={t('retainedList')}
      itemTitle={itemTitle}
      addLabel={t('addRetained')}
      create={() => newRetainedCatch(crypto.randomUUID())}
    >
      {(index) => <RetainedCatchItem index={index} />}
    </ListSection>
  );
});

/** catchretained: catch retained on board, declared against actual quantity (SPEC §2, §3, §5). */
export function CatchRetainedStep({ report, onCompleted }: { report: Pir; onCompleted: () => void }) {
  return (
    <FormStep report={report} def={catchRetainedStep} onCompleted={onCompleted}>
      <RetainedCatchList />
    </FormStep>
  );
}
