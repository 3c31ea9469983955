/**
 * SPEC §2: the inspection's steps, in the order the stepper shows them: the one list a step is named
 * in. Plain values (no zod, no React), so the contract, the server and the app's first scripts read it.
 * What each step needs beside it is kept by its name and typed against this list, so a step left out
 * is a type error: a form step's rules in features/inspection/model/definitions (`STEP_DEFINITIONS`), its
 * screen in features/inspection/components/step-panel.tsx (`STEP_SCREENS`).
 */

export interface StepEntry {
  /** the URL hash value and the key of `inspectionstatus` */
  readonly name: string;
  /** a form the inspector fills while inspecting: it has a definition, and counts on the card's bar */
  readonly form: boolean;
  /**
   * it shows or sends the report's stored details, so without them on this tablet it says why instead;
   * `unlessSubmitted`: a submitted report's step says when it was sent, which needs none
   */
  readonly details: boolean | 'unlessSubmitted';
}

export const STEPS = [
  { name: 'claimedandprepared', form: false, details: false },
  { name: 'piravailable', form: false, details: false },
  { name: 'inspection started', form: false, details: false },
  { name: 'pirattachments', form: true, details: true },
  { name: 'vesselpictures', form: true, details: true },
  { name: 'updatevesselidentity', form: true, details: true },
  { name: 'inspectioninformation', form: true, details: true },
  { name: 'purposeandportofcall', form: true, details: true },
  { name: 'statusinrfmo', form: true, details: true },
  { name: 'RelevantFishingauthorisation', form: true, details: true },
  { name: 'RelevantTranshipmentAuthorisation', form: true, details: true },
  { name: 'ControlledCatches', form: true, details: true },
  { name: 'transhipmentInfo', form: true, details: true },
  { name: 'catchonboard', form: true, details: true },
  { name: 'catchretained', form: true, details: true },
  { name: 'monitoring', form: true, details: true },
  { name: 'examinations', form: true, details: true },
  { name: 'findings', form: true, details: true },
  { name: 'infringement', form: true, details: true },
  { name: 'comments', form: true, details: true },
  { name: 'signature', form: false, details: true },
  { name: 'submit', form: false, details: 'unlessSubmitted' },
] as const satisfies readonly StepEntry[];

/** SPEC §2: inspection steps, in the order the stepper shows them (URL hash values). */
export const STEP_NAMES: readonly (typeof STEPS)[number]['name'][] = STEPS.map((s) => s.name);
