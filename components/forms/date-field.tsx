'use client';
import { useId, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { serverNow } from '@/lib/clock/now';
import { fromInputValue, maxPickerDate, toInputValue } from '@/lib/format/dates';
import { Input } from '@/components/ui/input';
import { Field, useFieldMessage, useRequired } from './field';

/** A date (or date and time); up to 100 years ahead, or not in the future where a rule says so. */
export function DateField({ name, label, withTime = false, noFuture = false, className }: { name: string; label: string; withTime?: boolean; noFuture?: boolean; className?: string }) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const shown = useFieldMessage(name, fieldState.isTouched);
  const invalid = Boolean(shown);
  const required = useRequired(name);
  const max = useMemo(() => {
    const now = serverNow(); // the server's time, as the "not in the future" rule reads it
    return toInputValue((noFuture ? now : maxPickerDate(now)).toISOString(), withTime);
  }, [noFuture, withTime]);
  return (
    <Field id={id} name={name} label={label} className={className} shown={shown}>
      <Input
        id={id}
        name={field.name}
        type={withTime ? 'datetime-local' : 'date'}
        max={max}
        value={toInputValue(field.value as string | null, withTime)}
        onChange={(e) => field.onChange(fromInputValue(e.target.value, withTime))}
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
