/**
 * The server accepts only a submission that happened. complete-submit refuses, with
 * 409 and one of the codes below and nothing changed, a saved report that the app's flow (SPEC §4)
 * could not have produced:
 *
 * - INSPECTION_NOT_STARTED: no start of inspection (extended.pir.startOfInspection; SPEC §4
 *   startInspection records it);
 * - INSPECTION_NOT_COMPLETED: no end of inspection (endInspection records it when the signatures are in);
 * - STEPS_INCOMPLETE: a form step not marked complete (signing starts only once every one is, SPEC §4);
 * - SIGNATURE_MISSING: no inspector's signature image, or neither the master's nor the master's refusal,
 *   or a role given twice;
 * - SIGNATURE_NOT_IMAGE: a signature file whose received bytes are not a PNG or JPEG image;
 * - IMPOSSIBLE_DATES: a date that cannot be read, the start of inspection before the claim (by the
 *   server's clock) or after the submission, signing or the end before the start, or any of these dates
 *   (and the lifecycle's) after now; each compared with CLOCK_SKEW_MS of slack, as the tablet's dates come
 *   from its own clock (corrected by the server's `Date`, lib/clock/server-clock.ts).
 *
 * Nothing here trusts the flow's own fields for anything else: the stored lifecycle keeps only the
 * dates checked here, each with the previous status SPEC §4's order gives (never the tablet's
 * `previousStatus`), and the submitted entry is the server's. Pure: the bytes are read by the caller.
 */
import type { Extended, Lifecycle, Pir, PirStatus } from '../../lib/contract/index';
import { STEPS } from '../../lib/contract/steps';
import { readImageHeader } from '../documents/image-size';
import type { AnnouncedRow, SaveRow } from '../db/saves';
import { HttpError } from '../http/errors';

/** How far a tablet's date may be from the server's view of it (a clock a few minutes off). */
const CLOCK_SKEW_MS = 10 * 60_000;

export const SubmitRefusal = {
  INSPECTION_NOT_STARTED: 'INSPECTION_NOT_STARTED',
  INSPECTION_NOT_COMPLETED: 'INSPECTION_NOT_COMPLETED',
  STEPS_INCOMPLETE: 'STEPS_INCOMPLETE',
  SIGNATURE_MISSING: 'SIGNATURE_MISSING',
  SIGNATURE_NOT_IMAGE: 'SIGNATURE_NOT_IMAGE',
  IMPOSSIBLE_DATES: 'IMPOSSIBLE_DATES',
  /** complete-submit of a save another tablet made (server/routes/reports.ts) */
  SAVED_BY_ANOTHER_TABLET: 'SAVED_BY_ANOTHER_TABLET',
  /** a save or submission carrying signature images another tablet saved for the report */
  SIGNATURES_OF_ANOTHER_TABLET: 'SIGNATURES_OF_ANOTHER_TABLET',
  /** a save of a signed report without the fingerprint (every signed save carries one) */
  FINGERPRINT_MISSING: 'FINGERPRINT_MISSING',
} as const;

/** The form steps (every one must be complete before signing). */
export const FORM_STEP_NAMES: readonly string[] = STEPS.filter((s) => s.form).map((s) => s.name);

/** The statuses of the flow whose dates a tablet records, each with the status SPEC §4 reaches it from. */
const FLOW: readonly [PirStatus, PirStatus][] = [
  ['preparing', 'notready'],
  ['ready', 'preparing'],
  ['inspecting', 'ready'],
  ['signing', 'inspecting'],
  ['readytosubmit', 'signing'],
  ['submitting', 'readytosubmit'],
];
/** Lifecycle entries that come after the start of inspection. */
const AFTER_START: ReadonlySet<PirStatus> = new Set(['signing', 'readytosubmit', 'submitting']);

export interface SubmitCheckInput {
  savedPir: Pir;
  extended: Extended;
  save: SaveRow;
  /** the files of the save, every one received */
  announced: readonly AnnouncedRow[];
  /** when the holding tablet claimed the report by the server's clock, null when unknown (seeded holds) */
  claimedAt: string | null;
  /**
   * The server's own record (not the save) already has the report signed, from before it recorded claims:
   * the demo data's reports seeded as signed on a tablet, whose signature images no tablet can download
   * again. Their missing signatures are accepted (the PDF's boxes stay empty); any signature sent is
   * still checked. Never true for a report claimed through this server.
   */
  signedOnRecord?: boolean;
  now: Date;
  /** the first bytes of a stored file */
  head: (sha256: string) => Uint8Array | undefined;
}

export interface CheckedSubmission {
  startOfInspection: string;
  endOfInspection: string;
  /** the lifecycle dates checked, with SPEC §4's previous statuses */
  lifecycle: Lifecycle;
  /** null only for a report signed on record (`signedOnRecord`) */
  inspector: AnnouncedRow | null;
  master: AnnouncedRow | null;
  masterRefuses: boolean;
}

