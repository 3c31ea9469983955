/**
 * What the master reviews before signing, and what the signed PDF prints. Pure.
 *
 * The content is read through each form step's own definition (`STEP_DEFINITIONS[step].select`), in
 * the stepper's order, so a field added to a step shows here without a second list. Labels are the
 * messages the step's form uses: each field name is looked up in the step's namespaces (with a few
 * aliases where the form's key differs from the field's name); the first key that exists is used.
 *
 * Two phases: `reviewContent` (report → sections of fields with raw values and candidate label keys)
 * and `resolveReview` (→ plain strings in one language, given a translator and reference labels).
 * The screen renders the resolved form; the PDF worker lays out the same resolved form.
 */
import type { ReferenceDataset } from '@/lib/contract';
import { AUTHORISATION_ISSUER_DATASET, STEP_NAMES } from '@/lib/contract/constants';
import { STEP_DEFINITIONS } from './forms/definitions';
import type { PreparedPir } from './forms/definitions/slices';
import { isFormStep, type FormStep } from './steps';
import { isDeltaWarning } from './validation/delta';

/** A message key (from the screen messages' root, e.g. `fields.vesselName`) with its values. */
interface Label {
  key: string;
  values?: Record<string, string | number>;
}

type ReviewValue =
  | { kind: 'text'; text: string | null }
  | { kind: 'bool'; value: boolean | null; yes?: string; no?: string }
  | { kind: 'number'; value: number | null; warn: boolean }
  | { kind: 'date'; iso: string | null }
  | { kind: 'ref'; dataset: ReferenceDataset; ids: number[] }
  | { kind: 'code'; dataset: ReferenceDataset; code: string }
  | { kind: 'choice'; key: string | null };

type ReviewNode =
  | { kind: 'row'; field: string; labels: string[]; value: ReviewValue }
  | { kind: 'group'; title: Label; children: ReviewNode[] }
  | { kind: 'image'; fileId: string; alt: Label };

export interface ReviewSection {
  step: FormStep;
  title: Label;
  children: ReviewNode[];
}

/** Fields that are identifiers or bookkeeping, not content the master reads. */
const HIDDEN = new Set(['uid', 'srcForm', 'attachment', 'documentTag', 'offline']);

/** Where a step's form takes its labels from, most specific first. */
const NAMESPACES: Partial<Record<FormStep, string[]>> = {
  vesselpictures: ['media.pictures', 'fields'],
  pirattachments: ['media.attachments', 'fields'],
  ControlledCatches: ['catches', 'fields'],
  catchonboard: ['catches', 'fields'],
  catchretained: ['catches', 'fields'],
  transhipmentInfo: ['transhipment', 'catches', 'fields'],
  findings: ['findings', 'fields'],
  RelevantFishingauthorisation: ['fields', 'catches'],
};

/** Field names whose form label has another key. */
const ALIASES: Record<string, string> = {
  name: 'vesselName',
  flagStateId: 'flagState',
  typeId: 'vesselType',
  gearIds: 'gears',
  gear: 'gears',
  imoId: 'imo',
  additionalRfmoIdEntity: 'additionalRfmo',
  totalVolumeOfFishHolds: 'fishHolds',
  vmsType: 'vms',
  lastPortOfCallFreeForm: 'lastPortOfCall',
  lastPortOfCallEntryDate: 'lastPortOfCallDate',
  vesselIdentifer: 'vesselIdentifier',
  isTypeATF: 'authorisationType',
  monitoredLanTrxAttachments: 'monitoringAttachments',
  infrigements: 'infringementsNoted',
  status: 'examined',
  atPort: 'port',
  atSea: 'position',
  isReceived: 'direction',
  type: 'documentType',
};
/** Per-namespace aliases (the same field name labelled differently in one form). */
const NS_ALIASES: Record<string, Record<string, string>> = {
  'media.pictures': { type: 'type', name: 'name' },
  'media.attachments': { name: 'name' },
  transhipment: { name: 'name', flagState: 'flagState' },
  fields: { species: 'authorisedSpecies' },
};

