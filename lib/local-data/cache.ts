import type { QueryClient } from '@tanstack/react-query';
import { appRuntime } from '@/lib/app/runtime';

/** Query keys of the tablet's own data (mirrors of IndexedDB, loaded once at start). */
export const localKeys = {
  reports: ['local', 'reports'] as const,
  processes: ['local', 'processes'] as const,
};

/** The stores mirror IndexedDB into the app's query client, so components read them with useQuery. */
export function queryClient(): QueryClient {
  return appRuntime().queryClient;
}
