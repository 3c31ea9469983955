import { useSyncExternalStore } from 'react';
import { chooseLanguage, type AppLanguage } from '@/lib/i18n/system-language';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';

function subscribe(onChange: () => void) {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** The language on screen: as the inspector chose it, else as the tablet is, following its changes. */
export function useLanguage(): AppLanguage {
  const choice = useStore(settingsStore)?.language ?? null;
  const system = useSyncExternalStore(subscribe, () => navigator.languages.join(','), () => '');
  return chooseLanguage(choice, system ? system.split(',') : []);
}
