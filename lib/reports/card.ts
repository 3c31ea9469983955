/**
 * SPEC §2 report card: which date, count and badge the card shows for a report. Pure, so the rules
 * are unit-tested apart from the layout.
 */
import type { Pir, StepName, VesselPicture } from '@/lib/contract';
import { DEFAULT_PORT_OF_ARRIVAL } from '@/lib/contract/constants';
import { inspectionProgress } from '@/lib/inspection/steps';
import { groupReports, isClaimedByOtherDevice, REPORT_GROUPS } from './groups';
import { canTransition, isHeldBy, submissionFailed } from '../lifecycle/transitions';

/** The port of arrival, or the spec's default port (64) when the report has none. */
export function portOfArrivalId(report: Pick<Pir, 'portOfArrival'>): number {
  return report.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL;
}

/** When the inspection started: the tablet's lifecycle entry, else the start recorded in the extended report. */
export function inspectionStartedAt(report: Pick<Pir, 'lifecycle' | 'extended'>): string | null {
  return report.lifecycle.inspecting?.date ?? report.extended?.pir.startOfInspection ?? null;
}

/** When the inspection is scheduled (the listing's `startOfInspection`). */
export function inspectionScheduledAt(report: Pick<Pir, 'startOfInspection'>): string | null {
  return report.startOfInspection;
}

/** When the PIR document was submitted: the latest submitted PIR form's date, else the lifecycle's. */
export function documentSubmittedAt(report: Pick<Pir, 'submitedForms' | 'lifecycle'>): string | null {
  let latest: string | null = null;
  for (const f of report.submitedForms) {
    if (f.typeOfForm !== 'PIR') continue;
    if (latest === null || Date.parse(f.submitDate) > Date.parse(latest)) latest = f.submitDate;
  }
  return latest ?? report.lifecycle.submitted?.date ?? null;
}

/** Vessel pictures, plus the pictures taken during the inspection once the report is prepared. */
export function photoCount(report: Pick<Pir, 'vesselPictures' | 'extended'>): number {
  return report.vesselPictures.length + (report.extended?.pictures.length ?? 0);
}

/** The picture the card shows: the vessel file's first one. */
export function firstVesselPicture(report: Pick<Pir, 'vesselPictures'>): VesselPicture | null {
  return report.vesselPictures[0] ?? null;
}

/** Cards of each group a tablet shows before any scrolling (SPEC §9: 2.75 in view). */
const CARDS_IN_VIEW = 3;

/**
 * The card pictures the list shows first, to fetch as soon as the listing is here rather than once
 * the cards are drawn: the first cards of each group, in display order, of reports whose files this
 * tablet does not hold (a report it prepared shows its stored copy).
 */
export function picturesShownFirst<T extends Pick<Pir, 'id' | 'status' | 'claimedByDevice' | 'expectedArrival' | 'vesselPictures'>>(
  listing: readonly T[],
  held: ReadonlySet<number>,
  deviceName: string,
  perGroup = CARDS_IN_VIEW,
): VesselPicture[] {
  const groups = groupReports(listing, deviceName);
  return REPORT_GROUPS.flatMap((g) => groups[g].slice(0, perGroup))
    .filter((r) => !held.has(r.id))
    .map(firstVesselPicture)
    .filter((p): p is VesselPicture => p !== null);
}

/** Reports this tablet holds files of: claimed here and prepared, or on their way to it. */
export function heldReportIds(local: readonly Pick<Pir, 'id' | 'status' | 'claimedByDevice'>[], deviceName: string): Set<number> {
  return new Set(local.filter((r) => r.status !== 'notready' && r.claimedByDevice === deviceName).map((r) => r.id));
}

/** The office's comment is flagged (linking to the comment step) until the report is submitted. */
export function showsCommentWarning(report: Pick<Pir, 'inspectionComment' | 'status'>): boolean {
  return Boolean(report.inspectionComment?.trim()) && report.status !== 'submitted';
}

