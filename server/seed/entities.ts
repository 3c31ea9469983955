/**
 * The demo's rows: for each planned report, its vessel, declared catch, forms and extended info,
 * built from the reference data (with fall-backs where a dataset is missing). The PRNG is drawn in
 * one fixed order per report, so a seed and a "today" always give the same data.
 */
import {
  AUTHORISATION_ISSUER_DATASET,
  downloadLink,
  extendedPir as extendedPirSchema,
  type Extended,
  type ExtendedVessel,
  type FishingAuthorization,
  type FormType,
  type RemoteDocument,
  type SubmittedForm,
  type VesselIdentity,
  type VesselPicture,
} from '../../lib/contract/index';
import type { z } from 'zod';
import type { NewReport, ReportDoc } from '../db/reports';
import { fmtDate } from '../documents/pir-pdf';
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
  type KindInfo,
  type VesselKind,
} from './catalog';
import { DEMO_USERS, type DemoUser } from './demo-users';
import {
  arepForm,
  authorisationDocument,
  inspectionPhoto,
  pirForm,
  raiarepForm,
  rarForm,
  vesselFileDocument,
  vesselPicture,
  type AuthorisationRow,
  type ReportPapers,
  type SeedFiles,
} from './files';
import { makeImo, makeIotcId, makeIrcs, makeMmsi } from './identity';
import { addHours, deviceOf, iso, reached, reportDates, stepsDone, type PlanRow, type ReportDates } from './plan';
import type { Prng } from './prng';

/** Report ids (and file ids in their links) start here. */
const FILE_ID_BASE = 1001;
const PENDING_FORM_BASE = 7001;
const FORM_ID_BASE: Record<Exclude<FormType, 'PIR'>, number> = { AREP: 3001, RAIAREP: 4001, RAR: 5001 };
const FORM_ORDER: FormType[] = ['AREP', 'RAIAREP', 'RAR', 'PIR'];

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

/** Who issues a flag's authorisations, as an entry of the list the authorisation steps read. */
interface Issuer {
  id: number | null;
  name: string;
}

interface ResolvedFlag extends FlagInfo {
  /** id in the flag-state list (vessel identity) */
  id: number;
  flagName: string;
  /** the flag state as an issuer of authorisations (its entry in the issuers' list: a flag-state id there would read as another entry) */
  issuer: Issuer;
}

function resolveFlags(lk: Lookups): ResolvedFlag[] {
  const list = lk.list('flag');
  const issuers = lk.list(AUTHORISATION_ISSUER_DATASET);
  const out: ResolvedFlag[] = [];
  for (const f of FLAGS) {
    if (!list) {
      out.push({ ...f, id: f.fallbackId, flagName: f.label, issuer: issuerOf(issuers, f) });
      continue;
    }
    const entry =
      list.find((e) => e.code.toUpperCase() === f.iso3) ??
      list.find((e) => e.code.toUpperCase() === f.iso2) ??
      list.find((e) => f.name.test(e.nameEn));
    if (entry) out.push({ ...f, id: entry.id, flagName: entry.nameEn, issuer: issuerOf(issuers, f) });
  }
  if (out.length === 0) for (const f of FLAGS) out.push({ ...f, id: f.fallbackId, flagName: f.label, issuer: issuerOf(issuers, f) });
  return out;
}

/**
 * The issuer entry of a flag state: its ISO3 code, else its EU-member entry (the EU is the IOTC party
 * for France and Spain: "EU (France)"), else its name. Without the list, the flag's fall-back id.
 */