/** Lists, by field name: the list's title and each entry's title (`{n}` / `{number}` from 1). */
const LISTS: Record<string, { title: string; item: string; param: string }> = {
  rfmoIuuListing: { title: 'fields.rfmoListings', item: 'fields.rfmoListing', param: 'n' },
  fishingAuthorizations: { title: 'fields.fishingAuthorisations', item: 'fields.authorisation', param: 'n' },
  transhipmentAuthorizations: { title: 'fields.transhipmentAuthorisations', item: 'fields.authorisation', param: 'n' },
  controlledCatches: { title: 'catches.controlledList', item: 'catches.item', param: 'number' },
  catchOnboard: { title: 'catches.onboardList', item: 'catches.item', param: 'number' },
  retainedCatches: { title: 'catches.retainedList', item: 'catches.retainedItem', param: 'number' },
  transhipmentInfo: { title: 'transhipment.list', item: 'transhipment.item', param: 'number' },
  content: { title: 'transhipment.content', item: 'transhipment.contentItem', param: 'number' },
  pictures: { title: 'steps.vesselpictures.title', item: 'media.pictures.number', param: 'n' },
  attachments: { title: 'steps.pirattachments.title', item: 'review.attachmentItem', param: 'n' },
};

/** Reference-data fields, by field name (as the step forms choose them). */
const DATASETS: Record<string, ReferenceDataset> = {
  flagStateId: 'flag',
  flagState: 'flag',
  typeId: 'vesselType',
  gearIds: 'gear',
  gear: 'gear',
  gearType: 'gear',
  additionalRfmoIdEntity: 'rfmo',
  rfmo: 'rfmo',
  vmsType: 'vms',
  inspectingAuthority: 'authority',
  portOfInspection: 'designatedPort',
  purposes: 'purpose',
  issuedBy: AUTHORISATION_ISSUER_DATASET,
  fishingAreas: 'fishingArea',
  catchArea: 'fishingArea',
  species: 'species',
  productForm: 'productForms',
  atPort: 'port',
};
const DATE_FIELDS = new Set(['validFrom', 'validTo', 'lastPortOfCallEntryDate', 'date', 'startOfInspection', 'endOfInspection']);
const DELTAS = new Set(['deltaLanded', 'deltaTranshipped', 'deltaRetained']);

function labelCandidates(field: string, namespaces: string[]): string[] {
  const out: string[] = [];
  for (const ns of namespaces) {
    const alias = NS_ALIASES[ns]?.[field] ?? ALIASES[field];
    if (alias) out.push(`${ns}.${alias}`);
    out.push(`${ns}.${field}`);
  }
  return [...new Set(out)];
}

function valueOf(field: string, v: unknown, ctx: { dataset: Record<string, ReferenceDataset> }): ReviewValue {
  const dataset = ctx.dataset[field];
  if (dataset && (typeof v === 'number' || v === null)) return { kind: 'ref', dataset, ids: v === null ? [] : [v] };
  if (dataset && Array.isArray(v)) return { kind: 'ref', dataset, ids: v.filter((x): x is number => typeof x === 'number') };
  if (DATE_FIELDS.has(field) && (typeof v === 'string' || v === null)) return { kind: 'date', iso: v };
  if (field === 'isTypeATF') return { kind: 'choice', key: v === true ? 'review.atf' : 'review.csfl' };
  if (field === 'isAtPort') return { kind: 'bool', value: v as boolean | null, yes: 'transhipment.inPort', no: 'transhipment.atSea' };
  if (field === 'isReceived') return { kind: 'bool', value: v as boolean, yes: 'transhipment.receive', no: 'transhipment.offload' };
  if (field === 'vmsOnBoard') {
    const keys: Record<string, string> = { 'yes-national': 'fields.vmsOnBoardNational', 'yes-rmfo': 'fields.vmsOnBoardRfmo', no: 'fields.vmsOnBoardNo' };
    return { kind: 'choice', key: typeof v === 'string' ? (keys[v] ?? null) : null };
  }
  if (typeof v === 'boolean' || v === null) return v === null ? { kind: 'text', text: null } : { kind: 'bool', value: v };
  if (typeof v === 'number') return { kind: 'number', value: v, warn: DELTAS.has(field) && isDeltaWarning(v) };
  if (typeof v === 'string') return { kind: 'text', text: v };
  return { kind: 'text', text: JSON.stringify(v) };
}

