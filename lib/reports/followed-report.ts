import { createMemoryStore } from '@/lib/store/memory-store';
import { NEW_ITEM_HIGHLIGHT_MS } from '@/lib/ui/durations';

/**
 * The report the inspector just claimed from the list: its card moves to another group, which scrolls
 * it into view and highlights it, rather than leaving only a toast to say where it went.
 */
export const followedReport = createMemoryStore<number | null>(null);

export function follow(reportId: number) {
  followedReport.set(reportId);
  setTimeout(() => followedReport.set((id) => (id === reportId ? null : id)), NEW_ITEM_HIGHLIGHT_MS);
}
