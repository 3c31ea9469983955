import { createMemoryStore } from '@/lib/store/memory-store';

/**
 * Claims the server refused, by report, with the reason: the card says so until the inspector claims
 * it again: a refused claim never goes unsaid, even once its toast has gone.
 */
export const claimRefusals = createMemoryStore<ReadonlyMap<number, string>>(new Map());

export function noteClaimRefused(reportId: number, message: string) {
  claimRefusals.set((m) => new Map(m).set(reportId, message));
}

export function clearClaimRefusal(reportId: number) {
  claimRefusals.set((m) => {
    if (!m.has(reportId)) return m;
    const next = new Map(m);
    next.delete(reportId);
    return next;
  });
}
