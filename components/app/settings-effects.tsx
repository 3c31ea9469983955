'use client';
import { useEffect } from 'react';
import { useStore } from '@/lib/store/use-store';
import { settingsStore } from '@/lib/store/settings';
import { useDarkMode } from '@/lib/hooks/use-dark-mode';
import { useLanguage } from '@/lib/hooks/use-language';

/** Applies the settings to the document: dark mode (or the system's), font size, language. */
export function SettingsEffects() {
  const settings = useStore(settingsStore);
  const dark = useDarkMode();
  const language = useLanguage();
  useEffect(() => {
    if (!settings) return;
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.setAttribute('data-font-size', settings.fontSize);
    root.lang = language;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0f1a2b' : '#1d4f8c');
  }, [settings, dark, language]);
  return null;
}
