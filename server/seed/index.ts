/**
 * Demo data (created on first start or by `npm run seed`): three inspectors on named devices and
 * about 30 reports over every status, with generated vessel pictures (JPEG) and form documents (PDF).
 * Deterministic for a given PRNG seed and "today".
 */
import {
  downloadLink,
  PIR_STATUSES,
  STEP_NAMES,
  type Extended,
  type ExtendedPir,
  type ExtendedVessel,
  type FishingAuthorization,
  type FormType,
  type Lifecycle,
  type PirStatus,
  type RemoteDocument,
  type StepName,
  type SubmittedForm,
  type VesselIdentity,
  type VesselPicture,
} from '../../lib/contract/index';
import { hashPassword } from '../auth/password';
import { putBlob, sha256Hex, type FileKind } from '../db/files';
import { insertReport, type ReportDoc } from '../db/reports';
import type { DB } from '../db/schema';
import { fmtDate } from '../documents/pir-pdf';
import { renderFormPdf, renderSimplePdf, type FormPdfSpec } from '../documents/pdf';
import type { Logger } from '../http/errors';
import type { ReferenceStore } from '../reference';
import {
  COUNTRY_CODES,
  FALLBACK_PICTURE_TYPES,
  FALLBACK_PORTS,
  FLAG_ROTATION,
  FLAGS,
  HULL_COLOURS,
  INSPECTION_COMMENTS,
  KINDS,
  LAST_PORTS,
  PREFERRED_PORTS,
  type FlagInfo,
  type VesselKind,
} from './catalog';
import { DEMO_USERS, type DemoUser } from './demo-users';
import { makeImo, makeIotcId, makeIrcs, makeMmsi } from './identity';
import { drawVesselScene } from './images';
import { Prng } from './prng';

export { DEMO_USERS, type DemoUser } from './demo-users';

export interface SeedOptions {
  /** the seed's "today" (default: now) */
  today?: Date;
  /** PRNG seed (default 2026) */
  seed?: number;
  log?: Logger;
}

export interface SeedResult {
  users: number;
  reports: number;
  files: number;
  ms: number;
  /** reference datasets the seed wanted but did not find (it used fall-backs) */
  missingReference: string[];
}

// ---------------------------------------------------------------- the plan: status, day offset, claiming device

type Dev = 0 | 1 | 2 | null;
interface PlanRow {
  status: PirStatus;
  day: number;
  dev: Dev;
  noPort?: boolean;
  noStart?: boolean;
  noRar?: boolean;
  comment?: boolean;
  pictures: number;
  /** held by another tablet of the same inspector (anotherTablet()) */
  otherTablet?: boolean;
}

/** 30 reports: every status, each device holding some (including notready ones), days -4..+4. */
export const PLAN: readonly PlanRow[] = [
  { status: 'notready', day: -4, dev: null, noRar: true, pictures: 2 },
  { status: 'notready', day: 1, dev: null, noPort: true, pictures: 3 },
  { status: 'notready', day: 2, dev: null, comment: true, pictures: 1 },
  { status: 'notready', day: 3, dev: null, noStart: true, pictures: 2 },
  { status: 'notready', day: 4, dev: null, noRar: true, pictures: 1 },
  { status: 'notready', day: 0, dev: null, pictures: 4 },
  { status: 'notready', day: 2, dev: 0, pictures: 2 },
  { status: 'notready', day: 3, dev: 1, pictures: 3 },
  { status: 'notready', day: 1, dev: 2, noRar: true, pictures: 1 },
  { status: 'claimed', day: 0, dev: 0, pictures: 5 },
  { status: 'claimed', day: 1, dev: 1, pictures: 2 },
  { status: 'preparing', day: 1, dev: 2, pictures: 3 },
  { status: 'preparing', day: 2, dev: 0, pictures: 2 },
  { status: 'ready', day: 0, dev: 1, comment: true, pictures: 4 },
  { status: 'ready', day: 1, dev: 0, noPort: true, pictures: 3 },
  { status: 'ready', day: 2, dev: 2, pictures: 2 },
  { status: 'inspecting', day: 0, dev: 0, comment: true, pictures: 3 },
  { status: 'inspecting', day: -1, dev: 1, pictures: 5 },
  { status: 'inspecting', day: 0, dev: 2, pictures: 2 },
  { status: 'signing', day: 0, dev: 1, pictures: 3 },
  { status: 'signing', day: -1, dev: 0, pictures: 1 },
  { status: 'readytosubmit', day: -1, dev: 2, pictures: 4 },
  { status: 'readytosubmit', day: 0, dev: 0, pictures: 2 },
  // Sent from the inspector's other tablet: a submission under way that no demo tablet runs. Held by
  // a demo tablet, it would greet that inspector's first sign-in with a stalled-submission error.
  { status: 'submitting', day: -1, dev: 1, comment: true, pictures: 3, otherTablet: true },
  { status: 'submitting', day: 0, dev: 2, pictures: 2, otherTablet: true },
  { status: 'submitted', day: -4, dev: null, pictures: 3 },
  { status: 'submitted', day: -3, dev: null, pictures: 2 },
  { status: 'submitted', day: -2, dev: null, comment: true, pictures: 5 },
  { status: 'submitted', day: -2, dev: null, pictures: 1 },
  { status: 'submitted', day: -1, dev: null, pictures: 3 },
];

