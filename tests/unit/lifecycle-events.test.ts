/** What the lifecycle tells the inspector is told even when it happens before the screens listen. */
import { describe, expect, it, vi } from 'vitest';
import type { Pir } from '@/lib/contract';
import { emitLifecycleEvent, onLifecycleEvent, type LifecycleEvent } from '@/lib/tasks/events';

const report = { id: 7 } as Pir;

describe('lifecycle events', () => {
  it('a submission found failed before anything listens is told to the first listener, once', async () => {
    vi.useFakeTimers();
    try {
      emitLifecycleEvent({ type: 'submitFailed', report, message: 'stopped' });
      const first: LifecycleEvent[] = [];
      const second: LifecycleEvent[] = [];
      const offFirst = onLifecycleEvent((e) => first.push(e));
      const offSecond = onLifecycleEvent((e) => second.push(e));
      await vi.runAllTimersAsync();
      expect(first.map((e) => e.type)).toEqual(['submitFailed']);
      expect(second).toEqual([]);
      emitLifecycleEvent({ type: 'pirSubmitted', report });
      expect(first.map((e) => e.type)).toEqual(['submitFailed', 'pirSubmitted']);
      expect(second.map((e) => e.type)).toEqual(['pirSubmitted']);
      offFirst();
      offSecond();
    } finally {
      vi.useRealTimers();
    }
  });
});
