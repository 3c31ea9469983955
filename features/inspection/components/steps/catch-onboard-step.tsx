'use client';
import { useTranslations } from 'next-intl';
import { TriangleAlertIcon } from 'lucide-react';
import { memo, useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { catchOnboardStep, newCatchOnboard, withCatchOnboardDeltas, type CatchOnboard } from '@/features/inspection/model/definitions/catch-onboard';
import { isDeltaWarning } from '@/features/inspection/model/validation/delta';
import { SwitchField } from '@/components/forms/choice-field';
import { ListSection } from '@/components/forms/list-section';
import { ReferenceField, useOptions } from '@/components/forms/reference-field';
import { NumberField, TextField } from '@/components/forms/text-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FormStep } from '../form-step';

// ------------------------------------------------------------------ shared by the catch steps

/**
 * "Catch 3 · Yellowfin tuna": lists are shown newest first, and entries are numbered from the oldest
 * (a number does not move when an entry is added; the form holds the oldest first) and named by
 * their species once chosen.
 */
export function useItemTitle(list: string, title: (n: number) => string) {
  // Only the entries' species (and how many there are): a keystroke in an entry does not re-render the list.
  const chosen = useWatch({ name: list, compute: speciesOf }) as (number | null)[];
  const species = useOptions('species');
  const names = useMemo(() => new Map(species.map((o) => [o.value, o.label])), [species]);
  return (index: number) => {
    const base = title(index + 1);
    const id = chosen[index];
    const name = id != null ? names.get(id) : undefined;
    return name ? `${base} · ${name}` : base;
  };
}

const speciesOf = (items: unknown) => ((items as { species?: number | null }[] | undefined) ?? []).map((i) => i?.species ?? null);

/** What was caught: species, product form and catch areas (SPEC §3), the same in every catch list. */
export function CatchIdentityFields({ prefix }: { prefix: string }) {
  const t = useTranslations('catches');
  return (
    <>
      <ReferenceField name={`${prefix}.species`} label={t('species')} dataset="species" />
      <ReferenceField name={`${prefix}.productForm`} label={t('productForm')} dataset="productForms" />
      <ReferenceField name={`${prefix}.catchArea`} label={t('catchArea')} dataset="fishingArea" multiple />
    </>
  );
}

/** Spans both columns of an `ItemGrid` (only when there are two, so a single column never grows a second). */
export const SPAN = 'sm:@lg:col-span-2';

/**
 * The fields of one list entry. Two columns from 640 px, but only when the entry itself is at least
 * 32rem wide: in portrait (800 px) the step list sits beside the step, and two columns there cut off
 * values (dates, positions, species). Below that width, one column.
 */
export function ItemGrid({ children }: { children: React.ReactNode }) {
  return (
    <div className="@container min-w-0 sm:col-span-2">
      <div className="grid grid-cols-1 gap-4 sm:@lg:grid-cols-2">{children}</div>
    </div>
  );
}

/**
 * A group of quantities (declared and verified, and their difference `withDelta`). With a difference,
 * three side by side when the group is wide enough, so it sits next to its pair; else as the entry's columns.
 */
export function QuantityGroup({ legend, withDelta = false, children }: { legend?: string; withDelta?: boolean; children: React.ReactNode }) {
  const grid = <div className={cn('grid grid-cols-1 gap-4 sm:@lg:grid-cols-2', withDelta && 'sm:@xl:grid-cols-3')}>{children}</div>;
  if (!legend) return <div className={cn('@container min-w-0', SPAN)}>{grid}</div>;
  return (
    <fieldset className={cn('min-w-0 rounded-md border p-3', SPAN)}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="@container">{grid}</div>
    </fieldset>
  );
}

/**
 * SPEC §2, §5: the difference verified − declared, read-only, red with a warning at 10 or more (either
 * way). The value is the one the step stores: the same computation as the definition's apply().
 */
export function DeltaOutput({ label, value, testId }: { label: string; value: number | null; testId?: string }) {
  const t = useTranslations('catches');
  const id = useId();
  const warn = isDeltaWarning(value);
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-testid={testId} data-warning={warn ? 'true' : 'false'}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          readOnly
          tabIndex={-1}
          value={value === null ? '' : String(value)}
          placeholder={t('notComputed')}
          aria-describedby={`${id}-hint`}
          className={cn('bg-muted tabular-nums', warn && 'border-destructive pe-10 font-semibold text-destructive')}
        />
        {warn && <TriangleAlertIcon className="pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2 text-destructive" aria-hidden />}
      </div>
      <p id={`${id}-hint`} className={cn('text-xs', warn ? 'font-medium text-destructive' : 'text-muted-foreground')}>
        {warn ? t('deltaWarning') : t('deltaHint')}
      </p>
    </div>
  );
}

