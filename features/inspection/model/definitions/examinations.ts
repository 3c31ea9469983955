/** SPEC §5 examinations: four yes/no answers with comments, and a gear type. */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { ExtendedPir } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { nullableId, requiredYesNo, text } from '../validation/rules';
import { pirSlice } from './slices';

export const EXAMINATIONS = ['logBookExamination', 'catchDocumentationSchemeCompliance', 'tradeInformationSchemeCompliance', 'gearExamination'] as const;
type ExaminationName = (typeof EXAMINATIONS)[number];
type Examination = ExtendedPir[ExaminationName];
export type ExaminationsValues = Pick<ExtendedPir, ExaminationName | 'gearType'>;

/** `required` lands on `<name>.status`. */
const examinationSchema = z.object({ status: requiredYesNo(), comments: text() });

const examinationsSchema = z.object({
  logBookExamination: examinationSchema,
  catchDocumentationSchemeCompliance: examinationSchema,
  tradeInformationSchemeCompliance: examinationSchema,
  gearExamination: examinationSchema,
  gearType: nullableId(),
});

/**
 * SPEC §5 "comments update only when non-empty": a comment counts only when it has text, so a
 * blank (whitespace-only) comment is stored as ''. Taken literally (keep the old text when the box is
 * emptied) an inspector could never remove a comment, so clearing the box does clear the comment.
 */
function normaliseExamination(e: Examination): Examination {
  return { ...e, comments: e.comments.trim() === '' ? '' : e.comments };
}

const examinationFields = fieldsIn<Examination>('fields', { status: { kind: 'bool', label: 'fields.examined' }, comments: { kind: 'text' } });
const examination = { kind: 'group', fields: examinationFields } as const;

const slice = pirSlice([...EXAMINATIONS, 'gearType']);

export const examinationsStep: StepDefinition<ExaminationsValues> = {
  step: 'examinations',
  select: slice.select,
  apply: (r, v) => {
    const next = { ...v };
    for (const name of EXAMINATIONS) next[name] = normaliseExamination(v[name]);
    return slice.write(r, next);
  },
  schema: examinationsSchema,
  fields: fieldsIn<ExaminationsValues>('fields', {
    logBookExamination: examination,
    catchDocumentationSchemeCompliance: examination,
    tradeInformationSchemeCompliance: examination,
    gearExamination: examination,
    gearType: { kind: 'reference', dataset: 'gear' },
  }),
};
