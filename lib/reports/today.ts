/**
 * "Today and tomorrow on this tablet": the reports this tablet holds whose inspection (or,
 * not yet planned, the vessel's arrival) falls today or tomorrow in the tablet's time zone, soonest
 * first, so the inspector on the quay finds the day's work without reading every group. Pure.
 */
import type { Pir } from '@/lib/contract';

export interface TodayItem<T> {
  report: T;
  /** the inspection's start, or the vessel's arrival */
  at: Date;
  day: 'today' | 'tomorrow';
}

type Dated = Pick<Pir, 'status' | 'claimedByDevice' | 'startOfInspection' | 'expectedArrival' | 'id'>;

export function todayOnThisTablet<T extends Dated>(reports: readonly T[], deviceName: string, now: Date): TodayItem<T>[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  const after = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2).getTime();
  const out: TodayItem<T>[] = [];
  for (const report of reports) {
    // work this tablet holds and has still to do (a signed one waits in the outbox instead)
    if (report.claimedByDevice !== deviceName || !['preparing', 'ready', 'inspecting', 'signing'].includes(report.status)) continue;
    const iso = report.startOfInspection ?? report.expectedArrival;
    const at = iso ? new Date(iso) : null;
    if (!at || at.getTime() < today || at.getTime() >= after) continue;
    out.push({ report, at, day: at.getTime() < tomorrow ? 'today' : 'tomorrow' });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.report.id - b.report.id);
}
