'use client';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { controlledCatchesStep, newControlledCatch } from '@/features/inspection/model/definitions/controlled-catches';
import { ListSection } from '@/components/forms/list-section';
import { NumberField } from '@/components/forms/text-field';
import { FormStep } from '../form-step';
import { CatchIdentityFields, ItemGrid, QuantityGroup, useItemTitle } from './catch-onboard-step';

// An entry re-renders only when its own fields change, not on every keystroke of the step.
const ControlledCatchItem = memo(function ControlledCatchItem({ index }: { index: number }) {
  const t = useTranslations('catches');
  const prefix = `controlledCatches.${index}`;
  return (
    <ItemGrid>
      <CatchIdentityFields prefix={prefix} />
      <NumberField name={`${prefix}.quantity`} label={t('quantity')} />
      <QuantityGroup legend={t('landing')}>
        <NumberField name={`${prefix}.quantityToLand`} label={t('quantityToLand')} />
        <NumberField name={`${prefix}.monitoredLandedQuantity`} label={t('monitoredLandedQuantity')} />
      </QuantityGroup>
      <QuantityGroup legend={t('transhipment')}>
        <NumberField name={`${prefix}.quantityToTransship`} label={t('quantityToTransship')} />
        <NumberField name={`${prefix}.monitoredTranshippedQuantity`} label={t('monitoredTranshippedQuantity')} />
      </QuantityGroup>
    </ItemGrid>
  );
});

const ControlledCatchList = memo(function ControlledCatchList() {
  const t = useTranslations('catches');
  const itemTitle = useItemTitle('controlledCatches', (number) => t('item', { number }));
  return (
    <ListSection
      name="controlledCatches"
      title={t('controlledList')}
      itemTitle={itemTitle}
      addLabel={t('addCatch')}
      create={() => newControlledCatch(crypto.randomUUID())}
    >
      {(index) => <ControlledCatchItem index={index} />}
    </ListSection>
  );
});

/** ControlledCatches: extended.pir.controlledCatches, the catches subject to control (SPEC §3, §5). */
export function ControlledCatchesStep({ onCompleted }: { onCompleted: () => void }) {
  return (
    <FormStep def={controlledCatchesStep} onCompleted={onCompleted}>
      <ControlledCatchList />
    </FormStep>
  );
}
