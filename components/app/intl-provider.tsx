'use client';
import { NextIntlClientProvider } from 'next-intl';
import { useStore } from '@/lib/store/use-store';
import { settingsStore } from '@/lib/store/settings';
import { DEFAULT_LANGUAGE, MESSAGES } from '@/lib/i18n/messages';

/** Dates and times follow the tablet's own time zone. */
const timeZone = typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC';

export function IntlProvider({ children }: { children: React.ReactNode }) {
  const settings = useStore(settingsStore);
  const locale = settings?.language ?? DEFAULT_LANGUAGE;
  return (
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={timeZone} now={undefined}>
      {children}
    </NextIntlClientProvider>
  );
}
