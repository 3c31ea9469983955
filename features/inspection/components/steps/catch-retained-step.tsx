'use client';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { catchRetainedStep, newRetainedCatch, withRetainedDelta, type RetainedCatch } from '@/features/inspection/model/definitions/catch-retained';
import { SwitchField } from '@/components/forms/choice-field';
import { ListSection } from '@/components/forms/list-section';
import { NumberField, TextField } from '@/components/forms/text-field';
import { FormStep } from '../form-step';
import { CatchIdentityFields, EntryDelta, ItemGrid, QuantityGroup, SPAN, useItemTitle } from './catch-onboard-step';

const retainedDelta = (c: RetainedCatch) => withRetainedDelta(c).deltaRetained;

// An entry re-renders only when it moves in the list; a field re-renders with its own value, the
// difference with the entry's quantities.
const RetainedCatchItem = memo(function RetainedCatchItem({ index }: { index: number }) {
  const t = useTranslations('catches');
  const prefix = `retainedCatches.${index}`;
  return (
    <ItemGrid>
      <CatchIdentityFields prefix={prefix} />
      <QuantityGroup withDelta>
        <NumberField name={`${prefix}.declaredQuantity`} label={t('declaredQuantity')} />
        <NumberField name={`${prefix}.actualQuantity`} label={t('actualQuantity')} />
        <EntryDelta prefix={prefix} of={retainedDelta} label={t('deltaRetained')} testId="delta-retained" />
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
export function CatchRetainedStep({ onCompleted }: { onCompleted: () => void }) {
  return (
    <FormStep def={catchRetainedStep} onCompleted={onCompleted}>
      <RetainedCatchList />
    </FormStep>
  );
}
