'use client';
import { useLocale, useTranslations } from 'next-intl';
import { ChevronsUpDownIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import type { Language, ReferenceDataset } from '@/lib/contract';
import { useHeldLists } from '@/lib/reference-data/use-reference-data';
import { optionsOf, type Option } from '@/lib/reference-data/search';
import { cn } from '@/lib/utils';
import { Field, useFieldMessage } from './field';
import { MultiSelectModal } from './multi-select-modal';
import { MissingListNote } from './missing-list-note';

/** The options of a reference dataset in the current language (optionally narrowed). */
export function useOptions(dataset: ReferenceDataset, filter?: (o: Option) => boolean): Option[] {
  const locale = useLocale() as Language;
  const data = useHeldLists().data;
  return useMemo(() => {
    const all = optionsOf(data?.[dataset], locale);
    return filter ? all.filter(filter) : all;
  }, [data, dataset, locale, filter]);
}

const byValueOf = new WeakMap<Option[], Map<number, Option>>();

/** The options by their value, made once per list of options (many pickers share one). */
function optionsByValue(options: Option[]): Map<number, Option> {
  let map = byValueOf.get(options);
  if (!map) byValueOf.set(options, (map = new Map(options.map((o) => [o.value, o]))));
  return map;
}

/**
 * A choice from bilingual reference data (SPEC §2): the label in the current language, a search,
 * one value (id or null) or several (ids) through the multi-select modal.
 */
export function ReferenceField({
  name,
  label,
  dataset,
  multiple = false,
  filter,
  className,
}: {
  name: string;
  label: string;
  dataset: ReferenceDataset;
  multiple?: boolean;
  filter?: (o: Option) => boolean;
  className?: string;
}) {
  const t = useTranslations('select');
  const id = useId();
  const [open, setOpen] = useState(false);
  // The picker is drawn once first opened (then kept, so it closes with its animation): a step with
  // 20 catches has 60 pickers, and each redraw of an entry redrew them all.
  const [opened, setOpened] = useState(false);
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const invalid = Boolean(shown);
  const options = useOptions(dataset, filter);
  const selected: number[] = multiple ? ((field.value as number[] | null) ?? []) : field.value == null ? [] : [field.value as number];
  const byValue = useMemo(() => optionsByValue(options), [options]);
  const text = selected.map((v) => byValue.get(v)?.label ?? String(v)).join(', ');

  return (
    <Field id={id} name={name} label={label} className={className} shown={shown}>
      <button
        id={id}
        type="button"
        ref={field.ref}
        disabled={field.disabled}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={cn(
          'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-start text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[invalid=true]:border-destructive',
          !text && 'text-muted-foreground',
        )}
      >
        <span className="min-w-0 flex-1 wrap-anywhere" data-title="chosen">{text || (multiple ? t('placeholderMany') : t('placeholder'))}</span>
        <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
      </button>
      <MissingListNote dataset={dataset} />
      {opened && (
        <MultiSelectModal
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            // Closing the picker leaves the field: its message may show.
            if (!o) field.onBlur();
          }}
          title={label}
          options={options}
          selected={selected}
          multiple={multiple}
          onApply={(values) => field.onChange(multiple ? values : (values[0] ?? null))}
        />
      )}
    </Field>
  );
}
