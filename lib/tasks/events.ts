import type { Pir } from '@/lib/contract';

/** What the lifecycle tells the inspector (the screens turn these into toasts in the current language). */
export type LifecycleEvent =
  | { type: 'pirReady'; report: Pir }
  | { type: 'pirSubmitted'; report: Pir }
  | { type: 'claimFailed'; report: Pir; message: string }
  | { type: 'prepareFailed'; report: Pir; message: string }
  | { type: 'submitFailed'; report: Pir; message: string }
  | { type: 'removed'; reports: Pir[] }
  | { type: 'lostClaim'; reports: Pir[] };

type Listener = (e: LifecycleEvent) => void;
const listeners = new Set<Listener>();
/**
 * What happened before anything listened: the runner's first pass (a submission found stalled on
 * start-up) can come before the screens that tell it are drawn, and it must still be told.
 */
let unheard: LifecycleEvent[] = [];
const UNHEARD_KEPT = 20;

export function onLifecycleEvent(l: Listener): () => void {
  listeners.add(l);
  if (unheard.length) {
    const held = unheard;
    unheard = [];
    // after the rest of this render's effects, so the toaster beside the listener is there too
    setTimeout(() => held.forEach((e) => l(e)), 0);
  }
  return () => listeners.delete(l);
}

export function emitLifecycleEvent(e: LifecycleEvent) {
  if (listeners.size === 0) {
    unheard = [...unheard, e].slice(-UNHEARD_KEPT);
    return;
  }
  for (const l of listeners) l(e);
}
