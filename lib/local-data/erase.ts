import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueries } from '@/lib/query/persister';
import { clearLocalDatabase } from './db';

/** Keys of localStorage that belong to the tablet, not to a user: they survive a user change. */
const DEVICE_KEYS = new Set(['settings', 'deviceName']);

/** Deletes every piece of local data of the current user (SPEC §4: a different user logs in). */
export async function eraseLocalData(queryClient: QueryClient) {
  await clearLocalDatabase();
  await clearPersistedQueries();
  queryClient.clear();
  for (const key of Object.keys(localStorage)) if (!DEVICE_KEYS.has(key)) localStorage.removeItem(key);
}
