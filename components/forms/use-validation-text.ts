'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { Message } from '@/lib/inspection/validation/messages';

/** A message as the step's check stored it (its key is one of Message's). */
export type ShownMessage = { key: string; values?: Message['values'] };

/** A validation message (SPEC §5) in the current language, naming the field by its label. */
export function useValidationText() {
  const t = useTranslations('validation');
  return useCallback(
    (message: ShownMessage | undefined, field: string) => (message ? t(message.key as Message['key'], { field, value: '', ...message.values }) : undefined),
    [t],
  );
}
