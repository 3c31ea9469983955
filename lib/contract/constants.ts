/**
 * The contract's plain values: statuses, steps and limits (the calls' paths are ./routes.ts). They
 * carry no zod, so the app's first scripts can use them while the schemas load on demand (lib/contract/load.ts).
 */

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


export const STATUS_ORDER: Record<(typeof PIR_STATUSES)[number], number> = {
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

export { STEP_NAMES } from './steps';

export const BASE_PATH = '/be';
/** SPEC §9 */
export const HTTP_TIMEOUT_MS = 30_000;
/** Every write carries one; a repeated key returns the first reply and stores nothing again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Reply message of a missing, invalid or expired token (HTTP 401). */
export const SESSION_EXPIRED = 'SESSION_EXPIRED';
/** Reply message of a refused sign-in (HTTP 401). */
export const INVALID_CREDENTIALS = 'INVALID_CREDENTIALS';
/** Reply message of too many sign-ins from one address (HTTP 429); `data.retryAfter` is in seconds. */
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';
/** Login refused: the tablet name is registered to another inspector; `data.deviceName` names it. */
export const DEVICE_OF_ANOTHER_USER = 'DEVICE_OF_ANOTHER_USER';
/**
 * Login refused (HTTP 400): the tablet name has control, invisible (format) or text-direction
 * characters; `data.deviceName` is the name as received.
 */
export const INVALID_DEVICE_NAME = 'INVALID_DEVICE_NAME';
/**
 * Login refused (HTTP 409): the tablet name looks like one already registered (Unicode's
 * confusable skeleton, case aside); `data.deviceName` is the name asked for, `data.similarTo` the registered one.
 */
export const DEVICE_NAME_CONFUSABLE = 'DEVICE_NAME_CONFUSABLE';
/** The server is busy (HTTP 503): try again after `data.retryAfter` seconds (also in Retry-After). */
export const SERVER_BUSY = 'SERVER_BUSY';
/**
 * complete-submit refused (HTTP 409): the report's content or files differ from what was
 * signed (the fingerprint taken at endInspection); `data` has `expected` and `computed`.
 */
export const FINGERPRINT_MISMATCH = 'FINGERPRINT_MISMATCH';
/** Largest JSON body the server accepts, and largest uploaded file. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/**
 * Largest total of the files one report may announce: SPEC §9 resizes pictures to at
 * most 3000×5000 JPEG at quality 70 (a few MB each), so 1 GB holds hundreds of them and their attachments.
 */
export const MAX_REPORT_BYTES = 1024 * 1024 * 1024;


/** `submit-file` replies text that begins with ok */
export const UPLOAD_OK_PREFIX = 'ok';

export const FILE_KINDS = ['pictures', 'documents', 'attachments'] as const;

export const REFERENCE_DATASETS = [
  'flag',
  'gear',
  'vesselType',
  'port',
  'designatedPort',
  'vms',
  'documentType',
  'imageType',
  'rfmo',
  'purpose',
  'authority',
  'fishingArea',
  'species',
  'productForms',
  'speciesForFishingAuthorization',
] as const;

/**
 * SPEC §3 "Flag/fishing-area authority list": who issued an authorisation (fishing or transhipment) is
 * an id of this list, not of the flag-state list (a flag state, an RFMO or an EU member may issue one).
 * The steps' pickers, the review/PDF labels and the demo data all read it from here.
 */
export const AUTHORISATION_ISSUER_DATASET = 'fishingArea' satisfies (typeof REFERENCE_DATASETS)[number];

/** SPEC §9: default port of arrival when a report has none. */
export const DEFAULT_PORT_OF_ARRIVAL = 64;
/** SPEC §3: VMS "other" option id. */
export const VMS_OTHER_ID = 999;
/**
 * SPEC §3 reference data "VMS on board options": national VMS, the RFMO's VMS, or none. The codes are
 * the spec's, spelling included (`yes-rmfo`); they are stored in `extended.vessel.vmsOnBoard`.
 */
export const VMS_ON_BOARD = ['yes-national', 'yes-rmfo', 'no'] as const;
export type VmsOnBoard = (typeof VMS_ON_BOARD)[number];
/** SPEC §3: purpose fallback id (OTH). */
export const PURPOSE_OTHER_ID = 12;

export const STORED_FILE_TYPES = ['image', 'imageb64', 'pdf', 'other'] as const;

export const TASK_STATUSES = ['UNDEFINED', 'REGISTERED', 'COMPLETED', 'RESOLVED', 'REJECTED', 'IGNORED'] as const;

export const LANGUAGES = ['en', 'fr'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;

/** SPEC §7: calls use the offline pending PIR form id when present, else the file id. */
// (typed by shape: the entities are built from these constants, not the other way round)
export function pirCallId(report: { fileId: number; offlinePendingForms: readonly { id: number; typeOfForm: string }[] }): number {
  const pending = report.offlinePendingForms.find((f) => f.typeOfForm === 'PIR') ?? report.offlinePendingForms[0];
  return pending ? pending.id : report.fileId;
}
