'use client';
import { useEffect } from 'react';
import { useStore } from '@/lib/store/use-store';
import { settingsStore } from '@/lib/store/settings';

/** Applies the settings to the document: dark mode, font size, language. */
export function SettingsEffects() {
  const settings = useStore(settingsStore);
  useEffect(() => {
    if (!settings) return;
    const root = document.documentElement;
    root.classList.toggle('dark', settings.darkMode);
    root.setAttribute('data-font-size', settings.fontSize);
    root.lang = settings.language;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', settings.darkMode ? '#0f1a2b' : '#1d4f8c');
  }, [settings]);
  return null;
}
