/**
 * SPEC §5 transhipment information (`transhipmentInfo`). Each content item is checked on its own
 * field — unlike the source system, which tested the species value for every field.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { messageOf, msg } from '../validation/messages';
import {
  addIssue,
  bool,
  date,
  isNotEntered,
  latLongFormat,
  nullableId,
  nullableText,
  quantity,
  requiredId,
  requiredIds,
  requiredText,
  requiredYesNo,
  text,
} from '../validation/rules';
import { caughtWhat } from './controlled-catches';
import { pirSlice } from './slices';

export type TranshipmentInfo = ExtendedPir['transhipmentInfo'][number];
export type TranshipmentContent = TranshipmentInfo['content'][number];
export type TranshipmentInfoValues = Pick<ExtendedPir, 'transhipmentInfo'>;

const transhipmentContentSchema = z.object({
  uid: text(),
  species: requiredId(),
  productForm: requiredId(),
  catchArea: requiredIds(),
  // SPEC §9: transhipment quantity min 1 ("cannot be lower than 1")
  quantity: quantity(1),
  objection: bool(),
  comments: text(),
});

const transhipmentInfoItemSchema = z
  .object({
    uid: text(),
    date: date({ required: true, notInFuture: true }),
    isAtPort: requiredYesNo(),
    atPort: nullableId(),
    atSea: nullableText(),
    isReceived: bool(),
    name: requiredText(),
    flagState: requiredId(),
    idNumber: requiredText(),
    srcForm: text(),
    content: z.array(transhipmentContentSchema),
  })
  .superRefine((v, ctx) => {
    // while isAtPort is unanswered neither place is asked for; an empty position at sea gets latLong
    if (v.isAtPort === true && isNotEntered(v.atPort)) addIssue(ctx, ['atPort'], msg('required'));
    if (v.isAtPort === false) {
      const m = latLongFormat(v.atSea);
      if (m) addIssue(ctx, ['atSea'], m);
    }
    if (v.content.length === 0) addIssue(ctx, ['content'], msg('emptyList'));
  });

/** Entries copied from other forms (donor vessels) are shown read-only: the inspector cannot fix them, so they are not checked. */
function isDonorEntry(e: Pick<TranshipmentInfo, 'srcForm'>): boolean {
  return Boolean(e.srcForm) && e.srcForm !== 'PIR';
}

const transhipmentInfoSchema = z.object({
  transhipmentInfo: z.array(z.custom<TranshipmentInfo>((v) => typeof v === 'object' && v !== null)).superRefine((list, ctx) => {
    list.forEach((entry, i) => {
      if (isDonorEntry(entry)) return;
      const r = transhipmentInfoItemSchema.safeParse(entry);
      if (!r.success) for (const issue of r.error.issues) addIssue(ctx, [i, ...issue.path.map((p) => p as string | number)], messageOf(issue));
    });
  }),
});

/** SPEC §5: receive vs offload, offload (isReceived false) by default. */
export function newTranshipmentInfo(uid: string): TranshipmentInfo {
  return {
    uid,
    date: null,
    isAtPort: null,
    atPort: null,
    atSea: null,
    isReceived: false,
    name: '',
    flagState: null,
    idNumber: '',
    srcForm: 'PIR',
    content: [],
  };
}

export function newTranshipmentContent(uid: string): TranshipmentContent {
  return { uid, species: null, productForm: null, catchArea: [], quantity: null, objection: false, comments: '' };
}

const DONOR_GROUP_FIELDS = ['date', 'flagState', 'idNumber', 'name', 'isAtPort', 'atPort', 'atSea', 'srcForm'] as const;

export interface DonorTranshipmentGroup extends Pick<TranshipmentInfo, (typeof DONOR_GROUP_FIELDS)[number]> {
  key: string;
  /** the grouped entries, in list order */
  entries: TranshipmentInfo[];
  /** their indexes in the list, for binding and error paths (`transhipmentInfo.{i}.…`) */
  indexes: number[];
}

/**
 * SPEC §3: donor-vessel transhipment entries grouped by date, flagState, idNumber, name, isAtPort,
 * atPort, atSea and srcForm (exact values). Groups come in the order of their first entry. Pure.
 */
export function groupDonorTranshipments(entries: readonly TranshipmentInfo[]): DonorTranshipmentGroup[] {
  const groups = new Map<string, DonorTranshipmentGroup>();
  entries.forEach((e, i) => {
    const key = JSON.stringify(DONOR_GROUP_FIELDS.map((f) => e[f]));
    let g = groups.get(key);
    if (!g) {
      g = { key, date: e.date, flagState: e.flagState, idNumber: e.idNumber, name: e.name, isAtPort: e.isAtPort, atPort: e.atPort, atSea: e.atSea, srcForm: e.srcForm, entries: [], indexes: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
    g.indexes.push(i);
  });
  return [...groups.values()];
}

const slice = pirSlice(['transhipmentInfo']);

export const transhipmentInfoStep: StepDefinition<TranshipmentInfoValues> = {
  step: 'transhipmentInfo',
  select: slice.select,
  apply: slice.write,
  schema: transhipmentInfoSchema,
  fields: fieldsIn<TranshipmentInfoValues>('transhipment', {
    transhipmentInfo: {
      kind: 'list',
      label: 'transhipment.list',
      item: 'transhipment.item',
      param: 'number',
      entry: fieldsIn<TranshipmentInfo>('transhipment', {
        uid: { kind: 'hidden' },
        date: { kind: 'date' },
        isAtPort: { kind: 'bool', yes: 'transhipment.inPort', no: 'transhipment.atSea' },
        atPort: { kind: 'reference', dataset: 'port', label: 'transhipment.port' },
        atSea: { kind: 'text', label: 'transhipment.position' },
        isReceived: { kind: 'bool', label: 'transhipment.direction', yes: 'transhipment.receive', no: 'transhipment.offload' },
        name: { kind: 'text' },
        flagState: { kind: 'reference', dataset: 'flag' },
        idNumber: { kind: 'text' },
        srcForm: { kind: 'hidden' },
        content: {
          kind: 'list',
          label: 'transhipment.content',
          item: 'transhipment.contentItem',
          param: 'number',
          entry: fieldsIn<TranshipmentContent>('catches', {
            ...caughtWhat,
            quantity: { kind: 'number', label: 'transhipment.quantity' },
            objection: { kind: 'bool' },
            comments: { kind: 'text' },
          }),
        },
      }),
    },
  }),
};
