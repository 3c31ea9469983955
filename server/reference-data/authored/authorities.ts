/**
 * Inspecting / issuing authorities (SPEC §3: about 51 entries including an unidentified one).
 * No public list exists: authored from the names the authorities use themselves, covering the
 * fisheries administrations of the 18 port states of the port list, the other IOTC Contracting
 * Parties, the main flag states of vessels calling in the region, and a regional surveillance
 * programme. Code = ISO3 of the state (EUR for the EU, IOC for the Indian Ocean Commission) + an
 * acronym. Names change with government reshuffles: check them before relying on them.
 */
import type { AuthoredEntry } from './types';

const a = (id: number, code: string, nameEn: string, nameFr: string): AuthoredEntry => ({ id, code, nameEn, nameFr });

export const AUTHORITIES: readonly AuthoredEntry[] = [
  // Port states of the port list.
  a(1, 'AUS-AFMA', 'Australian Fisheries Management Authority', 'Autorité australienne de gestion des pêches'),
  a(2, 'AUS-DPIRD', 'Department of Primary Industries and Regional Development, Western Australia', "Département des industries primaires et du développement régional, Australie-Occidentale"),
  a(3, 'IDN-KKP', 'Ministry of Marine Affairs and Fisheries, Indonesia', 'Ministère des affaires maritimes et de la pêche, Indonésie'),
  a(4, 'IRN-IFO', 'Iran Fisheries Organization', "Organisation des pêches d'Iran"),
  a(5, 'KEN-KFS', 'Kenya Fisheries Service', 'Service des pêches du Kenya'),
  a(6, 'MDG-CSP', 'Fisheries Monitoring Centre, Madagascar', 'Centre de surveillance des pêches, Madagascar'),
  a(7, 'MDG-MPEB', 'Ministry of Fisheries and Blue Economy, Madagascar', "Ministère de la pêche et de l'économie bleue, Madagascar"),
  a(8, 'MYS-DOF', 'Department of Fisheries Malaysia', 'Département des pêches de Malaisie'),
  a(9, 'MDV-MOFOR', 'Ministry of Fisheries and Ocean Resources, Maldives', 'Ministère de la pêche et des ressources océaniques, Maldives'),
  a(10, 'MUS-FPS', 'Fisheries Protection Service, Mauritius', 'Service de protection des pêches, Maurice'),
  a(11, 'MUS-MBE', 'Ministry of Blue Economy, Marine Resources, Fisheries and Shipping, Mauritius', "Ministère de l'économie bleue, des ressources marines, de la pêche et de la navigation, Maurice"),
  a(12, 'MOZ-ADNAP', 'National Fisheries Administration, Mozambique', 'Administration nationale des pêches, Mozambique'),
  a(13, 'MOZ-INAMAR', 'National Maritime Institute, Mozambique', 'Institut maritime national, Mozambique'),
  a(14, 'OMN-MAFWR', 'Ministry of Agriculture, Fisheries and Water Resources, Oman', "Ministère de l'agriculture, de la pêche et des ressources en eau, Oman"),
  a(15, 'SYC-SFA', 'Seychelles Fishing Authority', 'Autorité des pêches des Seychelles'),
  a(16, 'SOM-MFBE', 'Ministry of Fisheries and Blue Economy, Somalia', "Ministère de la pêche et de l'économie bleue, Somalie"),
  a(17, 'ZAF-DFFE', 'Department of Forestry, Fisheries and the Environment, South Africa', "Département des forêts, de la pêche et de l'environnement, Afrique du Sud"),
  a(18, 'LKA-DFAR', 'Department of Fisheries and Aquatic Resources, Sri Lanka', 'Département des pêches et des ressources aquatiques, Sri Lanka'),
  a(19, 'TZA-DSFA', 'Deep Sea Fishing Authority, Tanzania', 'Autorité de la pêche en haute mer, Tanzanie'),
  a(20, 'TZA-MLF', 'Ministry of Livestock and Fisheries, Tanzania', "Ministère de l'élevage et de la pêche, Tanzanie"),
  a(21, 'THA-DOF', 'Department of Fisheries, Thailand', 'Département des pêches, Thaïlande'),
  a(22, 'SGP-SFA', 'Singapore Food Agency', 'Agence alimentaire de Singapour'),
  a(23, 'FRA-DMSOI', 'Southern Indian Ocean Sea Directorate (Réunion)', 'Direction de la mer Sud océan Indien (La Réunion)'),
  // Other IOTC Contracting Parties and cooperating non-contracting parties.
  a(24, 'EUR-DGMARE', 'European Commission, Directorate-General for Maritime Affairs and Fisheries', 'Commission européenne, direction générale des affaires maritimes et de la pêche'),
  a(25, 'FRA-DGAMPA', 'Directorate-General for Maritime Affairs, Fisheries and Aquaculture, France', "Direction générale des affaires maritimes, de la pêche et de l'aquaculture, France"),
  a(26, 'FRA-TAAF', 'Administration of the French Southern and Antarctic Lands', 'Administration des Terres australes et antarctiques françaises'),
  a(27, 'ESP-SGP', 'General Secretariat of Fisheries, Spain', 'Secrétariat général de la pêche, Espagne'),
  a(28, 'PRT-DGRM', 'Directorate-General for Natural Resources, Safety and Maritime Services, Portugal', 'Direction générale des ressources naturelles, de la sécurité et des services maritimes, Portugal'),
  a(29, 'ITA-MASAF', 'Ministry of Agriculture, Food Sovereignty and Forests, Italy', "Ministère de l'agriculture, de la souveraineté alimentaire et des forêts, Italie"),
  a(30, 'GBR-MMO', 'Marine Management Organisation, United Kingdom', 'Organisation de gestion marine, Royaume-Uni'),
  a(31, 'GBR-BIOT', 'British Indian Ocean Territory Administration', "Administration du Territoire britannique de l'océan Indien"),
  a(32, 'BGD-DOF', 'Department of Fisheries, Bangladesh', 'Département des pêches, Bangladesh'),
  a(33, 'CHN-BOF', 'Bureau of Fisheries, Ministry of Agriculture and Rural Affairs, China', "Bureau des pêches, ministère de l'agriculture et des affaires rurales, Chine"),
  a(34, 'COM-DGRH', 'General Directorate of Fisheries Resources, Comoros', 'Direction générale des ressources halieutiques, Comores'),
  a(35, 'IND-DOF', 'Department of Fisheries, Ministry of Fisheries, Animal Husbandry and Dairying, India', "Département des pêches, ministère de la pêche, de l'élevage et de la production laitière, Inde"),
  a(36, 'JPN-FA', 'Fisheries Agency of Japan', 'Agence des pêches du Japon'),
  a(37, 'KOR-MOF', 'Ministry of Oceans and Fisheries, Republic of Korea', 'Ministère des océans et de la pêche, République de Corée'),
  a(38, 'LBR-NAFAA', 'National Fisheries and Aquaculture Authority, Liberia', "Autorité nationale de la pêche et de l'aquaculture, Libéria"),
  a(39, 'PAK-MFD', 'Marine Fisheries Department, Pakistan', 'Département des pêches maritimes, Pakistan'),
  a(40, 'PHL-BFAR', 'Bureau of Fisheries and Aquatic Resources, Philippines', 'Bureau des pêches et des ressources aquatiques, Philippines'),
  a(41, 'SDN-MARF', 'Ministry of Animal Resources and Fisheries, Sudan', 'Ministère des ressources animales et de la pêche, Soudan'),
  a(42, 'YEM-MFW', 'Ministry of Fish Wealth, Yemen', 'Ministère des ressources halieutiques, Yémen'),
  a(43, 'PAN-ARAP', 'Aquatic Resources Authority of Panama', 'Autorité des ressources aquatiques du Panama'),
  // Flag states of vessels often calling in the region.
  a(44, 'TWN-FA', 'Fisheries Agency, Taiwan, Province of China', 'Agence des pêches, Taïwan, province de Chine'),
  a(45, 'USA-NMFS', 'National Marine Fisheries Service (NOAA Fisheries), United States', 'Service national des pêches maritimes (NOAA Fisheries), États-Unis'),
  a(46, 'BLZ-BHSFU', 'Belize High Seas Fisheries Unit', 'Unité des pêches en haute mer du Belize'),
  a(47, 'VUT-VFD', 'Vanuatu Fisheries Department', 'Département des pêches du Vanuatu'),
  a(48, 'SEN-DPM', 'Directorate of Marine Fisheries, Senegal', 'Direction des pêches maritimes, Sénégal'),
  a(49, 'ARE-MOCCAE', 'Ministry of Climate Change and Environment, United Arab Emirates', "Ministère du changement climatique et de l'environnement, Émirats arabes unis"),
  // Regional programme.
  a(50, 'IOC-PRSP', 'Indian Ocean Commission, Regional Fisheries Surveillance Plan', "Commission de l'océan Indien, plan régional de surveillance des pêches"),
  a(51, 'UNK', 'Unidentified authority', 'Autorité non identifiée'),
];
