/**
 * VMS types (SPEC §3): 9 types "Inmarsat to unspecified", plus the "Other" option whose id is fixed
 * at 999 by the spec (the app then asks for a free-text name). The dataset therefore has 10 entries.
 */
import type { AuthoredEntry } from './types';

export const VMS_TYPES: readonly AuthoredEntry[] = [
  { id: 1, code: 'INMC', nameEn: 'Inmarsat-C', nameFr: 'Inmarsat-C' },
  { id: 2, code: 'INMM', nameEn: 'Inmarsat Mini-C', nameFr: 'Inmarsat Mini-C' },
  { id: 3, code: 'INMD', nameEn: 'Inmarsat IsatData Pro', nameFr: 'Inmarsat IsatData Pro' },
  { id: 4, code: 'IRID', nameEn: 'Iridium', nameFr: 'Iridium' },
  { id: 5, code: 'ARGO', nameEn: 'Argos', nameFr: 'Argos' },
  { id: 6, code: 'ORBC', nameEn: 'Orbcomm', nameFr: 'Orbcomm' },
  { id: 7, code: 'THUR', nameEn: 'Thuraya', nameFr: 'Thuraya' },
  { id: 8, code: 'GSM', nameEn: 'GSM/GPRS (terrestrial mobile network)', nameFr: 'GSM/GPRS (réseau mobile terrestre)' },
  { id: 9, code: 'UNSP', nameEn: 'Unspecified', nameFr: 'Non spécifié' },
  { id: 999, code: 'OTH', nameEn: 'Other', nameFr: 'Autre' },
];
