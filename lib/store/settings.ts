import type { Settings } from '@/lib/contract';
import { loadContract } from '@/lib/contract/load';
import { createPersistentStore } from './persistent-store';

const DEFAULT_SETTINGS: Settings = {
  darkMode: null,
  showAdvancedFeatures: false,
  onLine: true,
  updateAvailable: false,
  language: null,
  fontSize: 'medium',
  filters: { ports: [] },
  application: { installed: false },
};

/** Key also read by the inline script in the root layout, to paint the right theme at once. */
export const SETTINGS_KEY = 'settings';

export const settingsStore = createPersistentStore(SETTINGS_KEY, async () => (await loadContract()).settings, DEFAULT_SETTINGS, { record: 'settings' });

export function updateSettings(patch: Partial<Settings>) {
  settingsStore.set((s) => ({ ...s, ...patch }));
}