function issuerOf(list: Ref[] | null, f: FlagInfo): Issuer {
  if (!list) return { id: f.fallbackId, name: f.label };
  const entry =
    list.find((e) => e.code.toUpperCase() === f.iso3) ??
    list.find((e) => e.code.toUpperCase() === `EUR.${f.iso3}`) ??
    list.find((e) => f.name.test(e.nameEn));
  return entry ? { id: entry.id, name: entry.nameEn } : { id: null, name: f.label };
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

/** What the seed takes from the reference data, looked up once. */
type References = ReturnType<typeof resolveReferences>;

export function resolveReferences(refs: ReferenceStore) {
  const lk = new Lookups(refs);
  const flags = resolveFlags(lk);
  const ports = resolvePorts(refs, lk);
  const pictureTypes = (() => {
    const l = (lk.list('imageType') ?? []) as (Ref & { isPicture?: boolean })[];
    const pics = l.filter((e) => e.isPicture !== false);
    const order = ['PWHO', 'PPSB', 'PSSB', 'PSTE', 'PFRB', 'PPSS', 'PSSS', 'PPBR', 'PSBR'];
    pics.sort((a, b) => (order.indexOf(a.code) + 100) % 100 - ((order.indexOf(b.code) + 100) % 100));
    return pics.length ? pics.map((p) => ({ id: p.id as number | null, code: p.code, nameEn: p.nameEn })) : FALLBACK_PICTURE_TYPES;
  })();
  return {
    lk,
    flags,
    ports,
    pictureTypes,
    docType: (code: string, fallback: string) => {
      const e = lk.byCode('documentType', code);
      return { code, name: e?.nameEn ?? fallback };
    },
    speciesRef: (code: string) => lk.byCode('species', code),
    productWhole: lk.byCode('productForms', '1'),
    productGG: lk.byCode('productForms', '2') ?? lk.byCode('productForms', '3'),
    areas: (['51', '57'] as const).map(
      (code) =>
        lk.byCode('fishingArea', `FAO${code}`) ??
        lk.byCode('fishingArea', code) ??
        lk.byName('fishingArea', code === '51' ? /indian ocean.*west/i : /indian ocean.*east/i),
    ),
    purposeLan: lk.byCode('purpose', 'LAN'),
    purposeTrx: lk.byCode('purpose', 'TRX'),
    vms: lk.list('vms')?.[0] ?? null,
    speciesGroups: lk.list('speciesForFishingAuthorization') ?? [],
    ccsbt: lk.byCode('rfmo', 'CCSBT'),
    iccat: lk.byCode('rfmo', 'ICCAT'),
    authorityFor: (cc: string): number | null => {
      const l = lk.list('authority');
      if (!l?.length) return null;
      const prefix = ({ REU: 'FRA-DMSOI', MUS: 'MUS-FPS' } as Record<string, string>)[cc] ?? `${cc}-`;
      return (l.find((a) => a.code.startsWith(prefix)) ?? l.find((a) => a.code === 'UNK') ?? l[0]!).id;
    },
  };
}

// ---------------------------------------------------------------- one report

/** A demo account, with its id in this database. */
export type SeedUser = DemoUser & { id: number; exists: boolean };

/** What the reports of one seed share. */
export interface SeedRun {
  refs: References;
  files: SeedFiles;
  rng: Prng;
  users: SeedUser[];
  today: Date;
  now: Date;
  year: number;
  /** vessels named so far per flag, so that names repeat only with a number */
  perFlagCount: Map<string, number>;
}

/** The report of the i-th row of the plan, its documents added to the run's files. */
export async function buildReport(run: SeedRun, i: number, plan: PlanRow): Promise<NewReport> {
  const { refs, rng, users, now, year } = run;
  const fileId = FILE_ID_BASE + i;
  const v = chooseVessel(run, i);
  const port = plan.noPort ? null : refs.ports[i % refs.ports.length]!;
  const codePort = port ?? refs.ports.find((p) => p.id === 64) ?? refs.ports[0]!;
  const cc = countryCode(codePort.country);
  const code = `PIR-${cc}-${year}-${String(12 + i).padStart(4, '0')}`;
  const countries: Record<string, DemoUser> = { SYC: DEMO_USERS[0]!, MUS: DEMO_USERS[1]!, REU: DEMO_USERS[2]! };
  const creatorUser = users.find((u) => u.username === countries[cc]?.username) ?? users[i % users.length]!;
  const holder = plan.dev === null ? null : users[plan.dev]!;
  const dates = reportDates(plan, run.today, now, rng);
  const { identity, vessel } = vesselOf(run, i, v);
  const catches = declaredCatches(run, fileId, v.kind, v.k);

  const papers: ReportPapers = {
    reportId: fileId,
    code,
    vesselName: v.vesselName,
    fields: [
      ['Vessel name', v.vesselName],
      ['Flag state', v.flag.flagName],
      ['IMO number', identity.imoId!],
      ['IOTC number', identity.iotcId ?? ''],
      ['Radio call sign (IRCS)', identity.ircs ?? ''],
      ['MMSI', identity.mmsi ?? ''],
      ['Vessel type', v.k.label],
      ['Port of arrival', codePort.nameEn],
      ['Estimated arrival', fmtDate(iso(dates.arrival), true)],
      ['Report code', code],
    ],
    catchTable: {
      caption: 'Catch on board',
      headers: ['Species', 'Product form', 'FAO area', 'On board (kg)', 'To land (kg)', 'To tranship (kg)'],
      widths: [1.6, 1.3, 0.8, 1, 1, 1],
      rows: catches.map((cth) => [
        speciesLabel(refs.speciesRef(cth.speciesCode), cth.speciesCode),
        v.kind === 'LL' ? 'Gilled and gutted' : 'Whole',
        cth.areaLabel,
        String(cth.quantity),
        String(cth.quantityToLand),
        String(cth.quantityToTransship),
      ]),
    },
  };

  // documents
  const rarDate = addHours(dates.arrival, -rng.int(30, 70));
  const submitted: SubmittedForm[] = [];
  const remoteAttachments: Extended['attachments'] = [];
  const authorisations: FishingAuthorization[] = [];
  const form = (type: FormType, date: Date, id: number, attachments: RemoteDocument[] = []) => {
    const f: SubmittedForm = {
      id: type === 'PIR' ? PENDING_FORM_BASE + i : FORM_ID_BASE[type] + i,
      name: `${type} ${code}`,
      typeOfForm: type,
      contentType: 'application/pdf',
      attachments,
      submitDate: iso(date),
      downloadLink: downloadLink('documents', id),
    };
    submitted.push(f);
    return f;
  };

  const isSubmitted = plan.status === 'submitted';
  if (isSubmitted || i % 4 === 1) {
    const arepDate = addHours(dates.arrival, -rng.int(72, 110));
    form('AREP', arepDate, await arepForm(run.files, papers, arepDate, LAST_PORTS[i % LAST_PORTS.length]!));
    const replyDate = addHours(arepDate, rng.int(4, 20));
    form('RAIAREP', replyDate, await raiarepForm(run.files, papers, replyDate, codePort.nameEn));
  }

  let rarLink: ReportDoc['rarLink'] = null;
  if (!plan.noRar) {
    // fishing authorisations, each with an AUTF document attached to the RAR
    const speciesIds = refs.speciesGroups.slice(0, 2).map((s) => s.id);
    const validFrom = new Date(Date.UTC(year - 1, rng.int(0, 11), 1));
    const rarAttachments: RemoteDocument[] = [];
    for (let a = 0; a < 2; a++) {
      const atf = a === 0;
      const issuer = atf ? v.flag : refs.flags.find((f) => f.iso3 === 'SYC') ?? v.flag;
      const identifier = atf ? `ATF/${v.flag.iso3}/${year}/${rng.digits(4)}` : `CSFL/SYC/${year}/${rng.digits(3)}`;
      const validTo = new Date(Date.UTC(validFrom.getUTCFullYear() + (atf ? 2 : 1), validFrom.getUTCMonth(), 0));
      const docId = await authorisationDocument(run.files, papers, { atf, issuer: issuer.issuer.name, identifier, validFrom, validTo, imo: identity.imoId!, gear: v.k.label });
      const uid = String(docId);
      rarAttachments.push({ id: docId, name: `AUTF_${uid}.pdf`, contentType: 'application/pdf', documentTag: 'AUTF', downloadLink: downloadLink('attachments', docId) });
      remoteAttachments.push({ uid, type: 'AUTF', name: `AUTF_${uid}.pdf`, offline: false, documentTag: 'AUTF', pictures: [] });
      authorisations.push({
        uid: `fa-${fileId}-${a + 1}`,
        identifier,
        isTypeATF: atf,
        issuedBy: issuer.issuer.id,
        validFrom: iso(validFrom),
        validTo: iso(validTo),
        fishingAreas: refs.areas.filter((x): x is Ref => x !== null).map((x) => x.id),
        species: speciesIds,
        gear: vessel.gearIds,
        attachment: uid,
        srcForm: 'RAR',
        objection: false,
        comments: '',
      });
    }
    const rows: AuthorisationRow[] = authorisations.map((a) => ({
      atf: a.isTypeATF,
      identifier: a.identifier,
      issuedBy: refs.flags.find((f) => f.issuer.id === a.issuedBy)?.issuer.name ?? '',
      validFrom: a.validFrom,
      validTo: a.validTo,
    }));
    const rar = form('RAR', rarDate, await rarForm(run.files, papers, rarDate, dates.start, rows), rarAttachments);
    rarLink = { name: `RAR_${code}.pdf`, downloadLink: rar.downloadLink, contentType: 'application/pdf' };
  }

  // vessel pictures
  const colour = i % HULL_COLOURS.length;
  const vesselPictures: VesselPicture[] = [];
  for (let p = 0; p < plan.pictures; p++) {
    const tag = refs.pictureTypes[p % refs.pictureTypes.length]!;
    const taken = addHours(dates.createDate, -24 * rng.int(20, 400));
    const id = vesselPicture(run.files, papers, { tag: tag.code, n: p, colour, taken });
    vesselPictures.push({
      id,
      contentType: 'image/jpeg',
      description: `${tag.nameEn} - ${v.vesselName}`,
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
      const type = refs.docType(tagCode, fallback);
      const date = addHours(dates.arrival, -rng.int(24, 60));
      const id = await vesselFileDocument(run.files, papers, { flagName: v.flag.flagName, imo: identity.imoId!, ircs: identity.ircs ?? '', type, date, portName: codePort.nameEn });
      fileAttachements.push({ id, name: `${type.name}.pdf`, contentType: 'application/pdf', documentTag: type.code, downloadLink: downloadLink('attachments', id) });
    }
  }

  // Parsed as the app reads it: a field with a default (one added later) needs no value here.
  const xpir = extendedPirSchema.parse(extendedPir(run, { i, fileId, plan, cc, port, holder, dates, v, vessel, catches, authorisations }));
  const extended: Extended = { vessel, pir: xpir, pictures: [], attachments: remoteAttachments };

  if (isSubmitted) {
    const submitDate = new Date(dates.lifecycle.submitted!.date);
    const pirId = await pirForm(run.files, papers, submitDate, {
      start: dates.start,
      end: xpir.endOfInspection,
      inspector: creatorUser.name,
      authority: refs.lk.list('authority')?.find((a) => a.id === xpir.monitoringDetails.inspectingAuthority)?.nameEn ?? '',
      findings: xpir.findingsByInspector,
    });
    const pirPhotos: RemoteDocument[] =
      i % 2 === 0
        ? [0, 1].map((n) => {
            const { id, name } = inspectionPhoto(run.files, papers, { n, colour, date: submitDate });
            return { id, name, contentType: 'image/jpeg', documentTag: 'PROF', downloadLink: downloadLink('attachments', id) };
          })
        : [];
    form('PIR', submitDate, pirId, pirPhotos);
  }
  submitted.sort((a, b) => FORM_ORDER.indexOf(a.typeOfForm) - FORM_ORDER.indexOf(b.typeOfForm));

  const doc: ReportDoc = {
    id: fileId,
    fileId,
    code,
    createDate: iso(dates.createDate),
    creator: { id: creatorUser.id, name: creatorUser.name },
    vesselIdentity: identity,
    fileAttachements,
    submitedForms: submitted,
    offlinePendingForms: isSubmitted ? [] : [{ id: PENDING_FORM_BASE + i, name: `PIR ${code}`, typeOfForm: 'PIR' }],
    rarLink,
    vesselPictures,
    inspectionComment: plan.comment ? INSPECTION_COMMENTS[i % INSPECTION_COMMENTS.length]! : null,
    portOfArrival: port?.id ?? null,
    startOfInspection: plan.noStart ? null : iso(dates.start),
    expectedArrival: iso(dates.arrival),
    inspectionstatus: stepsDone(plan.status),
    inspectionErrors: {},
    inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false },
  };
  return {
    id: fileId,
    pendingFormId: PENDING_FORM_BASE + i,
    status: plan.status,
    claimedByDevice: deviceOf(plan),
    lifecycle: dates.lifecycle,
    doc,
    extended,
    updatedAt: iso(dates.lastUpdate),
  };
}

// ---------------------------------------------------------------- the vessel

interface ChosenVessel {
  flag: ResolvedFlag;
  /** this vessel's number among its flag's */
  n: number;
  kind: VesselKind;
  k: KindInfo;
  vesselName: string;
}

/** The flags take turns; each flag's vessels take its kinds and names in turn. */
function chooseVessel(run: SeedRun, i: number): ChosenVessel {
  const wanted = FLAG_ROTATION[i % FLAG_ROTATION.length]!;
  const flag = run.refs.flags.find((f) => f.iso3 === wanted) ?? run.refs.flags[i % run.refs.flags.length]!;
  const n = run.perFlagCount.get(flag.iso3) ?? 0;
  run.perFlagCount.set(flag.iso3, n + 1);
  const kind: VesselKind = flag.kinds[n % flag.kinds.length]!;
  const baseName = flag.vesselNames[n % flag.vesselNames.length]!;
  const vesselName = n >= flag.vesselNames.length ? `${baseName} ${n + 1}` : baseName;
  return { flag, n, kind, k: KINDS[kind], vesselName };
}

function vesselOf({ refs, rng, year }: SeedRun, i: number, { flag, n, kind, k, vesselName }: ChosenVessel) {
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
  const { iccat, ccsbt, lk } = refs;
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
    vmsType: refs.vms ? [refs.vms.id] : [],
    vmsTypeOtherName: null,
    inmarsat: `4${rng.digits(8)}`,
    // "VMS on board" is what the inspector finds in port: unanswered until then
    vmsOnBoard: null,
  };
  return { identity, vessel };
}

