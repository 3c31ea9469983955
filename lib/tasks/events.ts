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

export function onLifecycleEvent(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function emitLifecycleEvent(e: LifecycleEvent) {
  for (const l of listeners) l(e);
}
