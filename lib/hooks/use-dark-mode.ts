import { useSyncExternalStore } from 'react';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const query = matchMedia(SYSTEM_DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Dark as the inspector chose it (SPEC §2 toggle), else as the system is, following its changes. */
export function useDarkMode(): boolean {
  const choice = useStore(settingsStore)?.darkMode ?? null;
  const system = useSyncExternalStore(subscribe, () => matchMedia(SYSTEM_DARK).matches, () => false);
  return choice ?? system;
}