/** The catch declared before arrival (RAR / AREP). */
function declaredCatches({ refs, rng }: SeedRun, fileId: number, kind: VesselKind, k: KindInfo) {
  return k.species.slice(0, rng.int(2, k.species.length)).map((sp, j) => {
    const qty = Math.round((kind === 'PS' ? rng.int(40, 400) * 1000 : rng.int(2, 40) * 500) / 10) * 10;
    const toLand = j === 0 || rng.chance(0.7) ? qty : Math.round(qty * 0.6);
    return {
      uid: `cc-${fileId}-${j + 1}`,
      speciesCode: sp,
      areaLabel: j % 2 === 0 ? 'FAO 51' : 'FAO 57',
      species: refs.speciesRef(sp)?.id ?? null,
      productForm: (kind === 'LL' ? refs.productGG : refs.productWhole)?.id ?? null,
      catchArea: [refs.areas[j % 2]?.id ?? refs.areas[0]?.id].filter((a): a is number => typeof a === 'number'),
      quantity: qty,
      quantityToLand: toLand,
      monitoredLandedQuantity: null,
      quantityToTransship: qty - toLand,
      monitoredTranshippedQuantity: null,
    };
  });
}

// ---------------------------------------------------------------- the extended info

/** The inspection as far as the report's status has taken it. */
function extendedPir(
  { refs, rng, year }: SeedRun,
  r: {
    i: number;
    fileId: number;
    plan: PlanRow;
    cc: string;
    port: SeedPort | null;
    holder: SeedUser | null;
    dates: ReportDates;
    v: ChosenVessel;
    vessel: ExtendedVessel;
    catches: ReturnType<typeof declaredCatches>;
    authorisations: FishingAuthorization[];
  },
): z.input<typeof extendedPirSchema> {
  const { i, fileId, plan, cc, holder, dates, vessel } = r;
  const { kind, flag } = r.v;
  const done = (s: Parameters<typeof reached>[1]) => reached(plan.status, s);
  const signing = done('signing');
  return {
    monitoringDetails: {
      inspectingAuthority: refs.authorityFor(cc),
      principalInspectorId: holder && done('inspecting') ? `${cc}-INS-${String(holder.id * 7 + 10).padStart(3, '0')}` : '',
      principalInspectorName: holder?.name ?? '',
      principalInspectorEmail: holder && done('inspecting') ? `${holder.username}@inspection.example.org` : '',
    },
    portOfInspection: r.port?.id ?? null,
    lastPortOfCallFreeForm: LAST_PORTS[(i + 3) % LAST_PORTS.length]!,
    lastPortOfCallEntryDate: iso(addHours(dates.arrival, -24 * rng.int(18, 60))),
    purposes: [refs.purposeLan?.id, kind === 'LL' && i % 3 === 0 ? refs.purposeTrx?.id : undefined].filter((x): x is number => typeof x === 'number'),
    purposeDetails: '',
    rfmoIuuListing:
      vessel.additionalRfmoIdEntity !== null
        ? [{ uid: `rfmo-${fileId}-1`, rfmo: vessel.additionalRfmoIdEntity, flagstateStatus: 'Contracting party', vesselIdentifer: vessel.additionalRfmoIdCode, vesselOnAuthorizedList: true, vesselOnIUUList: false }]
        : [],
    fishingAuthorizations: r.authorisations,
    transhipmentAuthorizations:
      kind === 'LL' && !plan.noRar
        ? [{ uid: `ta-${fileId}-1`, identifier: `TRX/${flag.iso3}/${year}/${rng.digits(3)}`, issuedBy: flag.issuer.id, validFrom: iso(new Date(Date.UTC(year, 0, 1))), validTo: iso(new Date(Date.UTC(year, 11, 31))), attachment: null, srcForm: 'RAR', objection: false, comments: '' }]
        : [],
    controlledCatches: r.catches.map(({ speciesCode: _s, areaLabel: _a, ...c }) => c),
    catchOnboard: signing
      ? r.catches.map(({ speciesCode: _s, areaLabel: _a, uid, ...c }) => ({
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
    monitoredLanTrx: signing ? true : null,
    monitoredLanTrxAttachments: [],
    logBookExamination: { status: signing ? true : null, comments: signing ? 'Logbook entries consistent with the declared catch.' : '' },
    catchDocumentationSchemeCompliance: { status: signing ? true : null, comments: '' },
    tradeInformationSchemeCompliance: { status: signing ? true : null, comments: '' },
    gearExamination: { status: signing ? true : null, comments: '' },
    gearType: signing ? (vessel.gearIds[0] ?? null) : null,
    findingsByInspector: signing ? 'No apparent infringement found. Quantities landed match the declaration within tolerance.' : '',
    commentsByMaster: signing ? 'No comment.' : '',
    hasInfringements: signing ? false : null,
    infrigements: '',
    actionsTaken: '',
    transhipmentInfo: [],
    startOfInspection: done('inspecting') ? iso(dates.start) : null,
    endOfInspection: done('readytosubmit') ? (dates.lifecycle.readytosubmit?.date ?? null) : null,
  };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function speciesLabel(ref: Ref | null, code: string): string {
  return ref ? `${ref.code} - ${ref.nameEn}` : code;
}