/** The name of an inspector's other tablet: SFA-TAB-01 → SFA-TAB-11. */
export function anotherTablet(user: Pick<DemoUser, 'deviceName'>): string {
  return user.deviceName.replace(/(\d+)$/, (n) => String(Number(n) + 10).padStart(n.length, '0'));
}

const FILE_ID_BASE = 1001;
const PENDING_FORM_BASE = 7001;
const FORM_ID_BASE: Record<Exclude<FormType, 'PIR'>, number> = { AREP: 3001, RAIAREP: 4001, RAR: 5001 };
const AUTHORITY = 'Indian Ocean Tuna Commission - Port State Measures';

const HOUR = 3_600_000;
const addHours = (d: Date, h: number) => new Date(d.getTime() + h * HOUR);
const iso = (d: Date) => d.toISOString();
const minDate = (a: Date, b: Date) => (a < b ? a : b);
const ORDER: PirStatus[] = ['notready', 'preparing', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting', 'submitted'];
const rank = (s: PirStatus) => (s === 'claimed' ? 0.5 : ORDER.indexOf(s));

// ---------------------------------------------------------------- reference look-ups with fall-backs

interface Ref {
  id: number;
  code: string;
  nameEn: string;
}

class Lookups {
  readonly missing = new Set<string>();
  constructor(private readonly refs: ReferenceStore) {}

  list(name: Parameters<ReferenceStore['list']>[0]): Ref[] | null {
    const l = this.refs.list(name) as Ref[] | null;
    if (!l) this.missing.add(name);
    return l;
  }
  byCode(name: Parameters<ReferenceStore['list']>[0], code: string): Ref | null {
    return this.list(name)?.find((e) => e.code.toUpperCase() === code.toUpperCase()) ?? null;
  }
  byName(name: Parameters<ReferenceStore['list']>[0], re: RegExp): Ref | null {
    return this.list(name)?.find((e) => re.test(e.nameEn)) ?? null;
  }
}

interface ResolvedFlag extends FlagInfo {
  id: number;
  flagName: string;
}

function resolveFlags(lk: Lookups): ResolvedFlag[] {
  const list = lk.list('flag');
  const out: ResolvedFlag[] = [];
  for (const f of FLAGS) {
    if (!list) {
      out.push({ ...f, id: f.fallbackId, flagName: f.label });
      continue;
    }
    const entry =
      list.find((e) => e.code.toUpperCase() === f.iso3) ??
      list.find((e) => e.code.toUpperCase() === f.iso2) ??
      list.find((e) => f.name.test(e.nameEn));
    if (entry) out.push({ ...f, id: entry.id, flagName: entry.nameEn });
  }
  if (out.length === 0) for (const f of FLAGS) out.push({ ...f, id: f.fallbackId, flagName: f.label });
  return out;
}

interface SeedPort {
  id: number;
  nameEn: string;
  country: string;
}

function resolvePorts(refs: ReferenceStore, lk: Lookups): SeedPort[] {
  const list = refs.list('designatedPort');
  if (!list) {
    lk.missing.add('designatedPort');
    return FALLBACK_PORTS;
  }
  const active = list.filter((p) => p.disabled === 0);
  const chosen: SeedPort[] = [];
  const add = (p: (typeof list)[number] | undefined) => {
    if (p && !chosen.some((c) => c.id === p.id)) chosen.push({ id: p.id, nameEn: p.nameEn, country: p.country });
  };
  add(list.find((p) => p.id === 64));
  for (const re of PREFERRED_PORTS) add(active.find((p) => re.test(p.nameEn) || re.test(p.city)));
  for (const p of active) {
    if (chosen.length >= 6) break;
    add(p);
  }
  return chosen.length ? chosen : FALLBACK_PORTS;
}

function countryCode(country: string): string {
  const c = country.trim();
  if (/^[A-Z]{3}$/.test(c)) return c;
  for (const [re, code] of COUNTRY_CODES) if (re.test(c)) return code;
  const letters = c.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
  return (letters + 'XXX').slice(0, 3);
}

// ---------------------------------------------------------------- files collected before the one write transaction

interface PendingFile {
  id: number;
  kind: FileKind;
  name: string;
  contentType: string;
  bytes: Uint8Array;
  reportId: number;
  createdAt: string;
}

class FileBag {
  readonly files: PendingFile[] = [];
  constructor(private nextId: number) {}
  add(f: Omit<PendingFile, 'id'>): number {
    const id = this.nextId++;
    this.files.push({ ...f, id });
    return id;
  }
}

// ---------------------------------------------------------------- the seed

export async function seedDemoData(db: DB, refs: ReferenceStore, opts: SeedOptions = {}): Promise<SeedResult> {
  const t0 = performance.now();
  const log = opts.log;
  const now = opts.today ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const rng = new Prng(opts.seed ?? 2026);
  const lk = new Lookups(refs);
  const year = today.getUTCFullYear();

  if ((db.prepare('SELECT COUNT(*) AS n FROM reports').get() as { n: number }).n > 0) {
    throw new Error('the database already holds reports: wipe it first (seed --force)');
  }
  const passwordHashes = Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

  const flags = resolveFlags(lk);
  const ports = resolvePorts(refs, lk);
  const pictureTypes = (() => {
    const l = (lk.list('imageType') ?? []) as (Ref & { isPicture?: boolean })[];
    const pics = l.filter((e) => e.isPicture !== false);
    const order = ['PWHO', 'PPSB', 'PSSB', 'PSTE', 'PFRB', 'PPSS', 'PSSS', 'PPBR', 'PSBR'];
    pics.sort((a, b) => (order.indexOf(a.code) + 100) % 100 - ((order.indexOf(b.code) + 100) % 100));
    return pics.length ? pics.map((p) => ({ id: p.id as number | null, code: p.code, nameEn: p.nameEn })) : FALLBACK_PICTURE_TYPES;
  })();
  const docType = (code: string, fallback: string) => {
    const e = lk.byCode('documentType', code);
    return { code, name: e?.nameEn ?? fallback };
  };
  const speciesRef = (code: string) => lk.byCode('species', code);
  const productWhole = lk.byCode('productForms', '1');
  const productGG = lk.byCode('productForms', '2') ?? lk.byCode('productForms', '3');
  const areas = (['51', '57'] as const).map(
    (code) =>
      lk.byCode('fishingArea', `FAO${code}`) ??
      lk.byCode('fishingArea', code) ??
      lk.byName('fishingArea', code === '51' ? /indian ocean.*west/i : /indian ocean.*east/i),
  );
  const purposeLan = lk.byCode('purpose', 'LAN');
  const purposeTrx = lk.byCode('purpose', 'TRX');
  const vms = lk.list('vms')?.[0] ?? null;
  const speciesGroups = lk.list('speciesForFishingAuthorization') ?? [];
  const ccsbt = lk.byCode('rfmo', 'CCSBT');
  const iccat = lk.byCode('rfmo', 'ICCAT');
  const authorityFor = (cc: string): number | null => {
    const l = lk.list('authority');
    if (!l?.length) return null;
    const prefix = ({ REU: 'FRA-DMSOI', MUS: 'MUS-FPS' } as Record<string, string>)[cc] ?? `${cc}-`;
    return (l.find((a) => a.code.startsWith(prefix)) ?? l.find((a) => a.code === 'UNK') ?? l[0]!).id;
  };

  // vessel pictures: a small pool of distinct JPEGs (one broadside + one bow view per hull colour), made on demand
  const SIDE_SIZES: [number, number][] = [[2400, 1600], [640, 480], [800, 600], [1024, 768], [640, 480], [800, 600], [640, 480], [1280, 853], [800, 600], [640, 480]];
  const pool = new Map<string, Uint8Array>();
  const picture = (colour: number, view: 'side' | 'bow'): Uint8Array => {
    const key = `${colour}:${view}`;
    let bytes = pool.get(key);
    if (!bytes) {
      const [w, h] = view === 'side' ? SIDE_SIZES[colour % SIDE_SIZES.length]! : [640, 480];
      bytes = drawVesselScene({ width: w, height: h, hull: HULL_COLOURS[colour % HULL_COLOURS.length]!, view, seed: 1000 + colour * 7 + (view === 'bow' ? 3 : 0) });
      pool.set(key, bytes);
    }
    return bytes;
  };

  const bag = new FileBag((db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM files').get() as { m: number }).m + 1);
  const reports: Parameters<typeof insertReport>[1][] = [];
  const perFlagCount = new Map<string, number>();
  // demo accounts: existing usernames are kept (and reused as creators), the others are created
  const findUser = db.prepare('SELECT id FROM users WHERE username = ?');
  const maxUser = (db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM users').get() as { m: number }).m;
  let nextUserId = maxUser + 1;
  const users = DEMO_USERS.map((u) => {
    const existing = findUser.get(u.username) as { id: number } | undefined;
    return { ...u, id: existing?.id ?? nextUserId++, exists: !!existing };
  });
  const countries: Record<string, DemoUser> = { SYC: DEMO_USERS[0]!, MUS: DEMO_USERS[1]!, REU: DEMO_USERS[2]! };

  for (const [i, plan] of PLAN.entries()) {
    const fileId = FILE_ID_BASE + i;
    const wanted = FLAG_ROTATION[i % FLAG_ROTATION.length]!;
    const flag = flags.find((f) => f.iso3 === wanted) ?? flags[i % flags.length]!;
    const n = perFlagCount.get(flag.iso3) ?? 0;
    perFlagCount.set(flag.iso3, n + 1);
    const kind: VesselKind = flag.kinds[n % flag.kinds.length]!;
    const k = KINDS[kind];
    const baseName = flag.vesselNames[n % flag.vesselNames.length]!;
    const vesselName = n >= flag.vesselNames.length ? `${baseName} ${n + 1}` : baseName;
    const port = plan.noPort ? null : ports[i % ports.length]!;
    const codePort = port ?? ports.find((p) => p.id === 64) ?? ports[0]!;
    const cc = countryCode(codePort.country);
    const code = `PIR-${cc}-${year}-${String(12 + i).padStart(4, '0')}`;
    const creatorUser = users.find((u) => u.username === countries[cc]?.username) ?? users[i % users.length]!;
    const device = plan.dev === null ? null : plan.otherTablet ? anotherTablet(DEMO_USERS[plan.dev]!) : DEMO_USERS[plan.dev]!.deviceName;
    const holder = plan.dev === null ? null : users[plan.dev]!;

    // dates
    const day = new Date(today.getTime() + plan.day * 24 * HOUR);
    let arrival = addHours(day, rng.int(4, 9) + rng.int(0, 3) * 0.25);
    let start = addHours(arrival, rng.int(2, 7) + rng.int(0, 3) * 0.25);
    if (rank(plan.status) >= ORDER.indexOf('inspecting')) {
      // an inspection under way started in the past, after the vessel arrived
      start = minDate(start, addHours(now, -(2 + (rank(plan.status) - 3) * 0.5)));
      arrival = minDate(arrival, addHours(start, -1.5));
    }
    const createDate = addHours(arrival, -24 * rng.int(3, 9) - rng.int(0, 12));
    const lifecycle = lifecycleFor(plan.status, start, now);
    const lastUpdate = (() => {
      const dates = Object.values(lifecycle).map((e) => new Date(e!.date));
      const latest = dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : addHours(createDate, rng.int(2, 30));
      return minDate(latest, addHours(now, -0.1));
    })();

    // identity
    const imo = makeImo(rng);
    const identity: VesselIdentity = {
      vesselName,
      flagState: flag.flagName,
      flagStateId: flag.id,
      iotcId: makeIotcId(rng),
      imoId: imo,
      ircs: makeIrcs(rng, flag.ircs),
      mmsi: makeMmsi(rng, flag.mid),
      vesselId: 30_000 + i * 7 + rng.int(0, 6),
    };
    const length = round1(k.length[0] + rng.next() * (k.length[1] - k.length[0]));
    const vessel: ExtendedVessel = {
      name: vesselName,
      flagStateId: flag.id,
      typeId: lk.byCode('vesselType', k.vesselType)?.id ?? null,
      gearIds: [lk.byCode('gear', k.gear)?.id].filter((g): g is number => typeof g === 'number'),
      iotcId: identity.iotcId,
      ircs: identity.ircs,
      registrationPort: flag.homePorts[n % flag.homePorts.length] ?? null,
      mmsi: identity.mmsi,
      externalId: `${flag.iso2}-${rng.digits(6)}`,
      certificateRegistryId: `${flag.iso3}/${year - rng.int(1, 12)}/${rng.digits(4)}`,
      imoId: imo,
      additionalRfmoIdEntity: kind === 'PS' && iccat ? iccat.id : kind === 'LL' && ccsbt ? ccsbt.id : null,
      additionalRfmoIdCode: kind === 'PS' && iccat ? `AT000${flag.iso3}${rng.digits(5)}` : kind === 'LL' && ccsbt ? `CCSBT-FV${rng.digits(5)}` : null,
      dimension: { length, beam: round1(k.beam[0] + rng.next() * (k.beam[1] - k.beam[0])), draft: round1(k.draft[0] + rng.next() * (k.draft[1] - k.draft[0])) },
      totalVolumeOfFishHolds: Math.round(k.holds[0] + rng.next() * (k.holds[1] - k.holds[0])),
      vmsType: vms ? [vms.id] : [],
      vmsTypeOtherName: null,
      inmarsat: `4${rng.digits(8)}`,
      // "VMS on board" is what the inspector finds in port: unanswered until then
      vmsOnBoard: null,
    };

    // catches declared before arrival (RAR / AREP)
    const catches = k.species.slice(0, rng.int(2, k.species.length)).map((sp, j) => {
      const qty = Math.round((kind === 'PS' ? rng.int(40, 400) * 1000 : rng.int(2, 40) * 500) / 10) * 10;
      const toLand = j === 0 || rng.chance(0.7) ? qty : Math.round(qty * 0.6);
      return {
        uid: `cc-${fileId}-${j + 1}`,
        speciesCode: sp,
        areaLabel: j % 2 === 0 ? 'FAO 51' : 'FAO 57',
        species: speciesRef(sp)?.id ?? null,
        productForm: (kind === 'LL' ? productGG : productWhole)?.id ?? null,
        catchArea: [areas[j % 2]?.id ?? areas[0]?.id].filter((a): a is number => typeof a === 'number'),
        quantity: qty,
        quantityToLand: toLand,
        monitoredLandedQuantity: null,
        quantityToTransship: qty - toLand,
        monitoredTranshippedQuantity: null,
      };
    });

    // documents
    const rarDate = addHours(arrival, -rng.int(30, 70));
    const submitted: SubmittedForm[] = [];
    const remoteAttachments: Extended['attachments'] = [];
    const authorisations: FishingAuthorization[] = [];
    const formFields = (extra: [string, string][] = []): [string, string][] => [
      ['Vessel name', vesselName],
      ['Flag state', flag.flagName],
      ['IMO number', imo],
      ['IOTC number', identity.iotcId ?? ''],
      ['Radio call sign (IRCS)', identity.ircs ?? ''],
      ['MMSI', identity.mmsi ?? ''],
      ['Vessel type', k.label],
      ['Port of arrival', codePort.nameEn],
      ['Estimated arrival', fmtDate(iso(arrival), true)],
      ['Report code', code],
      ...extra,
    ];
    const catchTable = {
      caption: 'Catch on board',
      headers: ['Species', 'Product form', 'FAO area', 'On board (kg)', 'To land (kg)', 'To tranship (kg)'],
      widths: [1.6, 1.3, 0.8, 1, 1, 1],
      rows: catches.map((cth) => [
        speciesLabel(speciesRef(cth.speciesCode), cth.speciesCode),
        kind === 'LL' ? 'Gilled and gutted' : 'Whole',
        cth.areaLabel,
        String(cth.quantity),
        String(cth.quantityToLand),
        String(cth.quantityToTransship),
      ]),
    };

    const addForm = async (type: FormType, date: Date, spec: FormPdfSpec, attachments: RemoteDocument[] = []) => {
      const bytes = await renderFormPdf(spec);
      const id = bag.add({ kind: 'documents', name: `${type}_${code}.pdf`, contentType: 'application/pdf', bytes, reportId: fileId, createdAt: iso(date) });
      const form: SubmittedForm = {
        id: type === 'PIR' ? PENDING_FORM_BASE + i : FORM_ID_BASE[type] + i,
        name: `${type} ${code}`,
        typeOfForm: type,
        contentType: 'application/pdf',
        attachments,
        submitDate: iso(date),
        downloadLink: downloadLink('documents', id),
      };
      submitted.push(form);
      return form;
    };

    const isSubmitted = plan.status === 'submitted';
    const withArep = isSubmitted || i % 4 === 1;
    if (withArep) {
      const arepDate = addHours(arrival, -rng.int(72, 110));
      await addForm('AREP', arepDate, {
        authority: AUTHORITY,
        title: 'Advance Request for Entry into Port (AREP)',
        subtitle: `${code} - sent ${fmtDate(iso(arepDate), true)}`,
        date: arepDate,
        fields: formFields([['Purpose of call', 'Landing'], ['Last port of call', LAST_PORTS[i % LAST_PORTS.length]!]]),
        tables: [catchTable],
        footer: `${code} - AREP`,
      });
      const replyDate = addHours(arepDate, rng.int(4, 20));
      await addForm('RAIAREP', replyDate, {
        authority: AUTHORITY,
        title: 'Reply to the Advance Request for Entry into Port (RAIAREP)',
        subtitle: `${code} - answered ${fmtDate(iso(replyDate), true)}`,
        date: replyDate,
        fields: formFields([['Decision', 'Entry authorised'], ['Conditions', 'Subject to port inspection']]),
        paragraphs: [
          {
            heading: 'Decision of the port State',
            text: `Entry into the port of ${codePort.nameEn} is authorised for the purpose of landing. The vessel shall be made available for inspection on arrival and the master shall co-operate with the inspectors.`,
          },
        ],
        footer: `${code} - RAIAREP`,
      });
    }

    let rarLink: ReportDoc['rarLink'] = null;
    if (!plan.noRar) {
      // fishing authorisations, each with an AUTF document attached to the RAR
      const speciesIds = speciesGroups.slice(0, 2).map((s) => s.id);
      const validFrom = new Date(Date.UTC(year - 1, rng.int(0, 11), 1));
      const rarAttachments: RemoteDocument[] = [];
      for (let a = 0; a < 2; a++) {
        const atf = a === 0;
        const issuer = atf ? flag : flags.find((f) => f.iso3 === 'SYC') ?? flag;
        const identifier = atf ? `ATF/${flag.iso3}/${year}/${rng.digits(4)}` : `CSFL/SYC/${year}/${rng.digits(3)}`;
        const validTo = new Date(Date.UTC(validFrom.getUTCFullYear() + (atf ? 2 : 1), validFrom.getUTCMonth(), 0));
        const docBytes = await renderSimplePdf({
          authority: atf ? `Competent authority of ${issuer.flagName}` : 'Seychelles Fishing Authority',
          title: atf ? 'Authorisation to fish (ATF)' : 'Coastal State fishing licence (CSFL)',
          subtitle: identifier,
          date: validFrom,
          fields: [
            ['Vessel', vesselName],
            ['IMO number', imo],
            ['Issued by', issuer.flagName],
            ['Identifier', identifier],
            ['Valid from', fmtDate(iso(validFrom))],
            ['Valid to', fmtDate(iso(validTo))],
            ['Gear', k.label],
            ['Areas', 'FAO 51 - Western Indian Ocean; FAO 57 - Eastern Indian Ocean'],
          ],
          body: `The vessel ${vesselName} is authorised to fish for tuna and tuna-like species in the IOTC area of competence, under the conditions of its licence, until ${fmtDate(iso(validTo))}.`,
        });
        const docId = bag.add({ kind: 'attachments', name: `AUTF_${identifier.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', bytes: docBytes, reportId: fileId, createdAt: iso(validFrom) });
        const uid = String(docId);
        rarAttachments.push({ id: docId, name: `AUTF_${uid}.pdf`, contentType: 'application/pdf', documentTag: 'AUTF', downloadLink: downloadLink('attachments', docId) });
        remoteAttachments.push({ uid, type: 'AUTF', name: `AUTF_${uid}.pdf`, offline: false, documentTag: 'AUTF', pictures: [] });
        authorisations.push({
          uid: `fa-${fileId}-${a + 1}`,
          identifier,
          isTypeATF: atf,
          issuedBy: issuer.id,
          validFrom: iso(validFrom),
          validTo: iso(validTo),
          fishingAreas: areas.filter((x): x is Ref => x !== null).map((x) => x.id),
          species: speciesIds,
          gear: vessel.gearIds,
          attachment: uid,
          srcForm: 'RAR',
          objection: false,
          comments: '',
        });
      }
      const form = await addForm(
        'RAR',
        rarDate,
        {
          authority: AUTHORITY,
          title: 'Pre-arrival report of catch and authorisations (RAR)',
          subtitle: `${code} - received ${fmtDate(iso(rarDate), true)}`,
          date: rarDate,
          fields: formFields([['Expected start of inspection', fmtDate(iso(start), true)], ['Purpose of call', 'Landing']]),
          tables: [
            catchTable,
            {
              caption: 'Authorisations',
              headers: ['Type', 'Identifier', 'Issued by', 'Valid from', 'Valid to'],
              widths: [0.6, 1.8, 1.4, 1, 1],
              rows: authorisations.map((a) => [a.isTypeATF ? 'ATF' : 'CSFL', a.identifier, flags.find((f) => f.id === a.issuedBy)?.flagName ?? '', fmtDate(a.validFrom), fmtDate(a.validTo)]),
            },
          ],
          footer: `${code} - RAR`,
        },
        rarAttachments,
      );
      rarLink = { name: `RAR_${code}.pdf`, downloadLink: form.downloadLink, contentType: 'application/pdf' };
    }

    // vessel pictures
    const colour = i % HULL_COLOURS.length;
    const vesselPictures: VesselPicture[] = [];
    for (let p = 0; p < plan.pictures; p++) {
      const view = p % 2 === 0 ? 'side' : 'bow';
      const tag = pictureTypes[p % pictureTypes.length]!;
      const taken = addHours(createDate, -24 * rng.int(20, 400));
      const id = bag.add({ kind: 'pictures', name: `${tag.code}_${vesselName.replace(/[^A-Za-z0-9]+/g, '-')}_${p + 1}.jpg`, contentType: 'image/jpeg', bytes: picture(colour, view), reportId: fileId, createdAt: iso(taken) });
      vesselPictures.push({
        id,
        contentType: 'image/jpeg',
        description: `${tag.nameEn} - ${vesselName}`,
        photoTakingDate: i === 3 && p === 0 ? null : iso(taken),
        tagId: tag.id,
        tagName: tag.code,
        downloadLink: downloadLink('pictures', id),
      });
    }

    // vessel-file attachments on a few reports
    const fileAttachements: RemoteDocument[] = [];
    if (i % 4 === 2 || i === 27) {
      for (const [tagCode, fallback] of (i % 8 === 2 ? [['CRLI', 'Crew list'], ['FILO', 'Fishing logbook']] : [['VMSR', 'VMS report']]) as [string, string][]) {
        const t = docType(tagCode, fallback);
        const date = addHours(arrival, -rng.int(24, 60));
        const bytes = await renderSimplePdf({
          authority: `${flag.flagName} - ${vesselName}`,
          title: t.name,
          subtitle: `${vesselName} (IMO ${imo}) - ${fmtDate(iso(date))}`,
          date,
          fields: [
            ['Vessel', vesselName],
            ['IRCS', identity.ircs ?? ''],
            ['Document type', `${t.code} - ${t.name}`],
            ['Date', fmtDate(iso(date), true)],
          ],
          body: `${t.name} provided by the vessel's agent ahead of the call at ${codePort.nameEn}.`,
        });
        const id = bag.add({ kind: 'attachments', name: `${t.code}_${vesselName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`, contentType: 'application/pdf', bytes, reportId: fileId, createdAt: iso(date) });
        fileAttachements.push({ id, name: `${t.name}.pdf`, contentType: 'application/pdf', documentTag: t.code, downloadLink: downloadLink('attachments', id) });
      }
    }

    // extended info
    const reached = (s: PirStatus) => rank(plan.status) >= ORDER.indexOf(s) && plan.status !== 'claimed';
    const endOfInspection = reached('readytosubmit') ? (lifecycle.readytosubmit?.date ?? null) : null;
    const xpir: ExtendedPir = {
      monitoringDetails: {
        inspectingAuthority: authorityFor(cc),
        principalInspectorId: holder && reached('inspecting') ? `${cc}-INS-${String(holder.id * 7 + 10).padStart(3, '0')}` : '',
        principalInspectorName: holder?.name ?? '',
        principalInspectorEmail: holder && reached('inspecting') ? `${holder.username}@inspection.example.org` : '',
      },
      portOfInspection: port?.id ?? null,
      lastPortOfCallFreeForm: LAST_PORTS[(i + 3) % LAST_PORTS.length]!,
      lastPortOfCallEntryDate: iso(addHours(arrival, -24 * rng.int(18, 60))),
      purposes: [purposeLan?.id, kind === 'LL' && i % 3 === 0 ? purposeTrx?.id : undefined].filter((x): x is number => typeof x === 'number'),
      purposeDetails: '',
      rfmoIuuListing:
        vessel.additionalRfmoIdEntity !== null
          ? [{ uid: `rfmo-${fileId}-1`, rfmo: vessel.additionalRfmoIdEntity, flagstateStatus: 'Contracting party', vesselIdentifer: vessel.additionalRfmoIdCode, vesselOnAuthorizedList: true, vesselOnIUUList: false }]
          : [],
      fishingAuthorizations: authorisations,
      transhipmentAuthorizations:
        kind === 'LL' && !plan.noRar
          ? [{ uid: `ta-${fileId}-1`, identifier: `TRX/${flag.iso3}/${year}/${rng.digits(3)}`, issuedBy: flag.id, validFrom: iso(new Date(Date.UTC(year, 0, 1))), validTo: iso(new Date(Date.UTC(year, 11, 31))), attachment: null, srcForm: 'RAR', objection: false, comments: '' }]
          : [],
      controlledCatches: catches.map(({ speciesCode: _s, areaLabel: _a, ...c }) => c),
      catchOnboard: reached('signing')
        ? catches.map(({ speciesCode: _s, areaLabel: _a, uid, ...c }) => ({
            ...c,
            uid: uid.replace('cc-', 'co-'),
            monitoredLandedQuantity: c.quantityToLand,
            monitoredTranshippedQuantity: c.quantityToTransship,
            deltaLanded: 0,
            deltaTranshipped: 0,
            objection: false,
            comments: '',
          }))
        : [],
      retainedCatches: [],
      monitoredLanTrx: reached('signing') ? true : null,
      monitoredLanTrxAttachments: [],
      logBookExamination: { status: reached('signing') ? true : null, comments: reached('signing') ? 'Logbook entries consistent with the declared catch.' : '' },
      catchDocumentationSchemeCompliance: { status: reached('signing') ? true : null, comments: '' },
      tradeInformationSchemeCompliance: { status: reached('signing') ? true : null, comments: '' },
      gearExamination: { status: reached('signing') ? true : null, comments: '' },
      gearType: reached('signing') ? (vessel.gearIds[0] ?? null) : null,
      findingsByInspector: reached('signing') ? 'No apparent infringement found. Quantities landed match the declaration within tolerance.' : '',
      commentsByMaster: reached('signing') ? 'No comment.' : '',
      hasInfringements: reached('signing') ? false : null,
      infrigements: '',
      actionsTaken: '',
      transhipmentInfo: [],
      startOfInspection: reached('inspecting') ? iso(start) : null,
      endOfInspection,
    };
    const extended: Extended = { vessel, pir: xpir, pictures: [], attachments: remoteAttachments };

    if (isSubmitted) {
      const submitDate = new Date(lifecycle.submitted!.date);
      const pirBytes = await renderFormPdf({
        authority: AUTHORITY,
        title: 'Port Inspection Report (PIR)',
        subtitle: `${code} - submitted ${fmtDate(iso(submitDate), true)}`,
        date: submitDate,
        fields: formFields([
          ['Start of inspection', fmtDate(iso(start), true)],
          ['End of inspection', fmtDate(endOfInspection, true)],
          ['Principal inspector', creatorUser.name],
          ['Inspecting authority', lk.list('authority')?.find((a) => a.id === xpir.monitoringDetails.inspectingAuthority)?.nameEn ?? ''],
        ]),
        tables: [catchTable],
        paragraphs: [
          { heading: 'Findings of the inspector', text: xpir.findingsByInspector || 'No apparent infringement found.' },
          { heading: 'Comments of the master', text: 'No comment.' },
        ],
        signatures: [{ label: 'Master', note: 'Signed on the inspection tablet' }, { label: 'Inspector', note: creatorUser.name }],
        footer: `${code} - Port Inspection Report`,
      });
      const pirId = bag.add({ kind: 'documents', name: `PIR_${code}.pdf`, contentType: 'application/pdf', bytes: pirBytes, reportId: fileId, createdAt: iso(submitDate) });
      const pirPhotos: RemoteDocument[] =
        i % 2 === 0
          ? [0, 1].map((p) => {
              const id = bag.add({ kind: 'attachments', name: `inspection_${fileId}_${p + 1}.jpg`, contentType: 'image/jpeg', bytes: picture(colour, p === 0 ? 'bow' : 'side'), reportId: fileId, createdAt: iso(submitDate) });
              return { id, name: `inspection_${fileId}_${p + 1}.jpg`, contentType: 'image/jpeg', documentTag: 'PROF', downloadLink: downloadLink('attachments', id) };
            })
          : [];
      submitted.push({
        id: PENDING_FORM_BASE + i,
        name: `PIR ${code}`,
        typeOfForm: 'PIR',
        contentType: 'application/pdf',
        attachments: pirPhotos,
        submitDate: iso(submitDate),
        downloadLink: downloadLink('documents', pirId),
      });
    }

    const order: FormType[] = ['AREP', 'RAIAREP', 'RAR', 'PIR'];
    submitted.sort((a, b) => order.indexOf(a.typeOfForm) - order.indexOf(b.typeOfForm));

    const doc: ReportDoc = {
      id: fileId,
      fileId,
      code,
      createDate: iso(createDate),
      creator: { id: creatorUser.id, name: creatorUser.name },
      vesselIdentity: identity,
      fileAttachements,
      submitedForms: submitted,
      offlinePendingForms: isSubmitted ? [] : [{ id: PENDING_FORM_BASE + i, name: `PIR ${code}`, typeOfForm: 'PIR' }],
      rarLink,
      vesselPictures,
      inspectionComment: plan.comment ? INSPECTION_COMMENTS[i % INSPECTION_COMMENTS.length]! : null,
      portOfArrival: port?.id ?? null,
      startOfInspection: plan.noStart ? null : iso(start),
      expectedArrival: iso(arrival),
      inspectionstatus: stepsDone(plan.status),
      inspectionErrors: {},
      inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false },
    };
    reports.push({
      id: fileId,
      pendingFormId: PENDING_FORM_BASE + i,
      status: plan.status,
      claimedByDevice: device,
      lifecycle,
      doc,
      extended,
      updatedAt: iso(lastUpdate),
    });
  }

  const hashes = await passwordHashes;
  db.transaction(() => {
    const insertUser = db.prepare(
      `INSERT INTO users (id, username, name, device_name, password_hash, inspector, admin_user, flag_state_user, port_state_user, created_at)
       VALUES (?, ?, ?, ?, ?, 1, 0, 0, 1, ?)`,
    );
    users.forEach((u, k) => {
      if (!u.exists) insertUser.run(u.id, u.username, u.name, u.deviceName, hashes[k]!, iso(now));
    });
    // each inspector's tablet and their other tablet (which holds some reports) are theirs
    const insertDevice = db.prepare('INSERT OR IGNORE INTO devices (name, user_id, registered_at) VALUES (?, ?, ?)');
    for (const u of users) {
      insertDevice.run(u.deviceName, u.id, iso(now));
      insertDevice.run(anotherTablet(u), u.id, iso(now));
    }
    const insertFile = db.prepare('INSERT INTO files (id, kind, name, content_type, size, sha256, report_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const shaOf = new Map<Uint8Array, string>();
    for (const f of bag.files) {
      let sha = shaOf.get(f.bytes);
      if (!sha) {
        sha = sha256Hex(f.bytes);
        shaOf.set(f.bytes, sha);
        putBlob(db, f.bytes, sha);
      }
      insertFile.run(f.id, f.kind, f.name, f.contentType, f.bytes.byteLength, sha, f.reportId, f.createdAt);
    }
    for (const r of reports) insertReport(db, r);
  })();

  const result: SeedResult = {
    users: users.filter((u) => !u.exists).length,
    reports: reports.length,
    files: bag.files.length,
    ms: Math.round(performance.now() - t0),
    missingReference: [...lk.missing].sort(),
  };
  log?.info(
    `[seed] ${result.users} users, ${result.reports} reports, ${result.files} files in ${result.ms} ms` +
      (result.missingReference.length ? ` (fall-backs for missing reference data: ${result.missingReference.join(', ')})` : ''),
  );
  return result;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function speciesLabel(ref: Ref | null, code: string): string {
  return ref ? `${ref.code} - ${ref.nameEn}` : code;
}

function lifecycleFor(status: PirStatus, start: Date, now: Date): Lifecycle {
  if (status === 'notready') return {};
  if (status === 'claimed') return { claimed: { date: iso(addHours(minDate(addHours(start, -18), now), -1)), previousStatus: 'notready' } };
  const offsets: Partial<Record<PirStatus, number>> = { preparing: -20, ready: -19.5, inspecting: 0, signing: 2.5, readytosubmit: 3, submitting: 3.2, submitted: 3.4 };
  const idx = ORDER.indexOf(status);
  const out: Lifecycle = {};
  for (let k = 1; k <= idx; k++) {
    const s = ORDER[k]!;
    const raw = addHours(start, offsets[s] ?? 0);
    const cap = addHours(now, -((idx - k + 1) * 5) / 60);
    out[s] = { date: iso(minDate(raw, cap)), previousStatus: ORDER[k - 1]! };
  }
  return out;
}

/** Server-side step flags, so the progress bar of a report held by a device shows on a fresh install. */
function stepsDone(status: PirStatus): Partial<Record<StepName, boolean>> {
  const r = rank(status);
  if (r < ORDER.indexOf('ready') || status === 'claimed') return {};
  const upTo: StepName =
    r >= ORDER.indexOf('submitted') ? 'submit' : r >= ORDER.indexOf('readytosubmit') ? 'signature' : r >= ORDER.indexOf('signing') ? 'comments' : r >= ORDER.indexOf('inspecting') ? 'updatevesselidentity' : 'piravailable';
  const out: Partial<Record<StepName, boolean>> = {};
  for (const s of STEP_NAMES) {
    out[s] = true;
    if (s === upTo) break;
  }
  return out;
}

/** Statuses present in the plan (all of them). */
export const PLANNED_STATUSES = [...new Set(PLAN.map((p) => p.status))].sort((a, b) => PIR_STATUSES.indexOf(a) - PIR_STATUSES.indexOf(b));
