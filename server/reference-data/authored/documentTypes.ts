/**
 * Document types (SPEC §3): exactly 54 entries. The spec names the examples LECA, AUTF, TRAU, LAND,
 * VMSR, CRLI, CAMA, FILO, PIR, PER, PERT, PROF, SPLI, NEI, MFR and the ten vessel picture types; the
 * codes are IOTC e-PSM application codes published nowhere as data, so every name is authored and
 * several meanings are interpretations (see ../SOURCES.md). The other entries are documents a port
 * inspector meets under the PSMA and IOTC Resolutions (forms RAR/AREP/RAIAREP, ship certificates,
 * catch documentation, observer reports, ...).
 * Ids 1..44 are other document types, ids 45..54 the picture types (isPicture true only for those).
 * The spec once writes "PAIREs": the code is "PAIRE" (aerial view).
 */
import type { AuthoredDocumentType } from './types';

const doc = (id: number, code: string, nameEn: string, nameFr: string): AuthoredDocumentType => ({
  id,
  code,
  nameEn,
  nameFr,
  isPicture: false,
});
const picture = (id: number, code: string, nameEn: string, nameFr: string): AuthoredDocumentType => ({
  id,
  code,
  nameEn,
  nameFr,
  isPicture: true,
});

export const PICTURE_TYPES: readonly AuthoredDocumentType[] = [
  picture(45, 'PWHO', 'Picture: whole vessel', 'Photo : navire entier'),
  picture(46, 'PPSB', 'Picture: port side, bow', 'Photo : bâbord, avant'),
  picture(47, 'PPSS', 'Picture: port side, stern', 'Photo : bâbord, arrière'),
  picture(48, 'PSSB', 'Picture: starboard side, bow', 'Photo : tribord, avant'),
  picture(49, 'PSSS', 'Picture: starboard side, stern', 'Photo : tribord, arrière'),
  picture(50, 'PFRB', 'Picture: front of the bow', "Photo : face à l'étrave"),
  picture(51, 'PSTE', 'Picture: stern (name and port of registry)', "Photo : poupe (nom et port d'immatriculation)"),
  picture(52, 'PPBR', 'Picture: bridge, port side', 'Photo : passerelle, bâbord'),
  picture(53, 'PSBR', 'Picture: bridge, starboard side', 'Photo : passerelle, tribord'),
  picture(54, 'PAIRE', 'Picture: aerial view', 'Photo : vue aérienne'),
];

export const DOCUMENT_TYPES: readonly AuthoredDocumentType[] = [
  // The spec's examples (meanings of LECA, CAMA, PER, PERT, PROF, SPLI, MFR are interpretations).
  doc(1, 'LECA', "Master's declaration letter", 'Lettre de déclaration du capitaine'),
  doc(2, 'AUTF', 'Fishing authorisation', 'Autorisation de pêche'),
  doc(3, 'TRAU', 'Transhipment authorisation', 'Autorisation de transbordement'),
  doc(4, 'LAND', 'Landing declaration', 'Déclaration de débarquement'),
  doc(5, 'VMSR', 'VMS report (vessel track)', 'Rapport VMS (trajectoire du navire)'),
  doc(6, 'CRLI', 'Crew list', "Liste de l'équipage"),
  doc(7, 'CAMA', 'Cargo manifest', 'Manifeste de cargaison'),
  doc(8, 'FILO', 'Fishing logbook', 'Journal de pêche'),
  doc(9, 'PIR', 'Port inspection report', "Rapport d'inspection au port"),
  doc(10, 'PER', 'Port entry permit', "Permis d'entrée au port"),
  doc(11, 'PERT', 'Port entry permit for transhipment', "Permis d'entrée au port pour transbordement"),
  doc(12, 'PROF', 'Product forms declaration (presentation of the catch on board)', 'Déclaration des présentations (produits à bord)'),
  doc(13, 'SPLI', 'Stowage plan (catch by fish hold)', 'Plan de chargement (captures par cale)'),
  doc(14, 'NEI', 'Other document (not elsewhere identified)', 'Autre document (non identifié ailleurs)'),
  doc(15, 'MFR', 'Monitoring report of the landing or transhipment', 'Rapport de suivi du débarquement ou du transbordement'),
  // The app's form types (SPEC §3 "Form types: RAR, AREP, RAIAREP, PIR").
  doc(16, 'AREP', 'Advance request for entry into port', "Demande préalable d'entrée au port"),
  doc(17, 'RAR', 'Reply to the advance request for entry into port', "Réponse à la demande préalable d'entrée au port"),
  doc(18, 'RAIAREP', 'Request for additional information on the advance request', "Demande d'informations complémentaires sur la demande préalable"),
  // Vessel and master documents.
  doc(19, 'CREG', 'Certificate of registry', "Certificat d'immatriculation"),
  doc(20, 'IMOC', 'IMO ship identification number certificate', "Certificat de numéro d'identification OMI du navire"),
  doc(21, 'TONC', 'International tonnage certificate', 'Certificat international de jaugeage'),
  doc(22, 'SAFE', 'Fishing vessel safety certificate', 'Certificat de sécurité du navire de pêche'),
  doc(23, 'RADL', 'Ship radio station licence', 'Licence de station radio de navire'),
  doc(24, 'MAID', "Master's identity document", "Pièce d'identité du capitaine"),
  doc(25, 'MACE', "Master's certificate of competency", 'Brevet de capitaine'),
  doc(26, 'CHAR', 'Charter agreement', "Contrat d'affrètement"),
  doc(27, 'HOLD', 'Fish hold capacity plan', 'Plan de capacité des cales à poisson'),
  doc(28, 'GEAR', 'Fishing gear specifications', "Spécifications de l'engin de pêche"),
  doc(29, 'VMSC', 'VMS installation certificate', "Certificat d'installation VMS"),
  // Catch documentation and trade.
  doc(30, 'CACE', 'Catch certificate', 'Certificat de capture'),
  doc(31, 'BETS', 'IOTC bigeye tuna statistical document', 'Document statistique CTOI pour le thon obèse'),
  doc(32, 'SBTC', 'CCSBT catch documentation (southern bluefin tuna)', 'Documentation des captures CCSBT (thon rouge du Sud)'),
  doc(33, 'TDEC', 'Transhipment declaration', 'Déclaration de transbordement'),
  doc(34, 'SALE', 'Sales note', 'Note de vente'),
  doc(35, 'HEAL', 'Health certificate', 'Certificat sanitaire'),
  doc(36, 'FADL', 'FAD logbook', 'Journal des DCP'),
  // Monitoring, control and surveillance.
  doc(37, 'OBSR', 'Observer report', "Rapport d'observateur"),
  doc(38, 'ROPD', 'IOTC regional observer declaration (transhipment at sea)', "Déclaration de l'observateur régional CTOI (transbordement en mer)"),
  doc(39, 'PPIR', 'Previous port inspection report', "Rapport d'inspection au port antérieur"),
  doc(40, 'RAVE', 'Extract of the IOTC record of authorised vessels', 'Extrait du registre CTOI des navires autorisés'),
  doc(41, 'IUUL', 'Extract of an IUU vessel list', "Extrait d'une liste des navires INN"),
  doc(42, 'FSCO', 'Flag state confirmation', "Confirmation de l'État du pavillon"),
  doc(43, 'AISR', 'AIS track report', 'Rapport de trajectoire AIS'),
  doc(44, 'INFR', 'Infringement notice', "Avis d'infraction"),
];
