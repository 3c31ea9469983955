'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { parseMessage } from '@/lib/inspection/validation/messages';

/** A validation message (SPEC §5) in the current language, naming the field by its label. */
export function useValidationText() {
  const t = useTranslations('validation');
  return useCallback((message: string | undefined, field: string) => {
    if (!message) return undefined;
    const { key, values } = parseMessage(message);
    return t(key, { field, value: '', ...values });
  }, [t]);
}
