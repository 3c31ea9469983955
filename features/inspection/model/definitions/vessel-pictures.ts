/**
 * Pictures taken during the inspection (`extended.pictures`, paths `pictures.{i}.…`). Each needs a type;
 * that it is a picture type code (PWHO, PPSB, …) is ensured by the select offering only those, as the
 * codes are reference data and not known to a static schema.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import type { Extended } from '@/lib/contract';
import { fieldsIn, type StepDefinition } from '../step-definition';
import { nullableText, requiredText, text } from '../validation/rules';
import { extendedSlice } from './slices';

export type VesselPicturesValues = Pick<Extended, 'pictures'>;

const inspectionPictureSchema = z.object({
  uid: text(),
  type: requiredText(),
  author: text(),
  description: text(),
  date: nullableText(),
  markupOf: nullableText().optional(),
});

const vesselPicturesSchema = z.object({ pictures: z.array(inspectionPictureSchema) });

const slice = extendedSlice(['pictures']);

export const vesselPicturesStep: StepDefinition<VesselPicturesValues> = {
  step: 'vesselpictures',
  select: slice.select,
  apply: slice.write,
  schema: vesselPicturesSchema,
  fields: fieldsIn<VesselPicturesValues>('media.pictures', {
    pictures: {
      kind: 'list',
      label: 'steps.vesselpictures.title',
      item: 'media.pictures.number',
      param: 'n',
      pictures: true,
      entry: fieldsIn<VesselPicturesValues['pictures'][number]>('media.pictures', {
        uid: { kind: 'hidden' },
        type: { kind: 'code', dataset: 'imageType' },
        description: { kind: 'text' },
        date: { kind: 'date' },
        author: { kind: 'text', label: 'review.author' },
        markupOf: { kind: 'hidden' },
      }),
    },
  }),
};
