/**
 * Vessel types (SPEC §3): the 13 codes of the spec. No public list uses these codes; meanings follow
 * the FAO ISSCFV vessel classes (EN) and the IOTC VESSEL_TYPES French names where one fits.
 * Correspondence: BB~ISSCFV LP, GI~GO, LL~LL, PS~SP (ISSCFV "SP" means purse seiner, the app's "SP" is
 * a supply vessel), LB~ISSCFV L2 LB, LI~LO, RT~RT, TW~TO, SP~SA, CF~FO, MU~MO.
 */
import type { AuthoredEntry } from './types';

export const VESSEL_TYPES: readonly AuthoredEntry[] = [
  { id: 1, code: 'BB', nameEn: 'Pole and line vessel (baitboat)', nameFr: 'Canneur' },
  { id: 2, code: 'GI', nameEn: 'Gillnetter', nameFr: 'Fileyeur' },
  { id: 3, code: 'LL', nameEn: 'Longliner', nameFr: 'Palangrier' },
  { id: 4, code: 'PS', nameEn: 'Purse seiner', nameFr: 'Senneur' },
  { id: 5, code: 'LB', nameEn: 'Bottom longliner', nameFr: 'Palangrier de fond' },
  { id: 6, code: 'LI', nameEn: 'Line vessel (handline, troll line)', nameFr: 'Ligneur (ligne à main, ligne de traîne)' },
  { id: 7, code: 'RT', nameEn: 'Fishery research and survey vessel', nameFr: 'Navire de recherche et de prospection halieutique' },
  { id: 8, code: 'TW', nameEn: 'Trawler', nameFr: 'Chalutier' },
  { id: 9, code: 'UN', nameEn: 'Unknown', nameFr: 'Inconnu' },
  { id: 10, code: 'SP', nameEn: 'Supply vessel', nameFr: 'Navire auxiliaire' },
  { id: 11, code: 'LC', nameEn: 'Coastal longliner', nameFr: 'Palangrier côtier' },
  { id: 12, code: 'CF', nameEn: 'Fish carrier and reefer', nameFr: 'Transporteur de poisson et navire frigorifique' },
  { id: 13, code: 'MU', nameEn: 'Multipurpose vessel', nameFr: 'Navire polyvalent' },
];