/**
 * A difference of one list entry, watching that entry: a keystroke in a quantity re-renders this
 * output only, not the entry's other fields. `of` is the computation apply() stores, so what shows is what is kept.
 */
export function EntryDelta<T>({ prefix, of, label, testId }: { prefix: string; of: (item: T) => number | null; label: string; testId: string }) {
  const item = useWatch({ name: prefix }) as T | undefined;
  return <DeltaOutput label={label} value={item ? of(item) : null} testId={testId} />;
}

// ------------------------------------------------------------------ catch onboard

const landedDelta = (c: CatchOnboard) => withCatchOnboardDeltas(c).deltaLanded;
const transhippedDelta = (c: CatchOnboard) => withCatchOnboardDeltas(c).deltaTranshipped;

// An entry re-renders only when it moves in the list; a field re-renders with its own value, a
// difference with its entry's quantities.
const CatchOnboardItem = memo(function CatchOnboardItem({ index }: { index: number }) {
  const t = useTranslations('catches');
  const prefix = `catchOnboard.${index}`;
  return (
    <ItemGrid>
      <CatchIdentityFields prefix={prefix} />
      <NumberField name={`${prefix}.quantity`} label={t('quantity')} />
      <QuantityGroup legend={t('landing')} withDelta>
        <NumberField name={`${prefix}.quantityToLand`} label={t('declaredToLand')} />
        <NumberField name={`${prefix}.monitoredLandedQuantity`} label={t('verifiedLanded')} />
        <EntryDelta prefix={prefix} of={landedDelta} label={t('deltaLanded')} testId="delta-landed" />
      </QuantityGroup>
      <QuantityGroup legend={t('transhipment')} withDelta>
        <NumberField name={`${prefix}.quantityToTransship`} label={t('declaredToTransship')} />
        <NumberField name={`${prefix}.monitoredTranshippedQuantity`} label={t('verifiedTranshipped')} />
        <EntryDelta prefix={prefix} of={transhippedDelta} label={t('deltaTranshipped')} testId="delta-transhipped" />
      </QuantityGroup>
      <SwitchField name={`${prefix}.objection`} label={t('objection')} className={SPAN} />
      <TextField name={`${prefix}.comments`} label={t('comments')} multiline className={SPAN} />
    </ItemGrid>
  );
});

const CatchOnboardList = memo(function CatchOnboardList() {
  const t = useTranslations('catches');
  const itemTitle = useItemTitle('catchOnboard', (number) => t('item', { number }));
  return (
    <ListSection name="catchOnboard" title={t('onboardList')} itemTitle={itemTitle} addLabel={t('addCatch')} create={() => newCatchOnboard(crypto.randomUUID())}>
      {(index) => <CatchOnboardItem index={index} />}
    </ListSection>
  );
});

/** catchonboard: the catch found on board, declared against verified quantities (SPEC §2, §3, §5). */
export function CatchOnboardStep({ onCompleted }: { onCompleted: () => void }) {
  return (
    <FormStep def={catchOnboardStep} onCompleted={onCompleted}>
      <CatchOnboardList />
    </FormStep>
  );
}
