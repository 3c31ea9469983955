'use client';
import { createContext, useContext } from 'react';
import { useTranslations } from 'next-intl';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useValidationText } from './use-validation-text';

/**
 * How a form step shows its fields: which are required (read from the step's schema) and whether
 * every message shows now (the inspector asked to complete the step, or it was edited and left before).
 * Otherwise a field's message shows once the field has been left (touched).
 */
export interface FieldDisplay {
  required: ReadonlySet<string>;
  showAll: boolean;
}
export const FieldDisplayContext = createContext<FieldDisplay>({ required: new Set(), showAll: true });

/** Whether the field must be filled in (SPEC §5). */
export function useRequired(name: string): boolean {
  return useContext(FieldDisplayContext).required.has(name);
}

/** The field's error as react-hook-form holds it, but only once it is to be shown (left, or asked for). */
export function useShownError(name: string): { message?: string; root?: { message?: string } } | undefined {
  const { control } = useFormContext();
  const { errors, touchedFields } = useFormState({ control, name });
  const { showAll } = useContext(FieldDisplayContext);
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  if (!error) return undefined;
  return showAll || get(touchedFields, name) ? error : undefined;
}

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
  const text = useValidationText();
  const error = text(useShownError(name)?.message, label);
  const required = useRequired(name);
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)} data-field={name} data-invalid={error ? 'true' : undefined} data-required={required || undefined}>
      {/* The mark sits beside the label, not in it: the label's text stays the field's name. */}
      <div className="flex items-center gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && <RequiredMark />}
      </div>
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

/**
 * The required marker after a label: an asterisk outside the label, so the field's name stays its label
 * (the control carries aria-required where its role allows).
 */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-sm leading-none font-bold text-destructive" data-testid="required-mark">
      *
    </span>
  );
}

/** The line at the top of a form step that explains the marker. */
export function RequiredLegend() {
  const t = useTranslations('inspection');
  return (
    <p className="text-sm text-muted-foreground" data-testid="required-legend">
      {t('requiredLegend')}
    </p>
  );
}

export function useFieldError(name: string): boolean {
  return Boolean(useShownError(name));
}