function walk(values: Record<string, unknown>, namespaces: string[], step: FormStep): ReviewNode[] {
  const nodes: ReviewNode[] = [];
  const ctx = { dataset: step === 'vesselpictures' ? {} : step === 'pirattachments' ? {} : DATASETS };
  for (const [field, v] of Object.entries(values)) {
    if (HIDDEN.has(field)) continue;
    const list = LISTS[field];
    if (list && Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null)) {
      nodes.push({
        kind: 'group',
        title: { key: list.title },
        children: (v as Record<string, unknown>[]).map((entry, i) => ({
          kind: 'group' as const,
          title: { key: list.item, values: { [list.param]: i + 1, name: String(entry.name ?? '') } },
          children: entryNodes(field, entry, namespaces, step, ctx),
        })),
      });
      continue;
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      // an examination or the monitoring details: a group of its own when it has a label, else flattened
      const labels = labelCandidates(field, namespaces);
      const children = walk(v as Record<string, unknown>, namespaces, step);
      if (field === 'dimension' || field === 'monitoringDetails') nodes.push(...children);
      else nodes.push({ kind: 'group', title: { key: labels[0]! }, children });
      continue;
    }
    if (field === 'monitoredLanTrxAttachments' && Array.isArray(v)) {
      // the monitoring documents are attachments of the report, listed with them: here, how many
      nodes.push({ kind: 'row', field, labels: labelCandidates(field, namespaces), value: { kind: 'number', value: v.length, warn: false } });
      continue;
    }
    nodes.push({ kind: 'row', field, labels: labelCandidates(field, namespaces), value: valueOf(field, v, ctx) });
  }
  return nodes;
}

function entryNodes(list: string, entry: Record<string, unknown>, namespaces: string[], step: FormStep, ctx: { dataset: Record<string, ReferenceDataset> }): ReviewNode[] {
  if (list === 'pictures') {
    const fields = { type: entry.type, description: entry.description, date: entry.date, author: entry.author };
    const nodes: ReviewNode[] = [{ kind: 'image', fileId: `picture:${String(entry.uid)}`, alt: { key: 'media.pictures.alt', values: { n: 0 } } }];
    for (const [field, v] of Object.entries(fields)) {
      if (field === 'type') nodes.push({ kind: 'row', field, labels: ['media.pictures.type'], value: { kind: 'code', dataset: 'imageType', code: String(v ?? '') } });
      else if (field === 'author') nodes.push({ kind: 'row', field, labels: ['review.author'], value: { kind: 'text', text: String(v ?? '') } });
      else nodes.push({ kind: 'row', field, labels: [`media.pictures.${field}`], value: valueOf(field, v, ctx) });
    }
    return nodes;
  }
  if (list === 'attachments') {
    const pages = Array.isArray(entry.pictures) ? entry.pictures.length : 0;
    return [
      { kind: 'row', field: 'type', labels: ['media.attachments.documentType'], value: { kind: 'code', dataset: 'documentType', code: String(entry.type ?? '') } },
      { kind: 'row', field: 'name', labels: ['review.attachmentName'], value: { kind: 'text', text: String(entry.name ?? '') } },
      {
        kind: 'row',
        field: 'pictures',
        labels: ['review.pages'],
        value: entry.offline ? { kind: 'number', value: pages, warn: false } : { kind: 'choice', key: 'media.attachments.remote' },
      },
    ];
  }
  return walk(entry, namespaces, step);
}

/** What an empty list shows (the lists' own message). */
const EMPTY_LIST: ReviewNode = { kind: 'row', field: '', labels: [], value: { kind: 'choice', key: 'lists.empty' } };
/** The inspection's own pictures, not the vessel's photos on file: said in the same words as the step. */
const NO_PICTURES_TAKEN: ReviewNode = { kind: 'row', field: '', labels: [], value: { kind: 'choice', key: 'media.pictures.noneTaken' } };

/** The picture's stored file id, as the pictures step stores it. */
export type PictureFileId = (uid: string) => string;

/** Every form step's content, in the stepper's order, for a prepared report. */
export function reviewContent(report: PreparedPir, pictureFileId: PictureFileId = (uid) => `picture:${report.id}:${uid}`): ReviewSection[] {
  const steps = STEP_NAMES.filter(isFormStep);
  return steps.map((step) => {
    const def = STEP_DEFINITIONS[step];
    const values = def.select(report) as Record<string, unknown>;
    const namespaces = NAMESPACES[step] ?? ['fields'];
    let children = walk(values, namespaces, step);
    if (step === 'vesselpictures') children = fixPictures(children, pictureFileId);
    // a step that is one list shows its entries directly, or that it has none
    const only = children.length === 1 ? children[0] : undefined;
    if (only?.kind === 'group' && Object.values(LISTS).some((l) => l.title === only.title.key)) children = only.children;
    for (const n of children) if (n.kind === 'group' && n.children.length === 0) n.children.push(EMPTY_LIST);
    if (children.length === 0) children = [step === 'vesselpictures' ? NO_PICTURES_TAKEN : EMPTY_LIST];
    if (step === 'comments') children = [{ kind: 'row', field: 'inspectionComment', labels: ['review.officeComment'], value: { kind: 'text', text: report.inspectionComment } }];
    return { step, title: { key: `steps.${step}.title` }, children };
  });
}

