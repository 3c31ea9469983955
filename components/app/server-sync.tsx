'use client';
import { useEffect } from 'react';
import { mergeFromServer } from '@/lib/reports/merge';
import { queuePreparation } from '@/lib/reports/actions';
import { useCurrentFiles } from '@/lib/reports/use-current-files';
import { allReports, archivedIds, commit } from '@/lib/local-data/reports-store';
import { sessionStore } from '@/lib/session/session-store';
import { emitLifecycleEvent } from '@/lib/tasks/events';

/** Merges every new server listing into the tablet's reports (SPEC §4 merge rules). */
export function ServerSync() {
  const files = useCurrentFiles();
  const listing = files.data;
  const updatedAt = files.dataUpdatedAt;

  useEffect(() => {
    if (!listing) return;
    const device = sessionStore.get()?.deviceName;
    if (!device) return;
    let cancelled = false;
    void (async () => {
      const result = mergeFromServer(allReports(), listing, device, await archivedIds());
      if (cancelled) return;
      if (result.changed.length || result.removed.length) await commit({ put: result.changed, remove: result.removed.map((r) => r.id) });
      for (const r of result.toPrepare) await queuePreparation(r, device);
      if (result.removed.length) emitLifecycleEvent({ type: 'removed', reports: result.removed });
      if (result.lostClaim.length) emitLifecycleEvent({ type: 'lostClaim', reports: result.lostClaim });
    })();
    return () => {
      cancelled = true;
    };
  }, [listing, updatedAt]);

  return null;
}
