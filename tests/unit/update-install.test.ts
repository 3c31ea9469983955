import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOver } from '@/lib/app/service-worker';

function worker() {
  const target = new EventTarget() as EventTarget & { state: ServiceWorkerState };
  target.state = 'installed';
  return {
    w: target as unknown as ServiceWorker,
    become(state: ServiceWorkerState) {
      target.state = state;
      target.dispatchEvent(new Event('statechange'));
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('installing an update', () => {
  it('a waiting version that takes 25 s to take control is installed, not reported as failed', async () => {
    vi.useFakeTimers();
    const { w, become } = worker();
    const container = new EventTarget() as unknown as ServiceWorkerContainer;
    const outcome = vi.fn();
    takeOver(w, container).then(() => outcome('installed'), (e: Error) => outcome(e.message));
    become('activating');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(outcome).not.toHaveBeenCalled();
    become('activated');
    container.dispatchEvent(new Event('controllerchange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledWith('installed');
  });

  it('a version that becomes active is installed, even when the page does not hear its controllerchange', async () => {
    const { w, become } = worker();
    const taken = takeOver(w, new EventTarget() as unknown as ServiceWorkerContainer);
    become('activating');
    become('activated');
    await expect(taken).resolves.toBeUndefined();
  });

  it('a version that fails (turns redundant) is reported as not installed', async () => {
    const { w, become } = worker();
    const container = new EventTarget() as unknown as ServiceWorkerContainer;
    const taken = takeOver(w, container);
    become('redundant');
    await expect(taken).rejects.toThrow('error.ingestUpdate');
  });
});
