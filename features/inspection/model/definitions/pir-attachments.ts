/**
 * Attachments of the report (`extended.attachments`, paths `attachments.{i}.…`). A local one
 * (offline true) needs a type and at least one page; remote ones came from the server as they are and
 * are not checked.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { Extended } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { msg } from '../validation/messages';
import { addIssue, bool, isNotEntered, nullableText, text, texts } from '../validation/rules';
import { extendedSlice } from './slices';

export type PirAttachmentsValues = Pick<Extended, 'attachments'>;

const attachmentSchema = z
  .object({
    uid: text(),
    type: text(),
    name: text(),
    offline: bool(),
    documentTag: nullableText(),
    /** stored-file ids of the pages */
    pictures: texts(),
  })
  .superRefine((a, ctx) => {
    if (!a.offline) return;
    if (isNotEntered(a.type)) addIssue(ctx, ['type'], msg('required'));
    if (a.pictures.length === 0) addIssue(ctx, ['pictures'], msg('emptyList'));
  });

const pirAttachmentsSchema = z.object({ attachments: z.array(attachmentSchema) });

const slice = extendedSlice(['attachments']);

export const pirAttachmentsStep: StepDefinition<PirAttachmentsValues> = {
  step: 'pirattachments',
  select: slice.select,
  apply: slice.write,
  schema: pirAttachmentsSchema,
  fields: fieldsIn<PirAttachmentsValues>('media.attachments', {
    attachments: {
      kind: 'list',
      label: 'steps.pirattachments.title',
      item: 'review.attachmentItem',
      param: 'n',
      entry: fieldsIn<PirAttachmentsValues['attachments'][number]>('media.attachments', {
        uid: { kind: 'hidden' },
        type: { kind: 'code', dataset: 'documentType', label: 'media.attachments.documentType' },
        name: { kind: 'text', label: 'review.attachmentName' },
        offline: { kind: 'hidden' },
        documentTag: { kind: 'hidden' },
        pictures: { kind: 'pages', label: 'review.pages' },
      }),
    },
  }),
};
