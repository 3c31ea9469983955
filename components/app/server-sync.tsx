'use client';
import { useEffect } from 'react';
import { mergeFromServer } from '@/lib/reports/merge';
import { loadActions } from '@/lib/reports/load-actions';
import { useCurrentFiles } from '@/lib/reports/use-current-files';
import { listingMerged } from '@/lib/reports/listing-merge';
import { allReports, archivedIds, commit } from '@/lib/local-data/reports-store';
import { sessionStore } from '@/lib/session/session-store';
import { emitLifecycleEvent } from '@/lib/tasks/events';
import { useAppRuntime } from './app-runtime';

/** Merges every new server listing into the tablet's reports (SPEC §4 merge rules). */
export function ServerSync() {
  const runtime = useAppRuntime();
  const files = useCurrentFiles();
  const listing = files.data;
  const updatedAt = files.dataUpdatedAt;

  useEffect(() => {
    if (!listing) return;
    const device = sessionStore.get()?.deviceName;
    if (!device) return listingMerged(updatedAt);
    let cancelled = false;
    // One merge at a time: each must see what the previous one committed (or it queues work twice).
    void runtime.queueMerge(async () => {
      if (cancelled) return;
      const archived = await archivedIds();
      if (cancelled) return;
      // Read the reports now, after the wait: a snapshot taken before it could undo what resolved meanwhile.
      const result = mergeFromServer(allReports(), listing, device, archived);
      if (cancelled) return;
      if (result.changed.length || result.removed.length) await commit({ put: result.changed, remove: result.removed.map((r) => r.id) });
      if (result.toPrepare.length) {
        const { queuePreparation } = await loadActions();
        for (const r of result.toPrepare) await queuePreparation(r, device);
      }
      if (result.removed.length) emitLifecycleEvent({ type: 'removed', reports: result.removed });
      if (result.lostClaim.length) emitLifecycleEvent({ type: 'lostClaim', reports: result.lostClaim });
    })
      .catch((e) => console.error('merge', e))
      .finally(() => {
        if (!cancelled) listingMerged(updatedAt);
      });
    return () => {
      cancelled = true;
    };
  }, [listing, updatedAt, runtime]);

  return null;
}
