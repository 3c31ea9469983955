/**
 * Species groups named on fishing authorisations (SPEC §3: 30 entries). Authored. Entries with a
 * `sourceCode` are single species whose names the build takes from iotc_SPECIES.csv; the groups
 * are named after the IOTC species categories (iotc_SPECIES_CATEGORIES.csv wording, shortened).
 */
import type { SourcedEntry } from './types';

export const SPECIES_FOR_FISHING_AUTHORIZATION: readonly SourcedEntry[] = [
  { id: 1, code: 'ALL', nameEn: 'All species under the IOTC mandate', nameFr: 'Toutes les espèces relevant du mandat de la CTOI' },
  { id: 2, code: 'TROP', nameEn: 'Tropical tunas', nameFr: 'Thons tropicaux' },
  { id: 3, code: 'TEMP', nameEn: 'Temperate tunas', nameFr: 'Thons tempérés' },
  { id: 4, code: 'NERI', nameEn: 'Neritic tunas', nameFr: 'Thons néritiques' },
  { id: 5, code: 'BILL', nameEn: 'Billfish', nameFr: 'Porte-épées' },
  { id: 6, code: 'SEER', nameEn: 'Seerfishes', nameFr: 'Thazards' },
  { id: 7, code: 'SHRK', nameEn: 'Sharks', nameFr: 'Requins' },
  { id: 8, code: 'RAYS', nameEn: 'Rays', nameFr: 'Raies' },
  { id: 9, code: 'YFT', sourceCode: 'YFT' },
  { id: 10, code: 'BET', sourceCode: 'BET' },
  { id: 11, code: 'SKJ', sourceCode: 'SKJ' },
  { id: 12, code: 'ALB', sourceCode: 'ALB' },
  { id: 13, code: 'SBF', sourceCode: 'SBF' },
  { id: 14, code: 'SWO', sourceCode: 'SWO' },
  { id: 15, code: 'BLM', sourceCode: 'BLM' },
  { id: 16, code: 'BUM', sourceCode: 'BUM' },
  { id: 17, code: 'MLS', sourceCode: 'MLS' },
  { id: 18, code: 'SFA', sourceCode: 'SFA' },
  { id: 19, code: 'LOT', sourceCode: 'LOT' },
  { id: 20, code: 'KAW', sourceCode: 'KAW' },
  { id: 21, code: 'FRZ', sourceCode: 'FRZ' },
  { id: 22, code: 'COM', sourceCode: 'COM' },
  { id: 23, code: 'BSH', sourceCode: 'BSH' },
  { id: 24, code: 'SMA', sourceCode: 'SMA' },
  { id: 25, code: 'DOL', sourceCode: 'DOL' },
  { id: 26, code: 'WAH', sourceCode: 'WAH' },
  { id: 27, code: 'SQU', sourceCode: 'SQU' },
  { id: 28, code: 'SMPE', nameEn: 'Small pelagic species', nameFr: 'Petits pélagiques' },
  { id: 29, code: 'DEMR', nameEn: 'Demersal species', nameFr: 'Espèces démersales' },
  { id: 30, code: 'OTHR', nameEn: 'Other species', nameFr: 'Autres espèces' },
];
