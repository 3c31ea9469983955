/**
 * Long lists (SPEC §9 "Virtual list row 46, overscan 5"): only the rows in view, and a few either
 * side, are drawn, so a list of 1,244 ports scrolls like a short one and every entry can be reached.
 * The drawing is TanStack Virtual's; these are the constants and the pure keyboard rules around it.
 */

/** SPEC §9: a virtual list row is 46 px high. */
export const VIRTUAL_LIST_ROW_HEIGHT = 46;
/** SPEC §9: rows drawn beyond each edge of the view. */
export const VIRTUAL_LIST_OVERSCAN = 5;

/**
 * Where the keyboard moves the active row of a list of `count` rows (the listbox pattern): arrows
 * by one, Page Up/Down by a view (`pageSize` rows), Home/End to the ends; never past either end.
 * Null for a key the list does not handle (Tab, letters: the browser keeps those).
 */
export function moveActive(current: number, key: string, count: number, pageSize: number): number | null {
  if (count <= 0) return null;
  const page = Math.max(1, Math.floor(pageSize));
  const from = Math.min(Math.max(current, 0), count - 1);
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = from + 1;
      break;
    case 'ArrowUp':
      next = from - 1;
      break;
    case 'PageDown':
      next = from + page;
      break;
    case 'PageUp':
      next = from - page;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
    default:
      return null;
  }
  return Math.min(Math.max(next, 0), count - 1);
}

/**
 * The rows to draw: the virtualizer's range plus the row that has the keyboard focus, so focus is
 * not lost when that row is scrolled out of view (an unmounted button drops focus to the page).
 */
export function withActiveRow(range: readonly number[], active: number, count: number): number[] {
  if (active < 0 || active >= count || range.includes(active)) return [...range];
  return [...range, active].sort((a, b) => a - b);
}

/** The row a list opens on: the first chosen entry (so the current choice is in view), else the top. */
export function initialActive(values: readonly number[], chosen: readonly number[]): number {
  if (chosen.length === 0) return 0;
  const set = new Set(chosen);
  const at = values.findIndex((v) => set.has(v));
  return at < 0 ? 0 : at;
}