function fixPictures(nodes: ReviewNode[], fileId: PictureFileId): ReviewNode[] {
  return nodes.map((n) =>
    n.kind !== 'group'
      ? n
      : {
          ...n,
          children: n.children.map((g, i) =>
            g.kind !== 'group'
              ? g
              : {
                  ...g,
                  children: g.children.map((c) =>
                    c.kind === 'image' ? { ...c, fileId: fileId(c.fileId.replace(/^picture:/, '')), alt: { key: 'media.pictures.alt', values: { n: i + 1 } } } : c,
                  ),
                },
          ),
        },
  );
}

// ---------------------------------------------------------------- resolved: plain strings

export type ResolvedNode =
  | { kind: 'row'; label: string; value: string; warn: boolean; long: boolean }
  | { kind: 'group'; title: string; children: ResolvedNode[] }
  | { kind: 'image'; fileId: string; alt: string };

export interface ResolvedSection {
  step: FormStep;
  title: string;
  children: ResolvedNode[];
}

export interface ResolveDeps {
  /** the message, or undefined when the key does not exist */
  t(key: string, values?: Record<string, string | number>): string | undefined;
  /** a reference entry's name (by id) or undefined */
  ref(dataset: ReferenceDataset, id: number): string | undefined;
  refByCode(dataset: ReferenceDataset, code: string): string | undefined;
  date(iso: string): string;
  number(n: number): string;
}

/** Shown for a field left empty. */
export const EMPTY = '—';

function resolveValue(v: ReviewValue, d: ResolveDeps): string {
  switch (v.kind) {
    case 'text':
      return v.text && v.text.trim() !== '' ? v.text : EMPTY;
    case 'bool':
      if (v.value === null) return EMPTY;
      return (v.value ? d.t(v.yes ?? 'review.yes') : d.t(v.no ?? 'review.no')) ?? String(v.value);
    case 'number':
      return v.value === null ? EMPTY : d.number(v.value);
    case 'date':
      return v.iso ? d.date(v.iso) : EMPTY;
    case 'ref':
      return v.ids.length ? v.ids.map((id) => d.ref(v.dataset, id) ?? `#${id}`).join(', ') : EMPTY;
    case 'code':
      return v.code ? (d.refByCode(v.dataset, v.code) ?? v.code) : EMPTY;
    case 'choice':
      return v.key ? (d.t(v.key) ?? EMPTY) : EMPTY;
  }
}

function resolveNode(n: ReviewNode, d: ResolveDeps): ResolvedNode {
  if (n.kind === 'image') return { kind: 'image', fileId: n.fileId, alt: d.t(n.alt.key, n.alt.values) ?? '' };
  if (n.kind === 'group') return { kind: 'group', title: d.t(n.title.key, n.title.values) ?? n.title.key, children: n.children.map((c) => resolveNode(c, d)) };
  const label = n.labels.map((k) => d.t(k)).find((s) => s !== undefined) ?? n.field;
  if (n.labels.length === 0) return { kind: 'row', label: '', value: resolveValue(n.value, d), warn: false, long: true };
  const value = resolveValue(n.value, d);
  return { kind: 'row', label, value, warn: n.value.kind === 'number' && n.value.warn, long: n.value.kind === 'text' && (value.length > 80 || value.includes('\n')) };
}

export function resolveReview(sections: readonly ReviewSection[], d: ResolveDeps): ResolvedSection[] {
  return sections.map((s) => ({ step: s.step, title: d.t(s.title.key) ?? s.step, children: s.children.map((c) => resolveNode(c, d)) }));
}

/** The picture file ids the review shows (to load thumbnails, or embed them in the PDF). */
export function reviewImages(sections: readonly ResolvedSection[]): { fileId: string; alt: string }[] {
  const out: { fileId: string; alt: string }[] = [];
  const visit = (n: ResolvedNode) => {
    if (n.kind === 'image') out.push({ fileId: n.fileId, alt: n.alt });
    else if (n.kind === 'group') n.children.forEach(visit);
  };
  sections.forEach((s) => s.children.forEach(visit));
  return out;
}
