/** Processes and their tasks: stored before any request goes out, mirrored in memory for the screens. */
import { announce } from './channel';
import { localKeys, queryClient } from './cache';
import { db, type ProcessRecord } from './db';
import { migrate, stamp } from './record-versions';

/**
 * The stored processes, brought up to date. One a newer version of the app stored is left as it is and
 * not run: this app may not know its tasks (it goes with its report, which that version stored too).
 */
export async function loadProcesses(): Promise<ProcessRecord[]> {
  const out: ProcessRecord[] = [];
  for (const stored of await (await db()).getAll('processes')) {
    const m = migrate<ProcessRecord>('process', stored);
    if (m.ok) out.push(m.record);
    else if (m.reason === 'newer') console.warn(`process ${stored.uid}: stored by a newer version of the app (record version ${m.version}), left as it is`);
  }
  return out;
}

export function allProcesses(): ProcessRecord[] {
  return queryClient().getQueryData<ProcessRecord[]>(localKeys.processes) ?? [];
}

export function processesOf(subject: number): ProcessRecord[] {
  return allProcesses().filter((p) => p.subject === subject);
}

/** Shows a process's new state at once (progress), without writing it. */
export function showProcess(p: ProcessRecord) {
  queryClient().setQueryData<ProcessRecord[]>(localKeys.processes, (list = []) => {
    const i = list.findIndex((x) => x.uid === p.uid);
    if (i < 0) return [...list, p];
    const next = list.slice();
    next[i] = p;
    return next;
  });
}

export async function saveProcess(p: ProcessRecord) {
  await storeProcess(p);
  showProcess(p);
  announce({ type: 'processes' });
}

/** Writes a process without showing it: the task runner shows its running processes at its own pace. */
export async function storeProcess(p: ProcessRecord) {
  await (await db()).put('processes', stamp('process', p));
}

/** Tells other tabs that the stored processes changed. */
export function announceProcesses() {
  announce({ type: 'processes' });
}

/** Another tab (the one running the queue) changed processes: show what is stored. */
export async function reloadProcesses() {
  queryClient().setQueryData(localKeys.processes, await loadProcesses());
}

/** Drops processes from the screens (already deleted from IndexedDB): by uid, or all of some reports. */
export function forgetProcesses(uids: readonly string[], subjects: readonly number[] = []) {
  if (uids.length === 0 && subjects.length === 0) return;
  const gone = new Set(uids);
  const reports = new Set(subjects);
  queryClient().setQueryData<ProcessRecord[]>(localKeys.processes, (list = []) => list.filter((p) => !gone.has(p.uid) && !reports.has(p.subject)));
}
