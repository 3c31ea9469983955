/**
 * Gear (SPEC §3): exactly the 28 codes of the spec, ids 1..28 in the spec's order.
 * Names come from the IOTC legacy gear list (iotc_LEGACY_GEARS.csv, or for HABB
 * iotc_LEGACY_GEAR_TYPES_by_country.csv) unless given here. The ten codes found in no public file
 * (LLLI, SJIG, LISJ, LLPS, BBTR, BBLI, LLBH, LLGI, LLTW, UNCV) are authored as gear combinations.
 */
import type { SourcedEntry } from './types';

export const GEARS: readonly SourcedEntry[] = [
  // The spec calls PS "purse seine", LL "drifting longline" and BB "pole and line"; the IOTC FR
  // label of LL ("Palangre dérivante au-dessus de 1800 hameçons") is a legacy statistical stratum.
  { id: 1, code: 'PS' },
  { id: 2, code: 'LL', nameEn: 'Drifting longline', nameFr: 'Palangre dérivante' },
  { id: 3, code: 'BB', nameEn: 'Pole and line (baitboat)', nameFr: 'Canne (canneur)' },
  { id: 4, code: 'GILL' },
  { id: 5, code: 'SUPP' },
  // Source EN has a double space and the FR label forgets the pole and line.
  { id: 6, code: 'HABB', nameEn: 'Handline, pole and line and troll line', nameFr: 'Ligne à main, canne et ligne de traîne' },
  { id: 7, code: 'TRAW' },
  { id: 8, code: 'TROL' },
  { id: 9, code: 'HAND' },
  { id: 10, code: 'FLL', nameEn: 'Fresh tuna longline', nameFr: 'Palangre (thon frais)' },
  { id: 11, code: 'LLTR' },
  // LINE is an IOTC legacy gear *group* (GEAR_GROUP_CODE), not a gear row: its group name is used.
  { id: 12, code: 'LINE' },
  { id: 13, code: 'LLF' },
  { id: 14, code: 'TRAP' },
  { id: 15, code: 'LLLI', nameEn: 'Longline and hook and line combination', nameFr: 'Palangre et lignes à hameçons' },
  { id: 16, code: 'PSS' },
  { id: 17, code: 'SJIG', nameEn: 'Squid jigging', nameFr: 'Turlutte à calmar' },
  { id: 18, code: 'LISJ', nameEn: 'Hook and line and squid jigging combination', nameFr: 'Lignes à hameçons et turlutte à calmar' },
  { id: 19, code: 'LLPS', nameEn: 'Longline and purse seine combination', nameFr: 'Palangre et senne tournante' },
  { id: 20, code: 'BBTR', nameEn: 'Pole and line and troll line combination', nameFr: 'Canne et ligne de traîne' },
  { id: 21, code: 'BBLI', nameEn: 'Pole and line and hook and line combination', nameFr: 'Canne et lignes à hameçons' },
  { id: 22, code: 'HOOK' },
  { id: 23, code: 'LLBH', nameEn: 'Longline, pole and line and handline combination', nameFr: 'Palangre, canne et ligne à main' },
  { id: 24, code: 'LLHA' },
  { id: 25, code: 'LLGI', nameEn: 'Longline and gillnet combination', nameFr: 'Palangre et filet maillant' },
  { id: 26, code: 'LLTW', nameEn: 'Longline and trawl combination', nameFr: 'Palangre et chalut' },
  { id: 27, code: 'UNCL' },
  { id: 28, code: 'UNCV', nameEn: 'No fishing gear (carrier vessel)', nameFr: 'Aucun engin de pêche (navire transporteur)' },
];
