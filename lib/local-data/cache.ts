import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the tablet's own data (mirrors of IndexedDB, loaded once at start). */
export const localKeys = {
  reports: ['local', 'reports'] as const,
  processes: ['local', 'processes'] as const,
};

let client: QueryClient | null = null;

/** The stores mirror IndexedDB into this query client, so components read them with useQuery. */
export function attachQueryClient(qc: QueryClient) {
  client = qc;
}

export function queryClient(): QueryClient {
  if (!client) throw new Error('local data used before the query client was attached');
  return client;
}
