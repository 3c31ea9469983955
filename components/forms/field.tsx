'use client';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { get, useFormState } from 'react-hook-form';
import type { StepErrors } from '@/lib/contract';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useValidationText, type ShownMessage } from './use-validation-text';
import { useFieldLabel } from './field-labels';

/**
 * How a form step shows its fields: whether every message shows now (the inspector asked to complete
 * the step, or it was edited and left before). Otherwise a field's message shows once the field has
 * been left (touched).
 */
export interface FieldDisplay {
  showAll: boolean;
}
export const FieldDisplayContext = createContext<FieldDisplay>({ showAll: true });

/** What the step's check says of its fields: their messages by field path, as the check gave them, and which must be filled in. */
export interface FieldChecks {
  errors: StepErrors['errors'];
  required: ReadonlySet<string>;
}

/**
 * The step's check, held outside React state: when it changes, only the fields whose own message or
 * required mark changed re-render, not every field of the step.
 */
export interface FieldCheckStore {
  get(): FieldChecks;
  set(next: FieldChecks): void;
  subscribe(listener: () => void): () => void;
}

export function fieldCheckStore(initial: FieldChecks): FieldCheckStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (next.errors === current.errors && next.required === current.required) return;
      current = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export const FieldChecksContext = createContext<FieldCheckStore>(fieldCheckStore({ errors: {}, required: new Set() }));

/** A field's first message as text, so that the store's snapshot compares by value. */
const messageText = (list: readonly ShownMessage[] | undefined) => (list?.[0] ? JSON.stringify(list[0]) : '');

/** Whether the field must be filled in (SPEC §5). */
export function useRequired(name: string): boolean {
  const checks = useContext(FieldChecksContext);
  const read = () => checks.get().required.has(name);
  return useSyncExternalStore(checks.subscribe, read, read);
}

/**
 * The field's message from the step's check, once it is to be shown: the field was left (`touched`, as
 * its useController tells), or every message is asked for. Reads the field's own message only (a list
 * of entries has its own message, an empty transhipment content, at the list's path).
 */
export function useFieldMessage(name: string, touched: boolean): ShownMessage | undefined {
  const checks = useContext(FieldChecksContext);
  const read = () => messageText(checks.get().errors[name]);
  const text = useSyncExternalStore(checks.subscribe, read, read);
  const { showAll } = useContext(FieldDisplayContext);
  if (!text || !(showAll || touched)) return undefined;
  return JSON.parse(text) as ShownMessage;
}

/** The same, for a field that has no useController of its own to say whether it was left. */
export function useShownError(name: string): ShownMessage | undefined {
  // Only the field's own "left" state (a blur elsewhere does not re-render it).
  const { touchedFields } = useFormState({ name });
  return useFieldMessage(name, Boolean(get(touchedFields, name)));
}

/** Label, control and the field's message (SPEC §5), linked for screen readers. */
export function Field({
  id,
  name,
  label,
  hint,
  className,
  shown,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  className?: string;
  /** the field's error to show (useFieldMessage) */
  shown: ShownMessage | undefined;
  children: React.ReactNode;
}) {
  const text = useValidationText();
  const error = text(shown, label);
  const required = useRequired(name);
  useFieldLabel(name, label);
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
function RequiredMark() {
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
