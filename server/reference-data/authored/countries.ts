/**
 * Country list (dataset `flag`): hand-made adjustments to the stefangabos ISO 3166 list.
 * SPEC §3: 248 countries with three-letter codes, plus UNK "Unknown".
 */
import type { AuthoredEntry } from './types';

/**
 * ISO 3166 entries left out to reach the 248 of the spec. Antarctica is not a state and no vessel
 * can fly its flag.
 */
export const EXCLUDED_ISO3: readonly string[] = ['ATA'];

/** Name corrections (keyed by ISO3) where the source is ambiguous or not neutral. */
export const NAME_OVERRIDES: Readonly<Record<string, { nameEn?: string; nameFr?: string }>> = {
  // stefangabos gives "Saint-Martin" for both the French and the Dutch part.
  MAF: { nameFr: 'Saint-Martin (partie française)' },
  SXM: { nameFr: 'Saint-Martin (partie néerlandaise)' },
  // Keep the French name aligned with the ISO 3166 English short name.
  ESH: { nameFr: 'Sahara occidental' },
  TWN: { nameFr: 'Taïwan, province de Chine' },
};

/** The "unknown flag" entry. ISO 3166 numeric codes stop at 894; 999 is free. */
export const UNKNOWN_COUNTRY: AuthoredEntry = { id: 999, code: 'UNK', nameEn: 'Unknown', nameFr: 'Inconnu' };
