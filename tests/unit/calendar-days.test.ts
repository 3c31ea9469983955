import { describe, expect, it } from 'vitest';
import { calendarDays, dayKey, groupByDay } from '@/features/calendar/model/days';

describe('calendar days (SPEC §2, §9)', () => {
  it('shows 3 days before today, today and 3 days after', () => {
    const days = calendarDays(new Date(2026, 10, 21, 15, 30)).map(dayKey);
    expect(days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
  });
  it('crosses month and year ends', () => {
    expect(calendarDays(new Date(2026, 11, 30)).map(dayKey).slice(-3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });
  it('groups items by the local day of their date and skips undated ones', () => {
    const at = (y: number, m: number, d: number, h: number) => new Date(y, m, d, h).toISOString();
    const items = [
      { id: 1, d: at(2026, 10, 21, 1) },
      { id: 2, d: at(2026, 10, 21, 23) },
      { id: 3, d: at(2026, 10, 22, 9) },
      { id: 4, d: null },
      { id: 5, d: 'not a date' },
    ];
    const map = groupByDay(items, (i) => i.d);
    expect(map.get('2026-11-21')?.map((i) => i.id)).toEqual([1, 2]);
    expect(map.get('2026-11-22')?.map((i) => i.id)).toEqual([3]);
    expect([...map.values()].flat()).toHaveLength(3);
  });

  it('puts this tablet\'s own inspections first in each day, each part in time order', () => {
    const at = (y: number, m: number, d: number, h: number) => new Date(y, m, d, h).toISOString();
    const items = [
      { id: 1, d: at(2026, 10, 21, 8), mine: false },
      { id: 2, d: at(2026, 10, 21, 9), mine: true },
      { id: 3, d: at(2026, 10, 21, 10), mine: false },
      { id: 4, d: at(2026, 10, 21, 11), mine: true },
    ];
    expect(groupByDay(items, (i) => i.d, (i) => i.mine).get('2026-11-21')?.map((i) => i.id)).toEqual([2, 4, 1, 3]);
  });
});