const refuse = (code: string, data: Record<string, unknown>): never => {
  throw new HttpError(409, code, data);
};

function parseDate(field: string, value: unknown): number {
  const t = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(t)) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field, reason: 'not a date', value: typeof value === 'string' ? value.slice(0, 40) : value ?? null });
  return t;
}

/** Throws 409 with a SubmitRefusal code when the saved report is not a submission the app's flow makes. */
export function checkSubmission(input: SubmitCheckInput): CheckedSubmission {
  const { savedPir, extended, now } = input;
  const latest = now.getTime() + CLOCK_SKEW_MS;

  // the inspection was started and completed
  const startRaw = extended.pir.startOfInspection;
  if (!startRaw) refuse(SubmitRefusal.INSPECTION_NOT_STARTED, { field: 'startOfInspection' });
  const endRaw = extended.pir.endOfInspection;
  if (!endRaw) refuse(SubmitRefusal.INSPECTION_NOT_COMPLETED, { field: 'endOfInspection' });

  // every form step complete
  const flags = (savedPir.inspectionstatus ?? {}) as Record<string, unknown>;
  const incomplete = FORM_STEP_NAMES.filter((s) => flags[s] !== true);
  if (incomplete.length) refuse(SubmitRefusal.STEPS_INCOMPLETE, { steps: incomplete });

  // the signatures: the inspector's, and the master's or the master's refusal, received as images
  const entries = JSON.parse(input.save.signatures) as { fileUrl: string; role: string }[];
  const byUrl = new Map(input.announced.filter((a) => a.part === 'signatures').map((a) => [a.file_url, a]));
  const ofRole = (role: 'master' | 'inspector') => entries.filter((e) => e.role === role);
  for (const role of ['master', 'inspector'] as const) {
    if (ofRole(role).length > 1) refuse(SubmitRefusal.SIGNATURE_MISSING, { role, reason: 'given more than once' });
  }
  const masterRefuses = savedPir.inspectionSignatures?.masterRefuses === true;
  const inspectorEntry = ofRole('inspector')[0];
  const masterEntry = ofRole('master')[0];
  const onRecord = input.signedOnRecord === true && input.claimedAt === null;
  if (!inspectorEntry && !onRecord) refuse(SubmitRefusal.SIGNATURE_MISSING, { role: 'inspector' });
  if (!masterEntry && !masterRefuses && !onRecord) refuse(SubmitRefusal.SIGNATURE_MISSING, { role: 'master', reason: 'neither signed nor refused' });
  const received = (entry: { fileUrl: string; role: string }): AnnouncedRow => {
    const a = byUrl.get(entry.fileUrl);
    if (!a || a.received_at === null) return refuse(SubmitRefusal.SIGNATURE_MISSING, { role: entry.role, fileUrl: entry.fileUrl, reason: 'not received' });
    const header = readImageHeader(input.head(a.sha256) ?? new Uint8Array());
    const typeOk = a.content_type === 'image/png' || a.content_type === 'image/jpeg';
    if (!typeOk || !header || (header.type !== 'png' && header.type !== 'jpeg')) {
      refuse(SubmitRefusal.SIGNATURE_NOT_IMAGE, { role: entry.role, fileUrl: entry.fileUrl, contentType: a.content_type });
    }
    return a;
  };
  const inspector = inspectorEntry ? received(inspectorEntry) : null;
  const master = masterEntry ? received(masterEntry) : null;

  // the dates: in the order the flow makes them, none after now
  const start = parseDate('startOfInspection', startRaw);
  const end = parseDate('endOfInspection', endRaw);
  if (input.claimedAt !== null && start < Date.parse(input.claimedAt) - CLOCK_SKEW_MS) {
    refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field: 'startOfInspection', reason: 'before the claim', value: startRaw, claimedAt: input.claimedAt });
  }
  if (start > latest) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field: 'startOfInspection', reason: 'after the submission', value: startRaw });
  if (end > latest) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field: 'endOfInspection', reason: 'in the future', value: endRaw });
  if (end < start - CLOCK_SKEW_MS) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field: 'endOfInspection', reason: 'before the start', value: endRaw });

  const lifecycle: Lifecycle = {};
  const given = (savedPir.lifecycle ?? {}) as Lifecycle;
  for (const [status, previous] of FLOW) {
    const entry = given[status];
    if (!entry) continue;
    const field = `lifecycle.${status}`;
    const t = parseDate(field, entry.date);
    if (t > latest) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field, reason: 'in the future', value: entry.date });
    if (AFTER_START.has(status) && t < start - CLOCK_SKEW_MS) refuse(SubmitRefusal.IMPOSSIBLE_DATES, { field, reason: 'before the start', value: entry.date });
    lifecycle[status] = { date: new Date(t).toISOString(), previousStatus: previous };
  }

  return {
    startOfInspection: new Date(start).toISOString(),
    endOfInspection: new Date(end).toISOString(),
    lifecycle,
    inspector,
    master,
    masterRefuses,
  };
}
