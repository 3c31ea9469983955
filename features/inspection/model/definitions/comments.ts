/** The office's note (`inspectionComment` of the report): read only, always valid; the inspector marks it read. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { Pir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { nullableText } from '../validation/rules';

export type CommentsValues = Pick<Pir, 'inspectionComment'>;

const commentsSchema = z.object({ inspectionComment: nullableText() });

export const commentsStep: StepDefinition<CommentsValues> = {
  step: 'comments',
  select: (r) => ({ inspectionComment: r.inspectionComment }),
  // nothing to write: the comment is the office's
  apply: (r) => r,
  schema: commentsSchema,
  fields: fieldsIn<CommentsValues>('review', { inspectionComment: { kind: 'text', label: 'review.officeComment' } }),
};
