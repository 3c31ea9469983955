'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReferenceData } from '@/lib/contract';
import { REFERENCE_DATASETS } from '@/lib/contract/constants';
import { api } from '@/lib/api/calls';
import { queryKeys } from '@/lib/query/client';
import { appRuntime } from '@/lib/app/runtime';
import { referenceStatus } from './status';

/** SPEC §9 reference refresh delay. */
export const REFERENCE_REFRESH_DELAY_MS = 2000;

async function fetchAll(): Promise<ReferenceData> {
  const lists = await Promise.all(REFERENCE_DATASETS.map((d) => api.referenceData(d)));
  appRuntime().referenceDownloaded = true;
  return Object.fromEntries(REFERENCE_DATASETS.map((d, i) => [d, lists[i]])) as ReferenceData;
}

/** All 15 lists. Kept offline; the cached copy is used as is (never stale), refreshed once per start. */
export function useReferenceData(enabled = true) {
  return useQuery({
    queryKey: queryKeys.referenceData,
    queryFn: fetchAll,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    enabled,
  });
}

/** Loads the lists at start, then refreshes them silently once, 2 s later (SPEC §4). */
export function useReferenceDataLifecycle(enabled: boolean) {
  const client = useQueryClient();
  const query = useReferenceData(enabled);
  const refreshScheduled = useRef(false);

  useEffect(() => {
    if (query.data) referenceStatus.set({ initialized: true });
    else if (query.isError) referenceStatus.set({ initialized: false });
  }, [query.data, query.isError]);

  const hasData = Boolean(query.data);
  useEffect(() => {
    if (!enabled || !hasData || refreshScheduled.current) return;
    refreshScheduled.current = true;
    // Scheduled once per start; not cancelled by later renders.
    setTimeout(() => {
      if (appRuntime().referenceDownloaded) {
        referenceStatus.set({ refreshed: true });
        return;
      }
      client
        .fetchQuery({ queryKey: queryKeys.referenceData, queryFn: fetchAll, staleTime: 0 })
        .then(() => referenceStatus.set({ refreshed: true }))
        .catch(() => referenceStatus.set({ refreshed: false }));
    }, REFERENCE_REFRESH_DELAY_MS);
  }, [enabled, hasData, client]);
}
