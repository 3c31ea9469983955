import { z } from 'zod';

/** SPEC §4: report statuses with their order numbers. */
export const PIR_STATUSES = [
  'notready',
  'preparing',
  'ready',
  'inspecting',
  'signing',
  'readytosubmit',
  'submitting',
  'submitted',
  'claimed',
] as const;

export const pirStatus = z.enum(PIR_STATUSES);
export type PirStatus = z.infer<typeof pirStatus>;

export const STATUS_ORDER: Record<PirStatus, number> = {
  notready: 1,
  preparing: 2,
  ready: 3,
  inspecting: 4,
  signing: 5,
  readytosubmit: 6,
  submitting: 7,
  submitted: 8,
  claimed: 9,
};

/** SPEC §3: the four form types a vessel file can hold. */
export const FORM_TYPES = ['RAR', 'AREP', 'RAIAREP', 'PIR'] as const;
export const formType = z.enum(FORM_TYPES);
export type FormType = z.infer<typeof formType>;

/** SPEC §2: inspection steps, in the order the stepper shows them (URL hash values). */
export const STEP_NAMES = [
  'claimedandprepared',
  'piravailable',
  'inspection started',
  'pirattachments',
  'vesselpictures',
  'updatevesselidentity',
  'inspectioninformation',
  'purposeandportofcall',
  'statusinrfmo',
  'RelevantFishingauthorisation',
  'RelevantTranshipmentAuthorisation',
  'ControlledCatches',
  'transhipmentInfo',
  'catchonboard',
  'catchretained',
  'monitoring',
  'examinations',
  'findings',
  'infringement',
  'comments',
  'signature',
  'submit',
] as const;
export const stepName = z.enum(STEP_NAMES);
export type StepName = z.infer<typeof stepName>;
