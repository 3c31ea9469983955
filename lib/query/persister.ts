/**
 * Query persistence, one IndexedDB entry per query (not one blob for the whole cache), so that
 * saving one report never re-writes the others. Values are stored by structured clone.
 */
import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/query-persist-client-core';
import { createStore, del, entries, get, set, clear } from 'idb-keyval';

/** Bumped when the shape of a persisted query changes; never the build id (an app update must keep data). */
export const CACHE_SCHEMA_VERSION = 1;

const store = typeof indexedDB === 'undefined' ? undefined : createStore('pir-query-cache', 'queries');

const storage = store
  ? {
      getItem: (key: string) => get<PersistedQuery>(key, store),
      setItem: (key: string, value: PersistedQuery) => set(key, value, store),
      removeItem: (key: string) => del(key, store),
      entries: () => entries<string, PersistedQuery>(store),
    }
  : null;

export const queryPersister = experimental_createQueryPersister<PersistedQuery>({
  storage,
  buster: `schema-${CACHE_SCHEMA_VERSION}`,
  // An inspector may stay offline for days: persisted data never expires by age.
  maxAge: Number.POSITIVE_INFINITY,
  // Errors and fetch metadata are not worth keeping and may not be cloneable.
  // The tablet's own data (reports, processes) is stored by lib/local-data, not by this persister.
  filters: { predicate: (q) => q.queryKey[0] !== 'local' },
  serialize: (q) => ({ ...q, state: { ...q.state, error: null, fetchFailureReason: null, fetchMeta: null } }),
  deserialize: (q) => q,
});

export async function clearPersistedQueries() {
  if (store) await clear(store);
}
