'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api/errors';
import { errorKey } from '@/lib/errors/message-key';
import { formatBytes } from '@/lib/format/bytes';

/** Words for a failure: a known message in the current language, else the server's message. */
export function useErrorText() {
  const t = useTranslations('errors');
  const locale = useLocale();
  return useCallback(
    (e: unknown, values: Record<string, string | number> = {}) => {
      const message = e instanceof Error ? e.message : String(e);
      const v = (e as { values?: Record<string, string | number> })?.values ?? values;
      const key = errorKey(message);
      if (key === 'noSpace')
        return t('noSpace', {
          needed: formatBytes(Number(v.needed ?? 0), locale),
          reserve: formatBytes(Number(v.reserve ?? 0), locale),
          free: formatBytes(Number(v.free ?? 0), locale),
        });
      if (key === 'noResponse' || key === 'noRequest') return t(key, { url: e instanceof ApiError ? e.url : '' });
      if (key) return t(key);
      return message;
    },
    [t, locale],
  );
}
