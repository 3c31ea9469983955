'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { StepErrors } from '@/lib/contract';

/** A message as the step's check stored it: a key of the `validation` messages and its arguments. */
export type ShownMessage = StepErrors['errors'][string][number];

/** A validation message (SPEC §5) in the current language, naming the field by its label. */
export function useValidationText() {
  const t = useTranslations('validation');
  return useCallback(
    (message: ShownMessage | undefined, field: string) => (message ? t(message.key as 'required', { field, value: '', ...message.values }) : undefined),
    [t],
  );
}
