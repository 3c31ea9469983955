'use client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import type { ReferenceData, ReferenceDataset } from '@/lib/contract';
import { REFERENCE_DATASETS } from '@/lib/contract/constants';
import { api } from '@/lib/api/calls';
import { ApiError } from '@/lib/api/errors';
import { queryKeys } from '@/lib/query/client';
import { queryPersister } from '@/lib/query/persister';
import { appRuntime } from '@/lib/app/runtime';
import { referenceStatus } from './status';

/** SPEC §9 reference refresh delay. */
const REFERENCE_REFRESH_DELAY_MS = 2000;
/** Tries of one list within one fetch, 1 s then 2 s apart. */
const LIST_TRIES = 3;
/** A list still missing is asked for again after 5, 10, 20 … s, at most a minute apart. */
const MISSING_FIRST_MS = 5000;
const MISSING_MAX_MS = 60_000;

/** The lists the tablet holds: each is fetched, retried and kept on its own, so some may be missing. */
export type HeldReferenceData = Partial<ReferenceData>;

async function fetchList<K extends ReferenceDataset>(dataset: K): Promise<ReferenceData[K]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.referenceData(dataset);
    } catch (e) {
      if (attempt >= LIST_TRIES || (e instanceof ApiError && e.status === 401)) throw e;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (attempt - 1)));
    }
  }
}

/**
 * Fetches `which` lists, each on its own: a list that fails keeps the copy held (if any) and does
 * not throw away the lists that arrived. Fails only when nothing at all is held.
 */
async function fetchLists(held: HeldReferenceData | undefined, which: readonly ReferenceDataset[]): Promise<HeldReferenceData> {
  const results = await Promise.allSettled(which.map((d) => fetchList(d)));
  const next: Record<string, unknown> = { ...held };
  let failure: unknown = null;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') next[which[i]!] = r.value;
    else failure ??= r.reason;
  });
  if (Object.keys(next).length === 0 && failure) throw failure;
  return next as HeldReferenceData;
}

/** The lists not on the tablet. */
export function missingLists(data: HeldReferenceData | undefined): ReferenceDataset[] {
  return REFERENCE_DATASETS.filter((d) => !data?.[d]);
}

async function fetchAll(client: QueryClient): Promise<HeldReferenceData> {
  const data = await fetchLists(client.getQueryData<HeldReferenceData>(queryKeys.referenceData), REFERENCE_DATASETS);
  if (missingLists(data).length === 0) appRuntime().referenceDownloaded = true;
  return data;
}

/**
 * Asks again for the lists the tablet does not hold and keeps them with the others; with none held
 * at all, the whole query runs again.
 */
export async function fetchMissingLists(client: QueryClient): Promise<void> {
  const held = client.getQueryData<HeldReferenceData>(queryKeys.referenceData);
  if (!held) return client.refetchQueries({ queryKey: queryKeys.referenceData });
  const missing = missingLists(held);
  if (missing.length === 0) return;
  const next = await fetchLists(held, missing);
  client.setQueryData(queryKeys.referenceData, next);
  await queryPersister.persistQueryByKey(queryKeys.referenceData, client).catch(() => undefined);
}

/** The 15 lists. Kept offline; the cached copy is used as is (never stale), refreshed once per start. */
function useReferenceData(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.referenceData,
    queryFn: () => fetchAll(client),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    enabled,
  });
}

/** The lists the tablet holds, as the screens read them; `isPending` until they are first read or fetched. */
export interface HeldLists {
  data: HeldReferenceData | undefined;
  isPending: boolean;
}

/**
 * The lists, read once for the signed-in app and given to every screen: a step with 20 catches has 60
 * reference fields, and one query observer each made opening it and every redraw of its entries slower.
 */
export const HeldListsContext = createContext<HeldLists>({ data: undefined, isPending: true });

/** The lists the tablet holds (given by the app shell). */
export function useHeldLists(): HeldLists {
  return useContext(HeldListsContext);
}

/**
 * Loads the lists at start, then refreshes them silently once, 2 s later (SPEC §4); a list that
 * could not be fetched is asked for again by itself, backing off, until it is here. Returns the lists
 * held, for `HeldListsContext`.
 */
export function useReferenceDataLifecycle(enabled: boolean): HeldLists {
  const client = useQueryClient();
  const query = useReferenceData(enabled);
  const refreshScheduled = useRef(false);

  useEffect(() => {
    if (query.data) referenceStatus.set({ initialized: true });
    else if (query.isError) referenceStatus.set({ initialized: false });
  }, [query.data, query.isError]);

  const hasData = Boolean(query.data);
  const signedIn = useRef(enabled);
  useEffect(() => {
    signedIn.current = enabled;
  }, [enabled]);
  useEffect(() => {
    if (!enabled || !hasData || refreshScheduled.current) return;
    refreshScheduled.current = true;
    // Scheduled once per start; not cancelled by later renders.
    setTimeout(() => {
      // Signed out meanwhile: asked without a token, the server would answer SESSION_EXPIRED. The
      // refresh waits for the next sign-in (this effect runs again then).
      if (!signedIn.current) {
        refreshScheduled.current = false;
        return;
      }
      if (appRuntime().referenceDownloaded) {
        referenceStatus.set({ refreshed: true });
        return;
      }
      client
        .fetchQuery({ queryKey: queryKeys.referenceData, queryFn: () => fetchAll(client), staleTime: 0 })
        .then(() => referenceStatus.set({ refreshed: true }))
        .catch(() => referenceStatus.set({ refreshed: false }));
    }, REFERENCE_REFRESH_DELAY_MS);
  }, [enabled, hasData, client]);

  const missing = enabled && (query.data ? missingLists(query.data).length > 0 : query.isError);
  useEffect(() => {
    if (!missing) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const again = () => {
      timer = setTimeout(
        () => {
          void fetchMissingLists(client)
            .catch(() => undefined)
            .then(() => {
              attempt++;
              if (missingLists(client.getQueryData(queryKeys.referenceData)).length) again();
            });
        },
        Math.min(MISSING_FIRST_MS * 2 ** attempt, MISSING_MAX_MS),
      );
    };
    again();
    return () => clearTimeout(timer);
  }, [missing, client]);

  const { data, isPending } = query;
  return useMemo(() => ({ data, isPending }), [data, isPending]);
}
