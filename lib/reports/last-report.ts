import { z } from 'zod';
import { createPersistentStore } from '@/lib/store/persistent-store';

/** The report the inspector opened last: the pir tab goes back to it. */
export const lastReportStore = createPersistentStore('lastReport', z.string().max(40).nullable(), null as string | null);
