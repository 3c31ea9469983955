/**
 * Work in progress that an update must not interrupt (SPEC §4: the app reloads to update only
 * when no form, signature or upload is in progress). Components report theirs here.
 */
export type BusyReason = 'form' | 'signature' | 'attachment' | 'upload' | 'markup';

const reasons = new Map<string, BusyReason>();
const listeners = new Set<() => void>();

export function setBusy(key: string, reason: BusyReason | null) {
  if (reason) reasons.set(key, reason);
  else reasons.delete(key);
  for (const l of listeners) l();
}

export function busyReasons(): BusyReason[] {
  return [...new Set(reasons.values())];
}

export function onBusyChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
