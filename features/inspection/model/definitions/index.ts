/**
 * The 17 form steps' definitions (SPEC §2, §5), by step name (lib/contract/steps.ts): for what reads
 * every step (the review, the tests). A step's screen imports its own module, so its chunk carries its
 * own schema rather than all 17.
 */
import type { FormStep } from '../../../../lib/inspection/steps';
import type { StepDefinition } from '../step-definition';
import { catchOnboardStep } from './catch-onboard';
import { catchRetainedStep } from './catch-retained';
import { commentsStep } from './comments';
import { controlledCatchesStep } from './controlled-catches';
import { examinationsStep } from './examinations';
import { findingsStep } from './findings';
import { fishingAuthorisationStep } from './fishing-authorisations';
import { infringementStep } from './infringement';
import { inspectionInformationStep } from './inspection-information';
import { monitoringStep } from './monitoring';
import { pirAttachmentsStep } from './pir-attachments';
import { purposeStep } from './purpose';
import { rfmoStatusStep } from './rfmo-status';
import { transhipmentAuthorisationStep } from './transhipment-authorisations';
import { transhipmentInfoStep } from './transhipment-info';
import { vesselIdentityStep } from './vessel-identity';
import { vesselPicturesStep } from './vessel-pictures';

export * from './catch-onboard';
export * from './catch-retained';
export * from './comments';
export * from './controlled-catches';
export * from './examinations';
export * from './findings';
export * from './fishing-authorisations';
export * from './infringement';
export * from './inspection-information';
export * from './monitoring';
export * from './pir-attachments';
export * from './purpose';
export * from './rfmo-status';
export * from './transhipment-authorisations';
export * from './transhipment-info';
export * from './vessel-identity';
export * from './vessel-pictures';
export type { PreparedPir } from './slices';

// `any`: each step has its own value type; callers holding one step's values use that step's export
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const STEP_DEFINITIONS: Record<FormStep, StepDefinition<any>> = {
  pirattachments: pirAttachmentsStep,
  vesselpictures: vesselPicturesStep,
  updatevesselidentity: vesselIdentityStep,
  inspectioninformation: inspectionInformationStep,
  purposeandportofcall: purposeStep,
  statusinrfmo: rfmoStatusStep,
  RelevantFishingauthorisation: fishingAuthorisationStep,
  RelevantTranshipmentAuthorisation: transhipmentAuthorisationStep,
  ControlledCatches: controlledCatchesStep,
  transhipmentInfo: transhipmentInfoStep,
  catchonboard: catchOnboardStep,
  catchretained: catchRetainedStep,
  monitoring: monitoringStep,
  examinations: examinationsStep,
  findings: findingsStep,
  infringement: infringementStep,
  comments: commentsStep,
};
