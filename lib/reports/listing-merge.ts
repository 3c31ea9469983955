'use client';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useOnline } from '@/lib/hooks/use-online';
import { queryKeys } from '@/lib/query/client';

/** The `dataUpdatedAt` of the last server listing merged into the tablet's reports. */
let mergedAt = 0;
const listeners = new Set<() => void>();

/** Called by the merge once a listing is in the tablet's reports (or could not be merged). */
export function listingMerged(updatedAt: number) {
  if (updatedAt <= mergedAt) return;
  mergedAt = updatedAt;
  for (const l of listeners) l();
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/**
 * Whether the server's listing may still bring a report the tablet does not show yet: online, and
 * no listing has come yet (nor failed), or the last one is not merged into the tablet's reports. A
 * link to a report followed on a new tablet waits for it instead of saying the report is unknown.
 */
export function useListingArriving(): boolean {
  const online = useOnline();
  // Read for the re-render when a fetch starts or ends; the state itself is read below.
  useIsFetching({ queryKey: queryKeys.currentFiles });
  const merged = useSyncExternalStore(subscribe, () => mergedAt, () => 0);
  const state = useQueryClient().getQueryState(queryKeys.currentFiles);
  if (!online) return false;
  // No listing yet and no failure: the first one is about to go out, or on its way.
  const first = (state?.status ?? 'pending') === 'pending';
  return first || (state?.dataUpdatedAt ?? 0) > merged;
}
