/**
 * What the master reviews before signing, and what the signed PDF prints. Pure.
 *
 * The content is read through each form step's own definition, in the stepper's order: its values
 * (`STEP_DEFINITIONS[step].select`) walked by its field descriptions (`fields`), which give each
 * field's label key, kind, reference dataset and list titles. A field added to a step shows here
 * once it is described there; nothing is guessed from its name.
 *
 * Two phases: `reviewContent` (report → sections of fields with raw values and label keys)
 * and `resolveReview` (→ plain strings in one language, given a translator and reference labels).
 * The screen renders the resolved form; the PDF worker lays out the same resolved form.
 */
import type { ReferenceDataset } from '@/lib/contract';
import { STEP_NAMES } from '@/lib/contract/constants';
import { STEP_DEFINITIONS } from './definitions';
import type { PreparedPir } from './definitions/slices';
import type { FieldDescription, Fields } from './step-definition';
import { isFormStep, type FormStep } from '../../../lib/inspection/steps';
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
  | { kind: 'row'; field: string; label: string | null; value: ReviewValue }
  | { kind: 'group'; title: Label; children: ReviewNode[] }
  | { kind: 'image'; fileId: string; alt: Label };

export interface ReviewSection {
  step: FormStep;
  title: Label;
  children: ReviewNode[];
}

/** The picture's stored file id, as the pictures step stores it. */
export type PictureFileId = (uid: string) => string;

function valueOf(d: FieldDescription, v: unknown, entry: Record<string, unknown>): ReviewValue {
  switch (d.kind) {
    case 'reference':
      if (typeof v === 'number' || v === null) return { kind: 'ref', dataset: d.dataset, ids: v === null ? [] : [v] };
      if (Array.isArray(v)) return { kind: 'ref', dataset: d.dataset, ids: v.filter((x): x is number => typeof x === 'number') };
      break;
    case 'code':
      return { kind: 'code', dataset: d.dataset, code: String(v ?? '') };
    case 'date':
      if (typeof v === 'string' || v === null) return { kind: 'date', iso: v };
      break;
    case 'choice':
      return { kind: 'choice', key: d.options[String(v)] ?? null };
    case 'bool':
      if (d.yes || d.no) return { kind: 'bool', value: v as boolean | null, yes: d.yes, no: d.no };
      break;
    case 'count':
      if (Array.isArray(v)) return { kind: 'number', value: v.length, warn: false };
      break;
    case 'pages':
      return entry.offline ? { kind: 'number', value: Array.isArray(v) ? v.length : 0, warn: false } : { kind: 'choice', key: 'media.attachments.remote' };
  }
  if (typeof v === 'boolean' || v === null) return v === null ? { kind: 'text', text: null } : { kind: 'bool', value: v };
  if (typeof v === 'number') return { kind: 'number', value: v, warn: d.kind === 'delta' && isDeltaWarning(v) };
  if (typeof v === 'string') return { kind: 'text', text: v };
  return { kind: 'text', text: JSON.stringify(v) };
}

const isEntryList = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null);

/** The values' described fields, in the description's order. */
function walk(values: Record<string, unknown>, fields: Fields, pictureFileId: PictureFileId): ReviewNode[] {
  const nodes: ReviewNode[] = [];
  for (const [field, d] of Object.entries(fields)) {
    const v = values[field];
    if (d.kind === 'hidden') continue;
    if (d.kind === 'list' && isEntryList(v)) {
      nodes.push({
        kind: 'group',
        title: { key: d.label },
        children: v.map((entry, i) => {
          const children = walk(entry, d.entry, pictureFileId);
          if (d.pictures) children.unshift({ kind: 'image', fileId: pictureFileId(String(entry.uid)), alt: { key: 'media.pictures.alt', values: { n: i + 1 } } });
          return { kind: 'group' as const, title: { key: d.item, values: { [d.param]: i + 1, name: String(entry.name ?? '') } }, children };
        }),
      });
      continue;
    }
    if (d.kind === 'group' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      // an examination, or a part of the form without a title of its own (the vessel's dimensions)
      const children = walk(v as Record<string, unknown>, d.fields, pictureFileId);
      if (d.flat) nodes.push(...children);
      else nodes.push({ kind: 'group', title: { key: d.label }, children });
      continue;
    }
    nodes.push({ kind: 'row', field, label: d.label, value: valueOf(d, v, values) });
  }
  return nodes;
}

/** What an empty list shows (the lists' own message). */
const EMPTY_LIST: ReviewNode = { kind: 'row', field: '', label: null, value: { kind: 'choice', key: 'lists.empty' } };
/** The inspection's own pictures, not the vessel's photos on file: said in the same words as the step. */
const NO_PICTURES_TAKEN: ReviewNode = { kind: 'row', field: '', label: null, value: { kind: 'choice', key: 'media.pictures.noneTaken' } };

/** Every form step's content, in the stepper's order, for a prepared report. */
export function reviewContent(report: PreparedPir, pictureFileId: PictureFileId = (uid) => `picture:${report.id}:${uid}`): ReviewSection[] {
  const steps = STEP_NAMES.filter(isFormStep);
  return steps.map((step) => {
    const def = STEP_DEFINITIONS[step];
    const values = def.select(report) as Record<string, unknown>;
    const fields = def.fields as Fields;
    let children = walk(values, fields, pictureFileId);
    // a step that is one list shows its entries directly, or that it has none
    const shown = Object.values(fields).filter((d) => d.kind !== 'hidden');
    const only = children.length === 1 ? children[0] : undefined;
    if (shown.length === 1 && shown[0]?.kind === 'list' && only?.kind === 'group') children = only.children;
    for (const n of children) if (n.kind === 'group' && n.children.length === 0) n.children.push(EMPTY_LIST);
    if (children.length === 0) children = [step === 'vesselpictures' ? NO_PICTURES_TAKEN : EMPTY_LIST];
    return { step, title: { key: `steps.${step}.title` }, children };
  });
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
  if (n.label === null) return { kind: 'row', label: '', value: resolveValue(n.value, d), warn: false, long: true };
  const label = d.t(n.label) ?? n.field;
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
