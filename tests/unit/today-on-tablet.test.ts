/** Today and tomorrow on this tablet: the reports list's at-a-glance line (issue 32). */
import { describe, expect, it } from 'vitest';
import type { Pir, PirStatus } from '@/lib/contract';
import { todayOnThisTablet } from '@/lib/reports/today';

const now = new Date(2026, 10, 27, 9, 30);
const at = (day: number, hour: number) => new Date(2026, 10, 27 + day, hour).toISOString();
const r = (id: number, status: PirStatus, start: string | null, over: Partial<Pir> = {}) =>
  ({ id, status, claimedByDevice: 'TAB-1', startOfInspection: start, expectedArrival: null, ...over }) as Pick<Pir, 'id' | 'status' | 'claimedByDevice' | 'startOfInspection' | 'expectedArrival'>;

describe('today and tomorrow on this tablet', () => {
  it('keeps this tablet’s work to do today or tomorrow, soonest first, and says which day', () => {
    const list = [
      r(1, 'inspecting', at(0, 14)),
      r(2, 'ready', at(1, 8)),
      r(3, 'ready', at(0, 6)),
      r(4, 'inspecting', at(2, 0)), // the day after tomorrow
      r(5, 'inspecting', at(-1, 23)), // yesterday
      r(6, 'ready', null, { expectedArrival: at(0, 11) }), // not planned: the arrival counts
      r(7, 'ready', null),
    ];
    expect(todayOnThisTablet(list, 'TAB-1', now).map((i) => [i.report.id, i.day])).toEqual([
      [3, 'today'],
      [6, 'today'],
      [1, 'today'],
      [2, 'tomorrow'],
    ]);
  });

  it('leaves out what another tablet holds, what nobody holds, and what is signed or sent', () => {
    const list = [
      r(1, 'inspecting', at(0, 10), { claimedByDevice: 'TAB-2' }),
      r(2, 'notready', at(0, 10), { claimedByDevice: null }),
      r(3, 'readytosubmit', at(0, 10)),
      r(4, 'submitting', at(0, 10)),
      r(5, 'submitted', at(0, 10)),
      r(6, 'signing', at(0, 10)),
    ];
    expect(todayOnThisTablet(list, 'TAB-1', now).map((i) => i.report.id)).toEqual([6]);
  });
});
