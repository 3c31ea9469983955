import { describe, expect, it } from 'vitest';
import { initialActive, moveActive, VIRTUAL_LIST_OVERSCAN, VIRTUAL_LIST_ROW_HEIGHT, withActiveRow } from '@/lib/ui/virtual-list';

describe('long lists (SPEC §9: virtual list row 46, overscan 5)', () => {
  it('uses the spec constants', () => {
    expect([VIRTUAL_LIST_ROW_HEIGHT, VIRTUAL_LIST_OVERSCAN]).toEqual([46, 5]);
  });

  it('moves the keyboard focus by one, by a view and to either end, never past the ends', () => {
    const n = 889; // the active ports
    expect(moveActive(0, 'ArrowDown', n, 10)).toBe(1);
    expect(moveActive(5, 'ArrowUp', n, 10)).toBe(4);
    expect(moveActive(0, 'ArrowUp', n, 10)).toBe(0);
    expect(moveActive(n - 1, 'ArrowDown', n, 10)).toBe(n - 1);
    expect(moveActive(3, 'PageDown', n, 10)).toBe(13);
    expect(moveActive(3, 'PageUp', n, 10)).toBe(0);
    expect(moveActive(n - 4, 'PageDown', n, 10)).toBe(n - 1);
    expect(moveActive(400, 'Home', n, 10)).toBe(0);
    expect(moveActive(0, 'End', n, 10)).toBe(n - 1);
  });

  it('leaves other keys to the browser, and an empty list alone', () => {
    expect(moveActive(2, 'Tab', 10, 5)).toBeNull();
    expect(moveActive(2, 'a', 10, 5)).toBeNull();
    expect(moveActive(2, 'Enter', 10, 5)).toBeNull();
    expect(moveActive(0, 'ArrowDown', 0, 5)).toBeNull();
  });

  it('pages by at least one row, and mends a focus left past a shorter list (a narrowed search)', () => {
    expect(moveActive(3, 'PageDown', 10, 0.4)).toBe(4);
    expect(moveActive(50, 'ArrowUp', 10, 5)).toBe(8);
    expect(moveActive(-3, 'ArrowDown', 10, 5)).toBe(1);
  });

  it('keeps the focused row drawn when it is scrolled out of view', () => {
    expect(withActiveRow([10, 11, 12], 11, 100)).toEqual([10, 11, 12]);
    expect(withActiveRow([10, 11, 12], 2, 100)).toEqual([2, 10, 11, 12]);
    expect(withActiveRow([10, 11, 12], 80, 100)).toEqual([10, 11, 12, 80]);
    expect(withActiveRow([0, 1], 5, 2)).toEqual([0, 1]); // no such row
  });

  it('opens on the first chosen entry, in list order, else on the top', () => {
    expect(initialActive([7, 3, 9, 4], [])).toBe(0);
    expect(initialActive([7, 3, 9, 4], [4, 9])).toBe(2);
    expect(initialActive([7, 3, 9, 4], [100])).toBe(0);
  });
});
