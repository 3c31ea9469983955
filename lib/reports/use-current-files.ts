'use client';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/calls';
import type { Pir } from '@/lib/contract';
import { queryKeys } from '@/lib/query/client';

/** SPEC §9: the list refetches every 30 s. */
export const AUTO_REFRESH_MS = 30_000;

let early: Promise<Pir[]> | null = null;

/**
 * Asks the server for its listing now, before the query that will use it exists: the query's
 * first run (after the offline copy has been read from IndexedDB) takes this request instead of
 * making its own. Only once per start (lib/app/early-start.ts).
 */
export function requestListingEarly(): Promise<Pir[]> {
  early ??= api.currentFiles();
  early.catch(() => undefined);
  return early;
}

/** The listing: the request already made at start if there is one, else a new one. */
export function fetchListing(): Promise<Pir[]> {
  const pending = early;
  early = null;
  return pending ?? api.currentFiles();
}

/** The server's listing of reports, kept on the tablet for offline use. */
export function useCurrentFiles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.currentFiles,
    queryFn: fetchListing,
    refetchInterval: AUTO_REFRESH_MS,
    enabled,
  });
}
