import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appRuntime, createAppRuntime, startAppRuntime } from '@/lib/app/runtime';

describe('the app runtime', () => {
  it('is made once per page: the providers get the same one on every render, a test makes a fresh one', () => {
    const first = createAppRuntime(new QueryClient());
    expect(startAppRuntime(() => new QueryClient())).toBe(first);
    expect(appRuntime()).toBe(first);
    const fresh = createAppRuntime(new QueryClient());
    expect(fresh).not.toBe(first);
    expect(appRuntime()).toBe(fresh);
  });

  it('starts the queue once', () => {
    const runtime = createAppRuntime(new QueryClient());
    expect([runtime.firstStart(), runtime.firstStart(), runtime.firstStart()]).toEqual([true, false, false]);
  });

  it('runs listing merges one at a time, in order, and a failed one does not stop the next', async () => {
    const runtime = createAppRuntime(new QueryClient());
    const log: string[] = [];
    const slow = (name: string, ms: number, fail = false) => async () => {
      log.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name} end`);
      if (fail) throw new Error(name);
    };
    const a = runtime.queueMerge(slow('a', 20, true));
    const b = runtime.queueMerge(slow('b', 1));
    await expect(a).rejects.toThrow('a');
    await b;
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
