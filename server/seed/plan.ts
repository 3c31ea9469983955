/**
 * The demo's plan: which reports there are, in which states, held by which tablet, and when each
 * step of their lives happened. Nothing here builds a row or a file.
 */
import { STEP_NAMES, type Lifecycle, type PirStatus, type StepName } from '../../lib/contract/index';
import { DEMO_USERS, type DemoUser } from './demo-users';
import type { Prng } from './prng';

/** The demo inspector (DEMO_USERS index) whose tablet holds the report, or none. */
type Dev = 0 | 1 | 2 | null;

export interface PlanRow {
  status: PirStatus;
  /** day of the vessel's call, from the seed's today */
  day: number;
  dev: Dev;
  noPort?: boolean;
  noStart?: boolean;
  noRar?: boolean;
  comment?: boolean;
  pictures: number;
  /** held by another tablet of the same inspector (anotherTablet()) */
  otherTablet?: boolean;
}

/** 30 reports: every status, each device holding some (including notready ones), days -4..+4. */
export const PLAN: readonly PlanRow[] = [
  { status: 'notready', day: -4, dev: null, noRar: true, pictures: 2 },
  { status: 'notready', day: 1, dev: null, noPort: true, pictures: 3 },
  { status: 'notready', day: 2, dev: null, comment: true, pictures: 1 },
  { status: 'notready', day: 3, dev: null, noStart: true, pictures: 2 },
  { status: 'notready', day: 4, dev: null, noRar: true, pictures: 1 },
  { status: 'notready', day: 0, dev: null, pictures: 4 },
  { status: 'notready', day: 2, dev: 0, pictures: 2 },
  { status: 'notready', day: 3, dev: 1, pictures: 3 },
  { status: 'notready', day: 1, dev: 2, noRar: true, pictures: 1 },
  { status: 'claimed', day: 0, dev: 0, pictures: 5 },
  { status: 'claimed', day: 1, dev: 1, pictures: 2 },
  { status: 'preparing', day: 1, dev: 2, pictures: 3 },
  { status: 'preparing', day: 2, dev: 0, pictures: 2 },
  { status: 'ready', day: 0, dev: 1, comment: true, pictures: 4 },
  { status: 'ready', day: 1, dev: 0, noPort: true, pictures: 3 },
  { status: 'ready', day: 2, dev: 2, pictures: 2 },
  { status: 'inspecting', day: 0, dev: 0, comment: true, pictures: 3 },
  { status: 'inspecting', day: -1, dev: 1, pictures: 5 },
  { status: 'inspecting', day: 0, dev: 2, pictures: 2 },
  { status: 'signing', day: 0, dev: 1, pictures: 3 },
  { status: 'signing', day: -1, dev: 0, pictures: 1 },
  { status: 'readytosubmit', day: -1, dev: 2, pictures: 4 },
  { status: 'readytosubmit', day: 0, dev: 0, pictures: 2 },
  // Sent from the inspector's other tablet: a submission under way that no demo tablet runs. Held by
  // a demo tablet, it would greet that inspector's first sign-in with a stalled-submission error.
  { status: 'submitting', day: -1, dev: 1, comment: true, pictures: 3, otherTablet: true },
  { status: 'submitting', day: 0, dev: 2, pictures: 2, otherTablet: true },
  { status: 'submitted', day: -4, dev: null, pictures: 3 },
  { status: 'submitted', day: -3, dev: null, pictures: 2 },
  { status: 'submitted', day: -2, dev: null, comment: true, pictures: 5 },
  { status: 'submitted', day: -2, dev: null, pictures: 1 },
  { status: 'submitted', day: -1, dev: null, pictures: 3 },
];

/** The name of an inspector's other tablet: SFA-TAB-01 → SFA-TAB-11. */
export function anotherTablet(user: Pick<DemoUser, 'deviceName'>): string {
  return user.deviceName.replace(/(\d+)$/, (n) => String(Number(n) + 10).padStart(n.length, '0'));
}

