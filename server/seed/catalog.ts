/**
 * Static material for the demo data: flag states (with their MMSI MID and call-sign prefix), vessel
 * names, preferred designated ports, and fall-backs used when a reference dataset file is missing.
 */

export type VesselKind = 'PS' | 'LL' | 'GI' | 'BB' | 'SP';

export interface FlagInfo {
  /** ISO3 */
  iso3: string;
  iso2: string;
  /** matches the English name in flag.json */
  name: RegExp;
  label: string;
  mid: string;
  ircs: string;
  kinds: VesselKind[];
  homePorts: string[];
  vesselNames: string[];
  /** a flag id used only when flag.json is missing */
  fallbackId: number;
}

export const FLAGS: readonly FlagInfo[] = [
  {
    iso3: 'SYC', iso2: 'SC', name: /^seychelles/i, label: 'Seychelles', mid: '664', ircs: 'S7', kinds: ['PS', 'SP', 'LL'],
    homePorts: ['Victoria'], vesselNames: ['Praslin Star', 'La Digue Spirit', 'Silhouette Dawn', 'Curieuse', 'Mahé Trader'], fallbackId: 1,
  },
  {
    iso3: 'MUS', iso2: 'MU', name: /^mauritius/i, label: 'Mauritius', mid: '645', ircs: '3B', kinds: ['LL', 'PS'],
    homePorts: ['Port Louis'], vesselNames: ['Le Morne', 'Blue Bay Pride', "Trou d'Eau Douce", 'Grand Gaube'], fallbackId: 2,
  },
  {
    iso3: 'FRA', iso2: 'FR', name: /^france/i, label: 'France', mid: '227', ircs: 'FQ', kinds: ['PS', 'LL'],
    homePorts: ['Concarneau', 'Le Port'], vesselNames: ['Île de Sein', 'Pointe du Raz', 'Glénan Bleu', 'Cap Morgat'], fallbackId: 3,
  },
  {
    iso3: 'ESP', iso2: 'ES', name: /^spain|^espa/i, label: 'Spain', mid: '224', ircs: 'EA', kinds: ['PS', 'SP'],
    homePorts: ['Bermeo', 'Ondarroa'], vesselNames: ['Itsas Izarra', 'Mar de Bermeo', 'Punta Galea', 'Ondarroa Berria'], fallbackId: 4,
  },
  {
    iso3: 'TWN', iso2: 'TW', name: /^taiwan|chinese taipei/i, label: 'Taiwan, Province of China', mid: '416', ircs: 'BJ', kinds: ['LL'],
    homePorts: ['Kaohsiung'], vesselNames: ['Hsin Yuan No. 27', 'Jin Hong 101', 'Sheng Fa No. 18'], fallbackId: 5,
  },
  {
    iso3: 'JPN', iso2: 'JP', name: /^japan/i, label: 'Japan', mid: '431', ircs: 'JA', kinds: ['LL'],
    homePorts: ['Yaizu', 'Misaki'], vesselNames: ['Shoei Maru No. 8', 'Koyo Maru No. 21', 'Taisei Maru No. 3'], fallbackId: 6,
  },
  {
    iso3: 'KOR', iso2: 'KR', name: /^(korea, republic|republic of korea|korea \(rep)/i, label: 'Korea, Republic of', mid: '440', ircs: 'DT', kinds: ['LL', 'PS'],
    homePorts: ['Busan'], vesselNames: ['Haesong No. 305', 'Baekdu 27', 'Namhae Star'], fallbackId: 7,
  },
  {
    iso3: 'CHN', iso2: 'CN', name: /^china$|^china,? people|^people's republic of china/i, label: 'China', mid: '412', ircs: 'BZ', kinds: ['LL'],
    homePorts: ['Zhoushan'], vesselNames: ['Hai Xiang 8', 'Zhe Dai Yu 612', 'Ping Hai 33'], fallbackId: 8,
  },
  {
    iso3: 'IDN', iso2: 'ID', name: /^indonesia/i, label: 'Indonesia', mid: '525', ircs: 'YB', kinds: ['LL', 'GI'],
    homePorts: ['Benoa', 'Cilacap'], vesselNames: ['Bintang Samudra 12', 'Sinar Bahari 3', 'Mina Maritim 7'], fallbackId: 9,
  },
  {
    iso3: 'LKA', iso2: 'LK', name: /^sri lanka/i, label: 'Sri Lanka', mid: '417', ircs: '4R', kinds: ['GI', 'LL'],
    homePorts: ['Beruwala', 'Galle'], vesselNames: ['Ranmuthu 5', 'Sayuri Putha', 'Nimal Duwa 2'], fallbackId: 10,
  },
  {
    iso3: 'MDV', iso2: 'MV', name: /^maldives/i, label: 'Maldives', mid: '455', ircs: '8Q', kinds: ['BB'],
    homePorts: ['Malé'], vesselNames: ['Maahefun 2', 'Raalhu Dhoni', 'Kandu Ran'], fallbackId: 11,
  },
  {
    iso3: 'OMN', iso2: 'OM', name: /^oman/i, label: 'Oman', mid: '461', ircs: 'A4', kinds: ['LL', 'GI'],
    homePorts: ['Duqm'], vesselNames: ['Sohar Star', 'Al Hallaniyat'], fallbackId: 12,
  },
  {
    iso3: 'IRN', iso2: 'IR', name: /^iran/i, label: 'Iran (Islamic Republic of)', mid: '422', ircs: 'EP', kinds: ['GI'],
    homePorts: ['Chabahar'], vesselNames: ['Kish Sadaf', 'Persian Pearl 7'], fallbackId: 13,
  },
];

/** How often each flag appears among the 30 vessels (by ISO3), in order of assignment. */
export const FLAG_ROTATION = [
  'SYC', 'ESP', 'TWN', 'FRA', 'MUS', 'JPN', 'SYC', 'KOR', 'IDN', 'ESP',
  'CHN', 'LKA', 'FRA', 'MDV', 'TWN', 'SYC', 'OMN', 'JPN', 'MUS', 'IRN',
  'ESP', 'TWN', 'IDN', 'KOR', 'FRA', 'SYC', 'CHN', 'LKA', 'MUS', 'JPN',
];

export interface KindInfo {
  vesselType: string;
  gear: string;
  label: string;
  length: [number, number];
  beam: [number, number];
  draft: [number, number];
  holds: [number, number];
  species: string[];
}

export const KINDS: Record<VesselKind, KindInfo> = {
  PS: { vesselType: 'PS', gear: 'PS', label: 'Purse seiner', length: [58, 92], beam: [11, 16], draft: [5.8, 8], holds: [1200, 2600], species: ['SKJ', 'YFT', 'BET'] },
  SP: { vesselType: 'SP', gear: 'SUPP', label: 'Supply vessel', length: [30, 48], beam: [7, 10], draft: [3, 4.5], holds: [0, 40], species: ['SKJ', 'YFT'] },
  LL: { vesselType: 'LL', gear: 'LL', label: 'Longliner', length: [28, 62], beam: [6, 11], draft: [3.5, 5.5], holds: [180, 650], species: ['BET', 'YFT', 'ALB', 'SWO'] },
  GI: { vesselType: 'GI', gear: 'GILL', label: 'Gillnetter', length: [16, 28], beam: [4.5, 7], draft: [2, 3.2], holds: [30, 95], species: ['SKJ', 'YFT', 'LOT'] },
  BB: { vesselType: 'BB', gear: 'BB', label: 'Pole and line vessel', length: [18, 32], beam: [5, 7.5], draft: [2, 3.2], holds: [40, 120], species: ['SKJ', 'YFT'] },
};

/** Hull colours (one per vessel, cycled). */
export const HULL_COLOURS: readonly (readonly [number, number, number])[] = [
  [170, 36, 36], [28, 66, 138], [32, 110, 72], [40, 40, 44], [196, 120, 28],
  [110, 40, 110], [20, 120, 140], [150, 150, 150], [200, 180, 40], [90, 60, 40],
];

/** Designated ports preferred for the demo (matched by English name), after the default port 64. */
export const PREFERRED_PORTS: RegExp[] = [/victoria/i, /port louis/i, /^le port|r[ée]union|pointe des galets/i, /antsiranana|diego/i, /colombo/i, /mombasa/i, /durban|cape town/i];

export const FALLBACK_PORTS = [
  { id: 64, nameEn: 'Port Victoria', country: 'Seychelles' },
  { id: 65, nameEn: 'Port Louis', country: 'Mauritius' },
  { id: 66, nameEn: 'Le Port', country: 'Réunion' },
  { id: 67, nameEn: 'Antsiranana', country: 'Madagascar' },
];

/** Country name → three-letter code for report codes (PIR-SYC-2026-0031). */
export const COUNTRY_CODES: [RegExp, string][] = [
  [/seychelles/i, 'SYC'], [/mauritius|maurice/i, 'MUS'], [/r[ée]union|france/i, 'REU'], [/madagascar/i, 'MDG'],
  [/sri lanka/i, 'LKA'], [/kenya/i, 'KEN'], [/south africa|afrique du sud/i, 'ZAF'], [/mozambique/i, 'MOZ'],
  [/tanzania/i, 'TZA'], [/thailand/i, 'THA'], [/maldives/i, 'MDV'], [/oman/i, 'OMN'], [/iran/i, 'IRN'],
  [/indonesia/i, 'IDN'], [/malaysia/i, 'MYS'], [/australia/i, 'AUS'], [/somalia/i, 'SOM'], [/singapore/i, 'SGP'],
];

export const FALLBACK_PICTURE_TYPES = [
  { id: null, code: 'PWHO', nameEn: 'Whole vessel' },
  { id: null, code: 'PPSB', nameEn: 'Port side, bow' },
  { id: null, code: 'PSSB', nameEn: 'Starboard side, bow' },
  { id: null, code: 'PSTE', nameEn: 'Stern' },
  { id: null, code: 'PFRB', nameEn: 'Front, bow' },
];

export const INSPECTION_COMMENTS = [
  'Master asked to move the inspection to the afternoon: crew change in the morning.',
  'Agent reports a discrepancy between the AREP and the logbook for bigeye tuna; check the well plan.',
  'Unloading to start before the inspector arrives: coordinate with the port captain.',
  'Vessel berthed at the fishing port quay, not at the commercial quay as announced.',
  'VMS gaps reported by the flag state for the last trip; ask for the paper logbook.',
];

export const LAST_PORTS = ['Port Louis, Mauritius', 'Victoria, Seychelles', 'Antsiranana, Madagascar', 'Le Port, Réunion', 'Colombo, Sri Lanka', 'Mombasa, Kenya', 'Durban, South Africa', 'Penang, Malaysia'];
