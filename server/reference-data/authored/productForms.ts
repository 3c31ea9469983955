/**
 * Product presentations (dataset `productForms`, SPEC §3: codes "1".."17"). Authored in the spec's
 * order. Where an IOTC processing type (iotc_FISH_PROCESSING_TYPES.csv) has the same meaning its
 * code is given as `sourceCode` and the build takes the names from that file; the shark variants
 * follow the "fins naturally attached" wording of IOTC Resolution 17/05 on sharks.
 */
import type { SourcedEntry } from './types';

export const PRODUCT_FORMS: readonly SourcedEntry[] = [
  { id: 1, code: '1', nameEn: 'Whole (round)', nameFr: 'Entier (rond)' },
  { id: 2, code: '2', nameEn: 'Head-on, gilled and gutted', nameFr: 'Avec tête, sans branchies et éviscéré' },
  { id: 3, code: '3', nameEn: 'Head-off, gilled and gutted', nameFr: 'Étêté, sans branchies et éviscéré' },
  { id: 4, code: '4', sourceCode: 'FL' },
  { id: 5, code: '5', sourceCode: 'FW' },
  { id: 6, code: '6', nameEn: 'Belly meat', nameFr: 'Ventrèche' },
  { id: 7, code: '7', nameEn: 'Shark fins', nameFr: 'Ailerons de requin' },
  { id: 8, code: '8', nameEn: 'Not elsewhere identified', nameFr: 'Non identifié ailleurs' },
  { id: 9, code: '9', nameEn: 'Shark: whole, fins naturally attached', nameFr: 'Requin : entier, ailerons naturellement attachés' },
  { id: 10, code: '10', nameEn: 'Shark: gutted, fins naturally attached', nameFr: 'Requin : éviscéré, ailerons naturellement attachés' },
  { id: 11, code: '11', nameEn: 'Shark: headed and gutted, fins naturally attached', nameFr: 'Requin : étêté et éviscéré, ailerons naturellement attachés' },
  { id: 12, code: '12', nameEn: 'Shark: trunk, fins removed', nameFr: 'Requin : tronc, ailerons retirés' },
  { id: 13, code: '13', nameEn: 'Shark: meat', nameFr: 'Requin : chair' },
  { id: 14, code: '14', nameEn: 'Shark: skin', nameFr: 'Requin : peau' },
  { id: 15, code: '15', nameEn: 'Eggs (roe)', nameFr: 'Œufs (rogue)' },
  { id: 16, code: '16', nameEn: 'Stomach', nameFr: 'Estomac' },
  { id: 17, code: '17', nameEn: 'Shark liver oil', nameFr: 'Huile de foie de requin' },
];
