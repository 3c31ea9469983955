/**
 * Species (SPEC §3: targetGroup TROP, OTHR, AGGR, UNKN, ICCAT; special codes OTHR, UNKN, SKHS;
 * list to id 137). The list is selected from iotc_SPECIES.csv; this file holds the selection rules
 * and the three special codes.
 */
import type { AuthoredEntry } from './types';

export type TargetGroup = 'TROP' | 'OTHR' | 'AGGR' | 'UNKN' | 'ICCAT';

/**
 * IOTC species categories taken whole, in this order (ids follow it, then the species code).
 * Seabirds, cetaceans and turtles are left out: they are not catch an inspector checks in port.
 */
export const INCLUDED_CATEGORIES: readonly string[] = [
  'TROPICAL',
  'TEMPERATE',
  'BILLFISH',
  'NERITIC',
  'SEERFISH',
  'TUNAS_NEI',
  'SHARKS',
  'RAYS',
];

/** From the OTHERS category, only the usual by-catch of tuna fisheries (plus IOTC aggregates). */
export const INCLUDED_OTHER_CODES: readonly string[] = [
  'AG09', // wahoo and seerfishes nei
  'AG47', // common dolphinfish and rainbow runner
  'ALX',
  'BAR',
  'BRZ',
  'CGX',
  'DOL',
  'DOX',
  'GBA',
  'GEP',
  'LAG',
  'LEC',
  'MOX',
  'MZZ',
  'OIL',
  'POA',
  'RRU',
  'SQU',
  'TST',
  'TUX',
];

/**
 * targetGroup from the IOTC category: aggregates (IS_AGGREGATE = 1) are AGGR whatever their
 * category; tropical tunas TROP; temperate tunas and billfish ICCAT (species also under ICCAT's
 * mandate); everything else OTHR.
 */
export const TARGET_GROUP_BY_CATEGORY: Readonly<Record<string, TargetGroup>> = {
  TROPICAL: 'TROP',
  TEMPERATE: 'ICCAT',
  BILLFISH: 'ICCAT',
};

/**
 * The special codes, appended after the selected species. OTHR and SKHS take their wording from
 * the IOTC legacy species list (iotc_LEGACY_SPECIES.csv: "Other non tuna-like fishes nei",
 * "Sharks finned"); UNKN is the legacy UNCL "Unknown" under the code the app uses.
 */
export const SPECIAL_SPECIES: readonly (Omit<AuthoredEntry, 'id'> & { targetGroup: TargetGroup })[] = [
  { code: 'OTHR', nameEn: 'Other species (non tuna-like fishes nei)', nameFr: 'Autres espèces (poissons non du type thon nca)', targetGroup: 'OTHR' },
  { code: 'UNKN', nameEn: 'Unknown', nameFr: 'Inconnu', targetGroup: 'UNKN' },
  { code: 'SKHS', nameEn: 'Sharks nei, finned', nameFr: 'Requins nca, sans nageoires', targetGroup: 'AGGR' },
];
