'use client';
import { useEffect, useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Field, useFieldMessage, useRequired } from './field';
import { useLengthLimit } from './length-counter';

/**
 * The contract's limit of a field's text (lib/contract/text-limit.ts), read with the contract, which
 * loads on demand (zod stays out of the first scripts); until then the field's own limit holds.
 */
function useContractLimit(name: string): number | undefined {
  const [limit, setLimit] = useState<{ name: string; max: number | undefined } | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/contract/text-limit').then((m) => live && setLimit({ name, max: m.textLimit(name) }));
    return () => {
      live = false;
    };
  }, [name]);
  return limit?.name === name ? limit.max : undefined;
}

/** Free text, or text restricted by its rule (digits, email); stored as a string. */
export function TextField({
  name,
  label,
  multiline = false,
  inputMode,
  type = 'text',
  hint,
  className,
  maxLength: ownLimit = 4000,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  type?: 'text' | 'email';
  hint?: string;
  className?: string;
  maxLength?: number;
}) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const invalid = Boolean(shown);
  const required = useRequired(name);
  const value = (field.value as string | null) ?? '';
  // No more than the server stores: a longer text was refused whole when the inspection was finished.
  const contractLimit = useContractLimit(name);
  const maxLength = Math.min(ownLimit, contractLimit ?? ownLimit);
  const limit = useLengthLimit(value.length, maxLength, id);
  const describedBy = [invalid ? `${id}-error` : null, limit.describedBy].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(e.target.value),
    onPaste: limit.onPaste,
    onBlur: field.onBlur,
    ref: field.ref,
    disabled: field.disabled,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    maxLength,
  };
  return (
    <Field id={id} name={name} label={label} hint={hint} className={className} shown={shown}>
      {multiline ? <Textarea rows={4} {...common} /> : <Input type={type} inputMode={inputMode} autoComplete="off" {...common} />}
      {limit.counter}
    </Field>
  );
}

/** A number (quantities, dimensions); empty means not entered (null). */
export function NumberField({ name, label, hint, className, integer = false }: { name: string; label: string; hint?: string; className?: string; integer?: boolean }) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const invalid = Boolean(shown);
  const required = useRequired(name);
  const value = field.value as number | null | undefined;
  return (
    <Field id={id} name={name} label={label} hint={hint} className={className} shown={shown}>
      <Input
        id={id}
        name={field.name}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        step={integer ? 1 : 'any'}
        value={value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
        onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
        onBlur={field.onBlur}
        ref={field.ref}
        disabled={field.disabled}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
    </Field>
  );
}