/** The inspection bar (SPEC §9: 0.8 × share of completed form steps, 0.01 if none), only while inspecting or signing. */
export function cardProgress(report: Pick<Pir, 'status' | 'extended' | 'inspectionstatus' | 'inspectionErrors'>): number | null {
  return report.status === 'inspecting' || report.status === 'signing' ? inspectionProgress(report) : null;
}

/**
 * The "claimed by another device" notice. SPEC §2 names the not-ready case; the listing also shows
 * reports another device is preparing or inspecting, and the inspector needs to know who holds those
 * too (docs/decisions.md). Submitted reports are no one's any more.
 */
export function showsClaimedNotice(report: Pick<Pir, 'claimedByDevice' | 'status'>, deviceName: string): boolean {
  return isClaimedByOtherDevice(report, deviceName) && report.status !== 'submitted';
}

/**
 * The card's main action for its report: what the inspector does next with it. Release is
 * never the main action: it throws work away, and sits in the card's secondary menu.
 */
export type CardAction =
  | { kind: 'claim' }
  | { kind: 'reclaim' }
  | { kind: 'open'; label: 'open' | 'continue' | 'submit' | 'retry'; step: StepName | null };

export function cardAction(report: Pick<Pir, 'status' | 'claimedByDevice' | 'lifecycle'>, deviceName: string, submitRejected: boolean): CardAction {
  if (report.status !== 'submitted' && isClaimedByOtherDevice(report, deviceName)) {
    return canTransition(report, 'reclaim') ? { kind: 'reclaim' } : { kind: 'open', label: 'open', step: null };
  }
  switch (report.status) {
    case 'notready':
      return { kind: 'claim' };
    case 'ready':
      return { kind: 'open', label: 'open', step: 'inspection started' };
    case 'inspecting':
    case 'signing':
      return { kind: 'open', label: 'continue', step: null };
    case 'readytosubmit':
      return { kind: 'open', label: submissionFailed(report, submitRejected) ? 'retry' : 'submit', step: 'submit' };
    case 'submitting':
      return { kind: 'open', label: 'open', step: 'submit' };
    default:
      return { kind: 'open', label: 'open', step: null };
  }
}

/**
 * What has left the tablet: a report worked on here is saved on the tablet (when) and not
 * sent, or being sent; a submitted one was sent (when). Null for reports with nothing of this tablet's.
 */
export type SendState = { kind: 'saved'; at: string } | { kind: 'sending' } | { kind: 'sent'; at: string } | null;

export function sendState(report: Pick<Pir, 'status' | 'claimedByDevice' | 'lastUpdateDate' | 'submitedForms' | 'lifecycle'>, deviceName: string): SendState {
  if (report.status === 'submitted') {
    const at = documentSubmittedAt(report);
    return at ? { kind: 'sent', at } : null;
  }
  if (!isHeldBy(report, deviceName)) return null;
  if (report.status === 'submitting') return { kind: 'sending' };
  if (report.status === 'inspecting' || report.status === 'signing' || report.status === 'readytosubmit') return { kind: 'saved', at: report.lastUpdateDate };
  return null;
}

export interface Outbox {
  /** signed here and waiting to be sent (a report still being inspected is not in the outbox) */
  toSend: number;
  sending: number;
  /** submitted since local midnight */
  sentToday: number;
}

export function outboxSummary(reports: readonly Parameters<typeof sendState>[0][], deviceName: string, now: Date): Outbox {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const out: Outbox = { toSend: 0, sending: 0, sentToday: 0 };
  for (const r of reports) {
    const s = sendState(r, deviceName);
    if (s?.kind === 'saved' && r.status === 'readytosubmit') out.toSend++;
    else if (s?.kind === 'sending') out.sending++;
    else if (s?.kind === 'sent' && Date.parse(s.at) >= midnight) out.sentToday++;
  }
  return out;
}
