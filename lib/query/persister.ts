/**
 * Query persistence, one IndexedDB entry per query (not one blob for the whole cache), so that
 * saving one report never re-writes the others. Values are stored by structured clone.
 */
import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/query-persist-client-core';
import { createStore, del, entries, get, set, clear } from 'idb-keyval';

/** Bumped when the shape of a persisted query changes; never the build id (an app update must keep data). */
export const CACHE_SCHEMA_VERSION = 1;
const buster = (version: number) => `schema-${version}`;

/**
 * Steps from one cache version to the next: `MIGRATIONS[n]` turns a version n-1 entry into a
 * version n one. A version change migrates what the tablet holds instead of throwing it away
 * (the persister would otherwise drop every entry whose buster differs).
 */
export const MIGRATIONS: Record<number, (q: PersistedQuery) => PersistedQuery> = {};

export function migrateQuery(q: PersistedQuery): PersistedQuery {
  const from = Number(/^schema-(\d+)$/.exec(q.buster)?.[1] ?? 0);
  let out = q;
  for (let v = from + 1; v <= CACHE_SCHEMA_VERSION; v++) out = MIGRATIONS[v]?.(out) ?? out;
  return { ...out, buster: buster(CACHE_SCHEMA_VERSION) };
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore('pir-query-cache', 'queries');

/**
 * The data last written or read under each key. A refetch that brought the same data (the listing
 * answered 304 Not Modified keeps the very same object) is not written again: the listing is
 * hundreds of KB, refetched every 30 s.
 */
const written = new Map<string, unknown>();

const storage = store
  ? {
      getItem: async (key: string) => {
        const value = await get<PersistedQuery>(key, store);
        if (value) written.set(key, value.state.data);
        return value;
      },
      setItem: async (key: string, value: PersistedQuery) => {
        if (written.get(key) === value.state.data && value.state.data !== undefined) return;
        await set(key, value, store);
        written.set(key, value.state.data);
      },
      removeItem: (key: string) => {
        written.delete(key);
        return del(key, store);
      },
      entries: () => entries<string, PersistedQuery>(store),
    }
  : null;

export const queryPersister = experimental_createQueryPersister<PersistedQuery>({
  storage,
  buster: buster(CACHE_SCHEMA_VERSION),
  // An inspector may stay offline for days: persisted data never expires by age.
  maxAge: Number.POSITIVE_INFINITY,
  // Errors and fetch metadata are not worth keeping and may not be cloneable.
  // The tablet's own data (reports, processes) is stored by lib/local-data, not by this persister;
  // card thumbnails fetched online are only kept in memory.
  filters: { predicate: (q) => q.queryKey[0] !== 'local' && q.queryKey[0] !== 'thumbnail' },
  serialize: (q) => ({ ...q, state: { ...q.state, error: null, fetchFailureReason: null, fetchMeta: null } }),
  deserialize: migrateQuery,
});

export async function clearPersistedQueries() {
  written.clear();
  if (store) await clear(store);
}
