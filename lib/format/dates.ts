/** Date inputs work in the tablet's local time; reports store ISO instants. */

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → value of an <input type="date"> or "datetime-local". */
export function toInputValue(iso: string | null | undefined, withTime: boolean): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** Value of a date input → ISO instant (a date alone is noon local time, safe across time zones). */
export function fromInputValue(value: string, withTime: boolean): string | null {
  if (!value) return null;
  const d = withTime ? new Date(value) : new Date(`${value}T12:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** SPEC §5: date pickers allow up to 100 years ahead. */
export function maxPickerDate(now: Date, years = 100): Date {
  return new Date(now.getFullYear() + years, now.getMonth(), now.getDate(), 23, 59);
}
