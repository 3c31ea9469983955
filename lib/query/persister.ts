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

const storage = store
  ? {
      getItem: (key: string) => get<PersistedQuery>(key, store),
      setItem: (key: string, value: PersistedQuery) => set(key, value, store),
      removeItem: (key: string) => del(key, store),
      entries: () => entries<string, PersistedQuery>(store),
    }
  : null;

/**
 * Queries never persisted here. The tablet's own data (reports, processes) is stored by lib/local-data;
 * card thumbnails fetched online are only kept in memory; and the server's listing is merged into the
 * tablet's reports the moment it comes: a kept copy would only be an older listing, merged again at the
 * next start as if the server had just sent it (a report submitted since would show as unclaimed).
 */
const NOT_PERSISTED = new Set(['local', 'thumbnail', 'currentFiles']);

// Earlier versions kept the listing: drop what they left (hundreds of KB).
if (store) void del('tanstack-query-["currentFiles"]', store).catch(() => {});

export const queryPersister = experimental_createQueryPersister<PersistedQuery>({
  storage,
  buster: buster(CACHE_SCHEMA_VERSION),
  // An inspector may stay offline for days: persisted data never expires by age.
  maxAge: Number.POSITIVE_INFINITY,
  filters: { predicate: (q) => !NOT_PERSISTED.has(String(q.queryKey[0])) },
  // Errors and fetch metadata are not worth keeping and may not be cloneable.
  serialize: (q) => ({ ...q, state: { ...q.state, error: null, fetchFailureReason: null, fetchMeta: null } }),
  deserialize: migrateQuery,
});

export async function clearPersistedQueries() {
  if (store) await clear(store);
}
