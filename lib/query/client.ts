import { QueryClient, onlineManager } from '@tanstack/react-query';
import { queryPersister } from './persister';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Run the query function even offline: the persister answers from IndexedDB first.
        networkMode: 'offlineFirst',
        persister: queryPersister.persisterFn,
        gcTime: Number.POSITIVE_INFINITY,
        staleTime: 10_000,
        retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error && (error as { status?: number }).status === 401),
        refetchOnWindowFocus: true,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/** TanStack's onlineManager starts online whatever the browser says (TOOLCHAIN.md): align it. */
export function syncOnlineManager() {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

export const queryKeys = {
  currentFiles: ['currentFiles'] as const,
  referenceData: ['referenceData'] as const,
};
