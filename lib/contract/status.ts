import './zod-config';
import { z } from 'zod';
import { PIR_STATUSES, FORM_TYPES, STEP_NAMES } from './constants';

export const pirStatus = z.enum(PIR_STATUSES);
export type PirStatus = z.infer<typeof pirStatus>;

export const formType = z.enum(FORM_TYPES);
export type FormType = z.infer<typeof formType>;

export const stepName = z.enum(STEP_NAMES);
export type StepName = z.infer<typeof stepName>;
