/**
 * A small deterministic generator of realistic reports for benchmarks: vessel names from common
 * words (some accented), 7-digit IMO numbers, call signs, 9-digit MMSIs, codes shaped like the
 * server's, ports from the reference list (a few missing), every status.
 */
import { PIR_STATUSES, type Pir } from '../../lib/contract';

/** mulberry32: tiny, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ocean', 'Praslin', 'Île', 'Cap', 'Mahé', 'Blue', 'Southern', 'Étoile', 'Golden', 'Indian', 'Sea', 'Albacore', 'Réunion', 'Port', 'Lady', 'Santa', 'Nuestra', 'Hai', 'Sri', 'Kaiyo'];
const SECOND = ['Star', 'Hunter', 'de Grâce', 'Saint-André', 'Pearl', 'Spirit', 'Dawn', 'Maru', 'Queen', 'Explorer', 'Fortune', 'Wind', 'Señora', 'Feng', 'Lanka', 'Tuna', 'Bounty', 'Glory'];
const FLAGS: [iso3: string, name: string, id: number, mmsiPrefix: string, callPrefix: string][] = [
  ['SYC', 'Seychelles', 690, '664', 'S7'],
  ['MUS', 'Mauritius', 480, '645', '3B'],
  ['FRA', 'France', 250, '226', 'FQ'],
  ['ESP', 'Spain', 724, '224', 'EA'],
  ['LKA', 'Sri Lanka', 144, '417', '4R'],
  ['TWN', 'Taiwan', 158, '416', 'BZ'],
  ['JPN', 'Japan', 392, '431', 'JA'],
  ['IDN', 'Indonesia', 360, '525', 'YB'],
];
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export function generateReports(count: number, portIds: readonly number[], seed = 2026): Pir[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  const base = Date.UTC(2026, 10, 22);
  const reports: Pir[] = [];
  for (let i = 0; i < count; i++) {
    const [iso3, flagName, flagId, mmsiPrefix, callPrefix] = pick(FLAGS);
    const name = `${pick(FIRST)} ${pick(SECOND)}${rnd() < 0.3 ? ` ${1 + Math.floor(rnd() * 20)}` : ''}`;
    const day = base + Math.floor((rnd() - 0.5) * 60) * 86_400_000;
    const status = pick(PIR_STATUSES);
    reports.push({
      id: 100_000 + i,
      fileId: 100_000 + i,
      status,
      code: `PIR-${iso3}-2026-${String(i + 1).padStart(4, '0')}`,
      createDate: new Date(day - 5 * 86_400_000).toISOString(),
      lastUpdateDate: new Date(day).toISOString(),
      creator: { id: 1, name: 'Port authority' },
      vesselIdentity: {
        vesselName: name,
        flagState: flagName,
        flagStateId: flagId,
        iotcId: rnd() < 0.8 ? `IOTC${digits(6)}` : null,
        imoId: rnd() < 0.9 ? `9${digits(6)}` : null,
        ircs: `${callPrefix}${pick(LETTERS)}${pick(LETTERS)}${digits(1)}`,
        mmsi: rnd() < 0.95 ? `${mmsiPrefix}${digits(6)}` : null,
        vesselId: i + 1,
      },
      fileAttachements: [],
      submitedForms: [],
      offlinePendingForms: [{ id: 700_000 + i, name: `PIR ${i}`, typeOfForm: 'PIR' }],
      rarLink: null,
      vesselPictures: [],
      claimedByDevice: null,
      inspectionComment: null,
      portOfArrival: rnd() < 0.05 ? null : pick(portIds),
      startOfInspection: new Date(day + 8 * 3_600_000).toISOString(),
      expectedArrival: new Date(day + 4 * 3_600_000).toISOString(),
      lifecycle: {},
      extended: null,
      inspectionstatus: {},
      inspectionErrors: {},
      inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false },
    });
  }
  return reports;
}
