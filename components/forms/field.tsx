'use client';
import { get, useFormContext } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useValidationText } from './use-validation-text';

/** Label, control and the field's message (SPEC §5), linked for screen readers. */
export function Field({
  id,
  name,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { formState } = useFormContext();
  const text = useValidationText();
  const error = text((get(formState.errors, name) as { message?: string } | undefined)?.message, label);
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)} data-field={name} data-invalid={error ? 'true' : undefined}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function useFieldError(name: string): boolean {
  const { formState } = useFormContext();
  return Boolean(get(formState.errors, name));
}
