'use client';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { Field, useFieldMessage, useRequired } from './field';

/** A yes/no question that must be answered (null until it is). */
export function YesNoField({ name, label, yes, no, className }: { name: string; label: string; yes?: string; no?: string; className?: string }) {
  const t = useTranslations('common');
  const id = useId();
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const value = field.value as boolean | null;
  const required = useRequired(name);
  const option = (v: boolean, text: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={value === v}
      disabled={field.disabled}
      // An answer is given and left at once: its message may show.
      onClick={() => {
        field.onChange(v);
        field.onBlur();
      }}
      className={cn(
        'min-h-11 min-w-20 flex-1 rounded-md border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50',
        value === v ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
      )}
    >
      {text}
    </button>
  );
  return (
    <Field id={id} name={name} label={label} className={className} shown={shown}>
      <div role="radiogroup" id={id} aria-labelledby={undefined} aria-label={label} aria-required={required || undefined} className="flex max-w-sm gap-2" ref={field.ref} tabIndex={-1}>
        {option(true, yes ?? t('yes'))}
        {option(false, no ?? t('no'))}
      </div>
    </Field>
  );
}

/**
 * One answer among a few (e.g. SPEC §3 "VMS on board": yes-national, yes-rmfo, no), as a row of
 * radio buttons that wraps on narrow screens; null until answered.
 */
export function OptionsField<V extends string>({ name, label, options, className }: { name: string; label: string; options: readonly { value: V; label: string }[]; className?: string }) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const value = field.value as V | null | undefined;
  const required = useRequired(name);
  return (
    <Field id={id} name={name} label={label} className={className} shown={shown}>
      <div role="radiogroup" id={id} aria-label={label} aria-required={required || undefined} className="flex max-w-xl flex-wrap gap-2" ref={field.ref} tabIndex={-1}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            disabled={field.disabled}
            onClick={() => {
              field.onChange(o.value);
              field.onBlur();
            }}
            className={cn(
              'min-h-11 min-w-20 grow rounded-md border px-4 text-sm whitespace-nowrap font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50',
              value === o.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
    </Field>
  );
}

/** An on/off choice with a default (objection, receive or offload). */
export function SwitchField({ name, label, className }: { name: string; label: string; className?: string }) {
  const id = useId();
  const { field } = useController({ name });
  return (
    <div className={cn('flex min-h-11 items-center gap-3', className)}>
      <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} disabled={field.disabled} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
