import { LANGUAGES } from '@/lib/contract/constants';

export type AppLanguage = (typeof LANGUAGES)[number];

/**
 * The app's language: the inspector's choice once made, else the first of the tablet's languages the
 * app speaks (a regional variant counts: fr-CA is French), else English (SPEC §9 default).
 */
export function chooseLanguage(choice: AppLanguage | null | undefined, system: readonly string[]): AppLanguage {
  if (choice) return choice;
  for (const tag of system) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((l) => l === primary);
    if (found) return found;
  }
  return 'en';
}
