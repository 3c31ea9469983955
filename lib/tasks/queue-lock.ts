/**
 * One tab runs the task queue. Web Locks give that where the browser has them (Chromium, Firefox,
 * Safari 15.4+); where it has not, a lease in localStorage does: the holder renews it, another tab
 * takes it only once it has expired, and a tab that wrote it checks, after a moment, that its own
 * write is the one that stayed (two tabs writing at once: the last write wins, the other backs off).
 */

const QUEUE_LOCK_NAME = 'pir-task-runner';
export const LEASE_KEY = 'pir-task-runner-lease';
/** A lease not renewed for this long is free: a closed or frozen tab gives the queue up. */
export const LEASE_MS = 10_000;
const RENEW_MS = LEASE_MS / 4;
/** Time for a concurrent write of another tab to land before a taken lease counts. */
const SETTLE_MS = 200;

export interface LeaseEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** called with a function that gives the lease up (the tab closes) */
  onLeave: (release: () => void) => void;
  id: string;
}

interface Lease {
  holder: string;
  until: number;
}

function readLease(env: LeaseEnv): Lease | null {
  try {
    const v = JSON.parse(env.storage.getItem(LEASE_KEY) ?? 'null') as Lease | null;
    return v && typeof v.holder === 'string' && typeof v.until === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Calls `onHeld` once this tab holds the lease and keeps it renewed. A tab whose timers were held
 * back (in the background) past the lease may find another tab holding it: `onLost`, then it waits
 * for its turn again.
 */
export function holdLease(env: LeaseEnv, onHeld: () => void, onLost: () => void): void {
  const write = () => env.storage.setItem(LEASE_KEY, JSON.stringify({ holder: env.id, until: env.now() + LEASE_MS }));
  const renew = () => {
    const lease = readLease(env);
    if (lease && lease.holder !== env.id && lease.until > env.now()) {
      onLost();
      attempt();
      return;
    }
    write();
    env.setTimeout(renew, RENEW_MS);
  };
  const attempt = () => {
    const lease = readLease(env);
    if (lease && lease.holder !== env.id && lease.until > env.now()) {
      env.setTimeout(attempt, RENEW_MS);
      return;
    }
    write();
    env.setTimeout(() => {
      if (readLease(env)?.holder !== env.id) return attempt();
      env.setTimeout(renew, RENEW_MS);
      onHeld();
    }, SETTLE_MS);
  };
  env.onLeave(() => {
    if (readLease(env)?.holder === env.id) env.storage.removeItem(LEASE_KEY);
  });
  attempt();
}

/** Runs `onHeld` once this tab may run the queue; `onLost` if it has to give it up (lease only). */
export function holdQueueLock(onHeld: () => void, onLost: () => void): void {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    void navigator.locks.request(QUEUE_LOCK_NAME, () => {
      onHeld();
      // Held for the life of the tab; another tab takes over when this one closes.
      return new Promise<void>(() => {});
    });
    return;
  }
  if (typeof window === 'undefined' || typeof localStorage === 'undefined') {
    onHeld();
    return;
  }
  holdLease(
    {
      storage: localStorage,
      now: () => Date.now(),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      onLeave: (release) => window.addEventListener('pagehide', release),
      id: crypto.randomUUID(),
    },
    onHeld,
    onLost,
  );
}
