/** Lifecycle events close together make one toast (lib/tasks/coalesce.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from '@/lib/tasks/coalesce';

describe('coalesce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands items that arrive within the quiet window over as one batch, once', () => {
    const batches: string[][] = [];
    const c = coalesce<string>((b) => batches.push(b), { quietMs: 1000, maxMs: 5000 });
    c.push('A');
    vi.advanceTimersByTime(400);
    c.push('B');
    vi.advanceTimersByTime(900);
    c.push('C');
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([['A', 'B', 'C']]);
    vi.advanceTimersByTime(10_000);
    expect(batches).toHaveLength(1);
  });

  it('starts a new batch after a quiet window', () => {
    const batches: number[][] = [];
    const c = coalesce<number>((b) => batches.push(b), { quietMs: 1000 });
    c.push(1);
    vi.advanceTimersByTime(1000);
    c.push(2);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([[1], [2]]);
  });

  it('does not wait longer than maxMs after the first item of a steady trickle', () => {
    const batches: number[][] = [];
    const c = coalesce<number>((b) => batches.push(b), { quietMs: 1000, maxMs: 3000 });
    for (let i = 0; i < 6; i++) {
      c.push(i);
      vi.advanceTimersByTime(600);
    }
    // 0 … 4 arrived at 0, 600, …, 2400: told at 3000, 3 s after the first; 5 (at 3000) starts the next batch.
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([[0, 1, 2, 3, 4], [5]]);
  });

  it('flush hands over at once, cancel drops', () => {
    const batches: string[][] = [];
    const c = coalesce<string>((b) => batches.push(b));
    c.flush();
    expect(batches).toEqual([]);
    c.push('A');
    c.flush();
    expect(batches).toEqual([['A']]);
    c.push('B');
    c.cancel();
    vi.advanceTimersByTime(10_000);
    expect(batches).toEqual([['A']]);
  });
});
