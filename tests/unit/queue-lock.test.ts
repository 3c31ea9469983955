import { describe, expect, it } from 'vitest';
import { holdLease, LEASE_KEY, LEASE_MS, type LeaseEnv } from '@/lib/tasks/queue-lock';

/** Tabs of one browser without Web Locks: one localStorage, one clock, timers run by hand. */
function browser() {
  const items = new Map<string, string>();
  const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
  let now = 0;
  let timers: { at: number; fn: () => void; tab: string }[] = [];
  const frozen = new Set<string>();
  const leaves = new Map<string, () => void>();
  return {
    items,
    tab(id: string) {
      const env: LeaseEnv = {
        storage,
        now: () => now,
        setTimeout: (fn, ms) => timers.push({ at: now + ms, fn, tab: id }),
        onLeave: (release) => leaves.set(id, release),
        id,
      };
      const log: string[] = [];
      holdLease(env, () => log.push('held'), () => log.push('lost'));
      return log;
    },
    /** time passes; a frozen tab's timers wait until it is thawed */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end && !frozen.has(t.tab)).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = Math.max(now, due.at);
        due.fn();
      }
      now = end;
    },
    freeze: (id: string) => frozen.add(id),
    thaw: (id: string) => frozen.delete(id),
    close(id: string) {
      leaves.get(id)?.();
      timers = timers.filter((t) => t.tab !== id);
    },
  };
}

describe('one tab runs the queue where the browser has no Web Locks', () => {
  it('the first tab takes the lease and keeps it; a second tab waits as long as it is renewed', () => {
    const b = browser();
    const first = b.tab('a');
    b.advance(500);
    const second = b.tab('b');
    b.advance(LEASE_MS * 5);
    expect(first).toEqual(['held']);
    expect(second).toEqual([]);
    expect(JSON.parse(b.items.get(LEASE_KEY)!).holder).toBe('a');
  });

  it('two tabs opened at the same moment: only one holds it', () => {
    const b = browser();
    const first = b.tab('a');
    const second = b.tab('b');
    b.advance(LEASE_MS * 3);
    expect([...first, ...second]).toEqual(['held']);
  });

  it('a closed tab gives the queue up at once, and the waiting tab takes it', () => {
    const b = browser();
    const first = b.tab('a');
    b.advance(500);
    const second = b.tab('b');
    b.advance(1000);
    b.close('a');
    b.advance(LEASE_MS / 2);
    expect(first).toEqual(['held']);
    expect(second).toEqual(['held']);
  });

  it('a tab frozen past its lease loses it to the other tab, and stops running when it wakes', () => {
    const b = browser();
    const first = b.tab('a');
    b.advance(500);
    const second = b.tab('b');
    b.freeze('a');
    b.advance(LEASE_MS * 2);
    expect(second).toEqual(['held']);
    b.thaw('a');
    b.advance(LEASE_MS);
    expect(first).toEqual(['held', 'lost']);
    expect(JSON.parse(b.items.get(LEASE_KEY)!).holder).toBe('b');
  });
});
