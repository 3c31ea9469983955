/**
 * The running app, made once by the providers (components/app/providers.tsx) and handed down: the query
 * client the stores mirror IndexedDB into, the task queue, the merges of the server's listing, and what
 * happens once per start. Modules without React reach it through `appRuntime()`; a test makes a fresh one
 * with `createAppRuntime` instead of resetting module globals one by one.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TaskRunner } from '@/lib/tasks/runner';

export interface AppRuntime {
  readonly queryClient: QueryClient;
  /** the task queue, made by lib/tasks/runtime on first use (its code loads after the first render) */
  runner: TaskRunner | null;
  /** runs a merge of a listing into the tablet's reports after those queued before it (SPEC §4) */
  queueMerge(merge: () => Promise<void>): Promise<void>;
  /** true the first time it is asked only: the queue starts once, when the tablet's data is read */
  firstStart(): boolean;
  /** whether the reference lists were downloaded since this start (then no silent refresh is needed) */
  referenceDownloaded: boolean;
}

let current: AppRuntime | null = null;

export function createAppRuntime(queryClient: QueryClient): AppRuntime {
  let merging = Promise.resolve();
  let started = false;
  current = {
    queryClient,
    runner: null,
    queueMerge: (merge) => {
      const run = merging.then(merge);
      // a merge that failed does not stop the ones after it
      merging = run.catch(() => undefined);
      return run;
    },
    firstStart: () => !started && (started = true),
    referenceDownloaded: false,
  };
  return current;
}

/** The page's runtime: made on the first call (the providers' first render), the same one after. */
export function startAppRuntime(makeQueryClient: () => QueryClient): AppRuntime {
  return current ?? createAppRuntime(makeQueryClient());
}

export function appRuntime(): AppRuntime {
  if (!current) throw new Error('the app runtime is used before the providers made it');
  return current;
}
