'use client';
import { useEffect } from 'react';
import { onRemoteChange } from '@/lib/local-data/channel';
import { reloadProcesses } from '@/lib/local-data/processes-store';
import { reloadReports } from '@/lib/local-data/reports-store';
import { useLocalReports, useProcesses } from '@/lib/local-data/use-local';
import { requestPersistentStorage } from '@/lib/storage/quota';
import { whenIdle } from '@/lib/app/when-idle';
import { Loading } from '../shared/loading';
import { useAppRuntime } from './app-runtime';

/** Loads the tablet's reports and queued work before the screens show, then starts the queue. */
export function LocalDataGate({ children }: { children: React.ReactNode }) {
  const runtime = useAppRuntime();
  const reports = useLocalReports();
  const processes = useProcesses();
  const ready = reports.isSuccess && processes.isSuccess;

  useEffect(() => {
    if (!ready || !runtime.firstStart()) return;
    // The task runner (requests, downloads, uploads) loads after the first render, not with it.
    import('@/lib/tasks/runtime')
      .then((m) => m.runner().start())
      .catch((e) => console.error('task runner', e));
    // Asked once the page is idle: the browser's answer costs a few ms of the first render otherwise.
    whenIdle(() => void requestPersistentStorage(), 5000, 2000);
  }, [ready, runtime]);

  useEffect(
    () =>
      onRemoteChange((change) => {
        if (change.type === 'reports') void reloadReports(change.ids);
        if (change.type === 'processes') void reloadProcesses();
      }),
    [],
  );

  if (!ready) {
    return <Loading />;
  }
  return <>{children}</>;
}
