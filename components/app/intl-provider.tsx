'use client';
import { NextIntlClientProvider } from 'next-intl';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Language } from '@/lib/contract';
import { useLanguage } from '@/lib/hooks/use-language';
import { DEFAULT_LANGUAGE, loadedMessages, loadMessages, type Messages } from '@/lib/i18n/messages';
import { LONG_TOAST_MS } from '@/components/shared/toasts';

/** Dates and times follow the tablet's own time zone. */
const timeZone = typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC';

export function IntlProvider({ children }: { children: React.ReactNode }) {
  const wanted = useLanguage();
  // While a language loads, the last one loaded stays on screen (no blank page, no key names).
  const [shown, setShown] = useState<{ locale: Language; messages: Messages }>({ locale: DEFAULT_LANGUAGE, messages: loadedMessages(DEFAULT_LANGUAGE)! });
  const ready = loadedMessages(wanted);

  useEffect(() => {
    if (ready) return;
    let live = true;
    loadMessages(wanted).then(
      (messages) => live && setShown({ locale: wanted, messages }),
      () => live && toast.error(loadedMessages(DEFAULT_LANGUAGE)!.errors.translations, { duration: LONG_TOAST_MS }),
    );
    return () => {
      live = false;
    };
  }, [wanted, ready]);

  const { locale, messages } = ready ? { locale: wanted, messages: ready } : shown;
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone} now={undefined}>
      {children}
    </NextIntlClientProvider>
  );
}
