/** SPEC §3 reference data: 15 bilingual datasets, each entry id, code, nameEn, nameFr plus extras. */
import './zod-config';
import { z } from 'zod';
import { REFERENCE_DATASETS } from './constants';

export const referenceDataset = z.enum(REFERENCE_DATASETS);
export type ReferenceDataset = z.infer<typeof referenceDataset>;

export const referenceEntry = z.object({
  id: z.number().int(),
  code: z.string().max(40),
  nameEn: z.string().max(300),
  nameFr: z.string().max(300),
});
export type ReferenceEntry = z.infer<typeof referenceEntry>;

/** Port fields as the source system sends them: missing values are often the text NULL or empty. */
export const portEntry = referenceEntry.extend({
  country: z.string().max(100),
  country_id: z.number().int().nullable(),
  line1: z.string().max(300),
  line2: z.string().max(300),
  line3: z.string().max(300),
  city: z.string().max(200),
  stateProvinceCounty: z.string().max(200),
  zipOrPostcode: z.string().max(40),
  phone: z.string().max(60),
  fax: z.string().max(60),
  email: z.string().max(200),
  /** 0 active, 1 inactive */
  disabled: z.union([z.literal(0), z.literal(1)]),
});
export type PortEntry = z.infer<typeof portEntry>;

export const speciesEntry = referenceEntry.extend({
  targetGroup: z.enum(['TROP', 'OTHR', 'AGGR', 'UNKN', 'ICCAT']),
});
export type SpeciesEntry = z.infer<typeof speciesEntry>;

export const purposeEntry = referenceEntry.extend({
  /** 1 only for OTH: details must be typed */
  requireUserDetails: z.union([z.literal(0), z.literal(1)]),
});
export type PurposeEntry = z.infer<typeof purposeEntry>;

export const documentTypeEntry = referenceEntry.extend({
  /** true for the vessel picture types (PWHO, PPSB, ...) */
  isPicture: z.boolean(),
});
export type DocumentTypeEntry = z.infer<typeof documentTypeEntry>;

/** The schema of each dataset's reply (a list). */
export const referenceSchemas = {
  flag: z.array(referenceEntry),
  gear: z.array(referenceEntry),
  vesselType: z.array(referenceEntry),
  port: z.array(portEntry),
  designatedPort: z.array(portEntry),
  vms: z.array(referenceEntry),
  documentType: z.array(documentTypeEntry),
  imageType: z.array(documentTypeEntry),
  rfmo: z.array(referenceEntry),
  purpose: z.array(purposeEntry),
  authority: z.array(referenceEntry),
  fishingArea: z.array(referenceEntry),
  species: z.array(speciesEntry),
  productForms: z.array(referenceEntry),
  speciesForFishingAuthorization: z.array(referenceEntry),
} satisfies Record<ReferenceDataset, z.ZodType>;

export type ReferenceData = { [K in ReferenceDataset]: z.infer<(typeof referenceSchemas)[K]> };

