'use client';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { Language } from '@/lib/contract';
import { toast } from 'sonner';
import { DEFAULT_LANGUAGE, loadedMessages, loadedScreenMessages, loadScreenMessages, type ScreenMessages as Screens } from '@/lib/i18n/messages';

/**
 * Adds the screen messages (messages/screens/{language}.json: the inspection, vessel and export
 * namespaces) to the app's messages for its children. Until the bundle of the current language is
 * there, children see the last bundle shown (a language switch never unmounts a form in progress),
 * or, when none was shown yet, `fallback`. lib/i18n/messages.ts loads both bundles before a switch.
 */
export function ScreenMessages({ children, fallback = null }: { children: React.ReactNode; fallback?: React.ReactNode }) {
  const locale = useLocale() as Language;
  const parent = useMessages();
  const ready = loadedScreenMessages(locale);
  const [last, setLast] = useState<Screens | undefined>(ready);
  if (ready && ready !== last) setLast(ready);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (ready) return;
    let live = true;
    loadScreenMessages(locale).then(
      (screens) => live && setLast(screens),
      () => {
        if (!live) return;
        setFailed(true);
        toast.error(loadedMessages(DEFAULT_LANGUAGE)!.errors.translations, { duration: 5000 });
      },
    );
    return () => {
      live = false;
    };
  }, [locale, ready]);

  const screens = ready ?? last ?? loadedScreenMessages(DEFAULT_LANGUAGE);
  const messages = useMemo(() => (screens ? { ...parent, ...screens } : parent), [parent, screens]);
  if (!screens && !failed) return fallback;
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
