/**
 * Purposes of port entry (SPEC §3). Wording follows the FAO Port State Measures Agreement
 * (Art. 1(j) "use of port", Annex A item 3 "purpose(s) of call") in its English and French texts.
 * Codes are the app's. OTH is id 12 (the app's fallback) and is the only one needing user details.
 */
import type { AuthoredPurpose } from './types';

export const PURPOSES: readonly AuthoredPurpose[] = [
  { id: 1, code: 'LAN', nameEn: 'Landing', nameFr: 'Débarquement', requireUserDetails: 0 },
  { id: 2, code: 'TRX', nameEn: 'Transhipment', nameFr: 'Transbordement', requireUserDetails: 0 },
  { id: 3, code: 'PAC', nameEn: 'Packaging', nameFr: 'Conditionnement', requireUserDetails: 0 },
  { id: 4, code: 'PRO', nameEn: 'Processing', nameFr: 'Transformation', requireUserDetails: 0 },
  { id: 5, code: 'REF', nameEn: 'Refuelling', nameFr: 'Approvisionnement en carburant', requireUserDetails: 0 },
  { id: 6, code: 'RES', nameEn: 'Resupplying', nameFr: 'Avitaillement', requireUserDetails: 0 },
  { id: 7, code: 'MAI', nameEn: 'Maintenance', nameFr: 'Entretien', requireUserDetails: 0 },
  { id: 8, code: 'DOC', nameEn: 'Drydocking', nameFr: 'Passage en cale sèche', requireUserDetails: 0 },
  // PSMA Art. 10: entry for reasons of force majeure or distress.
  { id: 9, code: 'FOR', nameEn: 'Force majeure or distress', nameFr: 'Force majeure ou détresse', requireUserDetails: 0 },
  { id: 10, code: 'CRE', nameEn: 'Crew change or rest', nameFr: "Relève ou repos de l'équipage", requireUserDetails: 0 },
  { id: 11, code: 'INS', nameEn: 'Inspection', nameFr: 'Inspection', requireUserDetails: 0 },
  { id: 12, code: 'OTH', nameEn: 'Other (please specify)', nameFr: 'Autre (préciser)', requireUserDetails: 1 },
];
