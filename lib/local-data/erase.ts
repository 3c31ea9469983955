import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueries } from '@/lib/query/persister';
import { clearLocalDatabase } from './db';
import { allReports, flushEdits } from './reports-store';

/** Keys of localStorage that belong to the tablet, not to a user: they survive a user change. */
const DEVICE_KEYS = new Set(['settings', 'deviceName']);

/**
 * Deletes every piece of local data of the current user (SPEC §4: a different user logs in; SPEC §2
 * "erase all data"). Edits still waiting for their write land first and the queue's transfers stop,
 * so neither writes anything back after the erase.
 */
export async function eraseLocalData(queryClient: QueryClient) {
  await flushEdits();
  const { runner } = await import('@/lib/tasks/runtime');
  for (const r of allReports()) await runner().cancel(r.id);
  await clearLocalDatabase();
  await clearPersistedQueries();
  queryClient.clear();
  for (const key of Object.keys(localStorage)) if (!DEVICE_KEYS.has(key)) localStorage.removeItem(key);
}
