import { loadContract } from '@/lib/contract/load';
import { createPersistentStore } from '@/lib/store/persistent-store';

/** The report the inspector opened last: the pir tab goes back to it. */
export const lastReportStore = createPersistentStore<string | null>('lastReport', async () => (await loadContract()).storedReportId, null);
