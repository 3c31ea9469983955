/**
 * RFMOs (SPEC §3): the 11 codes, ids 1..11 in alphabetical order. The source data of the original
 * system duplicated some ids; here every id is unique.
 * Names of CCAMLR, ICCAT, NAFO, NASCO, NEAFC and SEAFO come from FAO's fao_CL_FI_RFB.csv (matched on
 * Short_Name_En); CCSBT, IATTC and WCPFC take their English name from fdiwg_cl_tuna_rfmos.csv. The
 * French names below (and both names of SIOFA and SPRFMO) are authored from the bodies' own
 * French titles.
 */
import type { SourcedEntry } from './types';

export const RFMOS: readonly SourcedEntry[] = [
  { id: 1, code: 'CCAMLR' },
  { id: 2, code: 'CCSBT', nameFr: 'Commission pour la conservation du thon rouge du Sud' },
  { id: 3, code: 'IATTC', nameFr: 'Commission interaméricaine du thon tropical' },
  { id: 4, code: 'ICCAT' },
  { id: 5, code: 'NAFO' },
  { id: 6, code: 'NASCO' },
  { id: 7, code: 'NEAFC' },
  { id: 8, code: 'SEAFO' },
  {
    id: 9,
    code: 'SIOFA',
    nameEn: 'Southern Indian Ocean Fisheries Agreement',
    nameFr: "Accord relatif aux pêches dans le sud de l'océan Indien",
  },
  {
    id: 10,
    code: 'SPRFMO',
    nameEn: 'South Pacific Regional Fisheries Management Organisation',
    nameFr: 'Organisation régionale de gestion des pêches du Pacifique Sud',
  },
  // The fdiwg label reads "Western & Central ..."; the Convention's title uses "and".
  {
    id: 11,
    code: 'WCPFC',
    nameEn: 'Western and Central Pacific Fisheries Commission',
    nameFr: 'Commission des pêches du Pacifique occidental et central',
  },
];
