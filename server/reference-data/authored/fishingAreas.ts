/**
 * Flag / fishing-area authority list (dataset `fishingArea`, SPEC §3: about 133 entries, id 57
 * absent). It serves as the fishing areas of an authorisation and as its "issued by" authority.
 * The composition and the ids are authored here; the names come from public files:
 * - STATES: IOTC fleet flag states (iotc_FLEETS.csv, entries without a dot, minus the dissolved
 *   ANT and SUN and the BIOT fleet GBRT). Names from that file. Code = ISO3.
 * - EUROPEAN_UNION: the EU itself (name from iotc_CURRENT_CPCS.csv) and its 27 member states plus the
 *   outermost regions Réunion and Mayotte, named "EU (<country>)" / "UE (<pays>)" from the `flag`
 *   dataset's names. Code = IOTC fleet style "EUR.<ISO3>".
 * - REGIONAL_BODIES: names from fao_CL_FI_RFB.csv, or from the `rfmo` dataset for the bodies FAO
 *   does not list; the acronym is appended (French acronym where the body has one).
 * - FAO_MAJOR_AREAS: the marine FAO major fishing areas, 51 and 57 first (fao_CL_FI_WATERAREA_MAJOR.csv).
 *   Code = "FAO<area>".
 * Id 57 is skipped on purpose (the spec's list has no id 57). Ids are fixed here: add new entries
 * with new ids, never renumber.
 */

/** French acronyms of the bodies that FAO's RFB list does not name. */
export const REGIONAL_BODY_ACRONYMS_FR: Readonly<Record<string, string>> = {
  CCSBT: 'CCSBT',
  IATTC: 'CITT',
  WCPFC: 'WCPFC',
  SIOFA: 'APSOI',
  SPRFMO: 'ORGPPS',
};

export const STATES: readonly (readonly [number, string])[] = [
  [1, 'ARE'], [2, 'ATF'], [3, 'AUS'], [4, 'BGD'], [5, 'BHR'], [6, 'BHS'],
  [7, 'BLZ'], [8, 'BOL'], [9, 'CAN'], [10, 'CHN'], [11, 'COK'], [12, 'COM'],
  [13, 'DJI'], [14, 'EGY'], [15, 'ERI'], [16, 'FJI'], [17, 'FRO'], [18, 'GBR'],
  [19, 'GEO'], [20, 'GHA'], [21, 'GIN'], [22, 'GUY'], [23, 'HND'], [24, 'IDN'],
  [25, 'IND'], [26, 'IRN'], [27, 'ISR'], [28, 'JOR'], [29, 'JPN'], [30, 'KEN'],
  [31, 'KHM'], [32, 'KIR'], [33, 'KNA'], [34, 'KOR'], [35, 'KWT'], [36, 'LBR'],
  [37, 'LKA'], [38, 'MDG'], [39, 'MDV'], [40, 'MHL'], [41, 'MMR'], [42, 'MNG'],
  [43, 'MOZ'], [44, 'MUS'], [45, 'MYS'], [46, 'NAM'], [47, 'NOR'], [48, 'OMN'],
  [49, 'PAK'], [50, 'PAN'], [51, 'PER'], [52, 'PHL'], [53, 'PLW'], [54, 'QAT'],
  [55, 'SAU'], [56, 'SDN'], [58, 'SEN'], [59, 'SGP'], [60, 'SLE'], [61, 'SOM'],
  [62, 'SYC'], [63, 'THA'], [64, 'TLS'], [65, 'TON'], [66, 'TUR'], [67, 'TUV'],
  [68, 'TWN'], [69, 'TZA'], [70, 'URY'], [71, 'USA'], [72, 'VCT'], [73, 'VUT'],
  [74, 'YEM'], [75, 'ZAF'],
];
export const EUROPEAN_UNION: readonly (readonly [number, string])[] = [
  [76, 'EUR'], [77, 'AUT'], [78, 'BEL'], [79, 'BGR'], [80, 'CYP'], [81, 'CZE'],
  [82, 'DEU'], [83, 'DNK'], [84, 'ESP'], [85, 'EST'], [86, 'FIN'], [87, 'FRA'],
  [88, 'GRC'], [89, 'HRV'], [90, 'HUN'], [91, 'IRL'], [92, 'ITA'], [93, 'LTU'],
  [94, 'LUX'], [95, 'LVA'], [96, 'MLT'], [97, 'NLD'], [98, 'POL'], [99, 'PRT'],
  [100, 'ROU'], [101, 'SVK'], [102, 'SVN'], [103, 'SWE'], [104, 'REU'], [105, 'MYT'],
];
export const REGIONAL_BODIES: readonly (readonly [number, string])[] = [
  [106, 'IOTC'], [107, 'CCSBT'], [108, 'ICCAT'], [109, 'IATTC'], [110, 'WCPFC'], [111, 'SIOFA'],
  [112, 'SWIOFC'], [113, 'CCAMLR'], [114, 'SEAFO'], [115, 'SPRFMO'],
];
export const FAO_MAJOR_AREAS: readonly (readonly [number, string])[] = [
  [116, '51'], [117, '57'], [118, '58'], [119, '47'], [120, '41'], [121, '34'],
  [122, '37'], [123, '48'], [124, '71'], [125, '81'], [126, '88'], [127, '61'],
  [128, '77'], [129, '87'], [130, '67'], [131, '31'], [132, '27'], [133, '21'],
  [134, '18'],
];
