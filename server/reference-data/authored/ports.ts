/**
 * Ports (SPEC §3) — the hand-made part: which ports are designated, their pinned ids and address
 * details, and which Australian ports are active.
 *
 * No public data file lists the IOTC designated ports (IOTC publishes them on its website and in
 * e-PSM only): the list below is authored from the ports IOTC members are known to use for
 * foreign fishing vessels, one or more per country of the port list. Check it against the current
 * IOTC list of designated ports before relying on it.
 *
 * Designated ports keep the ids given here (1..100 are reserved for them). Id 64 is Port Victoria,
 * Seychelles: the app's default port of arrival (DEFAULT_PORT_OF_ARRIVAL). Every other port gets an
 * id from 101 upward in UN/LOCODE order.
 */

export interface DesignatedPort {
  id: number;
  /** UN/LOCODE (ISO2 + 3 characters), as in the port dataset. */
  locode: string;
  city: string;
  stateProvinceCounty: string;
}

const p = (id: number, locode: string, city: string, stateProvinceCounty: string): DesignatedPort => ({
  id,
  locode,
  city,
  stateProvinceCounty,
});

export const DESIGNATED_PORTS: readonly DesignatedPort[] = [
  p(1, 'AUFRE', 'Fremantle', 'Western Australia'),
  p(2, 'AUALH', 'Albany', 'Western Australia'),
  p(3, 'AUGET', 'Geraldton', 'Western Australia'),
  p(4, 'AUPLO', 'Port Lincoln', 'South Australia'),
  p(5, 'AUHBA', 'Hobart', 'Tasmania'),
  p(6, 'IDBOA', 'Denpasar', 'Bali'),
  p(7, 'IDJKT', 'Jakarta', 'DKI Jakarta'),
  p(8, 'IDCXP', 'Cilacap', 'Central Java'),
  p(9, 'IDPDG', 'Padang', 'West Sumatra'),
  p(10, 'IRBND', 'Bandar Abbas', 'Hormozgan'),
  p(11, 'IRZBR', 'Chabahar', 'Sistan and Baluchestan'),
  p(12, 'KEMBA', 'Mombasa', 'Mombasa County'),
  p(13, 'MGDIE', 'Antsiranana', 'Diana'),
  p(14, 'MGTMM', 'Toamasina', 'Atsinanana'),
  p(15, 'MYPEN', 'George Town', 'Penang'),
  p(16, 'MVMLE', 'Malé', 'Kaafu'),
  p(17, 'MVKFP', 'Kooddoo', 'Gaafu Alif'),
  p(18, 'MVHTP', 'Hithadhoo', 'Addu City'),
  p(19, 'MUPLU', 'Port Louis', 'Port Louis'),
  p(20, 'MZMPM', 'Maputo', 'Maputo'),
  p(21, 'MZBEW', 'Beira', 'Sofala'),
  p(22, 'OMOPQ', 'Muscat', 'Muscat'),
  p(23, 'OMDQM', 'Duqm', 'Al Wusta'),
  p(24, 'OMSLL', 'Salalah', 'Dhofar'),
  p(25, 'SOBBO', 'Berbera', 'Sahil'),
  p(26, 'SOMGQ', 'Mogadishu', 'Banaadir'),
  p(27, 'ZACPT', 'Cape Town', 'Western Cape'),
  p(28, 'ZADUR', 'Durban', 'KwaZulu-Natal'),
  p(29, 'ZAPLZ', 'Gqeberha (Port Elizabeth)', 'Eastern Cape'),
  p(30, 'LKCMB', 'Colombo', 'Western Province'),
  p(31, 'LKGAL', 'Galle', 'Southern Province'),
  p(32, 'LKTRR', 'Trincomalee', 'Eastern Province'),
  p(33, 'LK001', 'Dikowita', 'Western Province'),
  p(34, 'TZDAR', 'Dar es Salaam', 'Dar es Salaam'),
  p(35, 'TZZNZ', 'Zanzibar', 'Zanzibar Urban/West'),
  p(36, 'THHKT', 'Phuket', 'Phuket'),
  p(37, 'SGSIN', 'Singapore', 'Singapore'),
  p(38, 'RELPT', 'Le Port', 'La Réunion'),
  p(64, 'SCPOV', 'Victoria', 'Mahé'),
];

/**
 * Australian ports on the Indian Ocean side (FAO area 57: Western Australia, South Australia,
 * Tasmania, Victoria) kept active. Every other Australian port (Pacific coast, Northern Territory,
 * inland places, oil terminals) is disabled: the spec's list has "many inactive" Australian ports.
 * Ports of the 17 other countries are all active.
 */
export const ACTIVE_AUSTRALIAN_PORTS: readonly string[] = [
  // Western Australia
  'AUFRE', 'AUALH', 'AUGET', 'AUEPR', 'AUBUY', 'AUBME', 'AUCVQ', 'AUPEX', 'AUPHE', 'AUDAM',
  'AUONS', 'AUKWI', 'AUBUS', 'AUAGS', 'AUPDI', 'AUWYN', 'AUDRB', 'AUSHB',
  // South Australia
  'AUADL', 'AUPAE', 'AUPLO', 'AUTHE', 'AUKGC', 'AUWAL', 'AUPPI', 'AUWYA', 'AUPUG',
  // Tasmania
  'AUHBA', 'AUSRN', 'AUBWT', 'AUDPO', 'AULST',
  // Victoria
  'AUPTJ', 'AUMEL', 'AUGEX', 'AULEN',
];

/** Ports of Réunion are French: their `country` reads "France (Réunion)" and points at France. */
export const REUNION_COUNTRY = { iso2: 'RE', countryIso3: 'FRA', label: 'France (Réunion)' } as const;
