/** SPEC §9: the calendar shows 3 days before and after today. */
const CALENDAR_DAYS_AROUND = 3;

/** Local calendar day key (YYYY-MM-DD) in the tablet's time zone. */
export function dayKey(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The seven days shown, as local midnights, from today−3 to today+3. */
export function calendarDays(today: Date, around = CALENDAR_DAYS_AROUND): Date[] {
  const days: Date[] = [];
  for (let i = -around; i <= around; i++) days.push(new Date(today.getFullYear(), today.getMonth(), today.getDate() + i));
  return days;
}

/**
 * Items by the local day of their date, each day in time order, those `first` picks (this tablet's
 * own inspections) before the others; items without a date are left out.
 */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string | null, first: (item: T) => boolean = () => false): Map<string, T[]> {
  const map = new Map<string, { item: T; at: number }[]>();
  for (const item of items) {
    const iso = dateOf(item);
    if (!iso) continue;
    const d = new Date(iso);
    const at = d.getTime();
    if (Number.isNaN(at)) continue;
    const key = dayKey(d);
    const list = map.get(key);
    if (list) list.push({ item, at });
    else map.set(key, [{ item, at }]);
  }
  // A stable sort: items at the same time keep the order they came in.
  const rank = (e: { item: T }) => (first(e.item) ? 0 : 1);
  return new Map([...map].map(([key, list]) => [key, list.sort((a, b) => rank(a) - rank(b) || a.at - b.at).map((e) => e.item)]));
}