/** The tablet holding a planned report, or none. */
export function deviceOf(plan: PlanRow): string | null {
  if (plan.dev === null) return null;
  return plan.otherTablet ? anotherTablet(DEMO_USERS[plan.dev]!) : DEMO_USERS[plan.dev]!.deviceName;
}

const HOUR = 3_600_000;
export const addHours = (d: Date, h: number) => new Date(d.getTime() + h * HOUR);
export const iso = (d: Date) => d.toISOString();
const minDate = (a: Date, b: Date) => (a < b ? a : b);
const maxDate = (a: Date, b: Date) => (a > b ? a : b);

const ORDER: PirStatus[] = ['notready', 'preparing', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting', 'submitted'];
const rank = (s: PirStatus) => (s === 'claimed' ? 0.5 : ORDER.indexOf(s));

/** Whether a report in `status` went through `step` (a claimed one went through none). */
export function reached(status: PirStatus, step: PirStatus): boolean {
  return rank(status) >= ORDER.indexOf(step) && status !== 'claimed';
}

export interface ReportDates {
  arrival: Date;
  start: Date;
  createDate: Date;
  lifecycle: Lifecycle;
  lastUpdate: Date;
}

/** When the vessel arrives, the inspection starts, the report was made and each status was reached. */
export function reportDates(plan: PlanRow, today: Date, now: Date, rng: Prng): ReportDates {
  const day = new Date(today.getTime() + plan.day * 24 * HOUR);
  let arrival = addHours(day, rng.int(4, 9) + rng.int(0, 3) * 0.25);
  let start = addHours(arrival, rng.int(2, 7) + rng.int(0, 3) * 0.25);
  if (rank(plan.status) >= ORDER.indexOf('inspecting')) {
    // an inspection under way started in the past, after the vessel arrived, and still on its
    // planned day: seeded just after midnight, "two hours ago" would move today's work to yesterday
    start = maxDate(minDate(start, addHours(now, -(2 + (rank(plan.status) - 3) * 0.5))), minDate(day, now));
    arrival = minDate(arrival, addHours(start, -1.5));
  }
  const createDate = addHours(arrival, -24 * rng.int(3, 9) - rng.int(0, 12));
  const lifecycle = lifecycleFor(plan.status, start, now);
  const dates = Object.values(lifecycle).map((e) => new Date(e!.date));
  const latest = dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : addHours(createDate, rng.int(2, 30));
  return { arrival, start, createDate, lifecycle, lastUpdate: minDate(latest, addHours(now, -0.1)) };
}

function lifecycleFor(status: PirStatus, start: Date, now: Date): Lifecycle {
  if (status === 'notready') return {};
  if (status === 'claimed') return { claimed: { date: iso(addHours(minDate(addHours(start, -18), now), -1)), previousStatus: 'notready' } };
  const offsets: Partial<Record<PirStatus, number>> = { preparing: -20, ready: -19.5, inspecting: 0, signing: 2.5, readytosubmit: 3, submitting: 3.2, submitted: 3.4 };
  const idx = ORDER.indexOf(status);
  const out: Lifecycle = {};
  for (let k = 1; k <= idx; k++) {
    const s = ORDER[k]!;
    const raw = addHours(start, offsets[s] ?? 0);
    const cap = addHours(now, -((idx - k + 1) * 5) / 60);
    out[s] = { date: iso(minDate(raw, cap)), previousStatus: ORDER[k - 1]! };
  }
  return out;
}

/** Server-side step flags, so the progress bar of a report held by a device shows on a fresh install. */
export function stepsDone(status: PirStatus): Partial<Record<StepName, boolean>> {
  const r = rank(status);
  if (r < ORDER.indexOf('ready') || status === 'claimed') return {};
  const upTo: StepName =
    r >= ORDER.indexOf('submitted') ? 'submit' : r >= ORDER.indexOf('readytosubmit') ? 'signature' : r >= ORDER.indexOf('signing') ? 'comments' : r >= ORDER.indexOf('inspecting') ? 'updatevesselidentity' : 'piravailable';
  const out: Partial<Record<StepName, boolean>> = {};
  for (const s of STEP_NAMES) {
    out[s] = true;
    if (s === upTo) break;
  }
  return out;
}
