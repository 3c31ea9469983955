/**
 * SPEC §4 tasks and processes: task status moves, process status and completeness, progress.
 * Pure: no I/O, no clock (callers pass the time).
 */
import type { Process, Task, TaskStatus } from '@/lib/contract';

/** SPEC §4 progress percent by task status. */
export const TASK_PROGRESS: Record<TaskStatus, number> = {
  UNDEFINED: 0,
  REGISTERED: 5,
  COMPLETED: 95,
  RESOLVED: 100,
  IGNORED: 100,
  REJECTED: 0,
};

/** SPEC §9 */
export const PROGRESS_SAVE_MS = 300;
export const PENDING_CHECK_MS = 5000;
/** SPEC §4: the message of a task whose liveness counter stopped. */
export const STOPPED = 'stopped';

export type TaskEvent =
  | { type: 'register' }
  | { type: 'progress'; completion: number }
  | { type: 'alive' }
  | { type: 'complete'; result?: unknown }
  | { type: 'resolve' }
  | { type: 'reject'; message: string; details?: unknown }
  | { type: 'retry' }
  | { type: 'ignore' };

const MOVES: Record<TaskEvent['type'], readonly TaskStatus[]> = {
  register: ['UNDEFINED'],
  progress: ['REGISTERED'],
  alive: ['REGISTERED'],
  complete: ['REGISTERED'],
  resolve: ['COMPLETED'],
  reject: ['UNDEFINED', 'REGISTERED', 'COMPLETED'],
  retry: ['REJECTED'],
  ignore: ['REJECTED'],
};

export function canApply(task: Pick<Task, 'status' | 'canIgnore'>, event: TaskEvent['type']): boolean {
  if (event === 'ignore' && !task.canIgnore) return false;
  return MOVES[event].includes(task.status);
}

/** Applies one event; an event that is not allowed from the task's status leaves it unchanged. */
export function applyTaskEvent(task: Task, e: TaskEvent): Task {
  if (!canApply(task, e.type)) return task;
  switch (e.type) {
    case 'register':
      return { ...task, status: 'REGISTERED', completion: TASK_PROGRESS.REGISTERED, result: null, iamAlive: task.iamAlive + 1 };
    case 'progress':
      // Progress inside a running task stays between registered (5) and completed (95).
      return { ...task, completion: Math.min(TASK_PROGRESS.COMPLETED, Math.max(TASK_PROGRESS.REGISTERED, e.completion)), iamAlive: task.iamAlive + 1 };
    case 'alive':
      return { ...task, iamAlive: task.iamAlive + 1 };
    case 'complete':
      return { ...task, status: 'COMPLETED', completion: TASK_PROGRESS.COMPLETED, result: e.result ?? null };
    case 'resolve':
      return { ...task, status: 'RESOLVED', completion: TASK_PROGRESS.RESOLVED };
    case 'reject':
      return { ...task, status: 'REJECTED', completion: TASK_PROGRESS.REJECTED, result: { message: e.message, details: e.details ?? null } };
    case 'retry':
      return { ...task, status: 'UNDEFINED', completion: TASK_PROGRESS.UNDEFINED };
    case 'ignore':
      return { ...task, status: 'IGNORED', completion: TASK_PROGRESS.IGNORED };
  }
}

export type ProcessStatus = 'REJECTED' | 'REGISTERED' | 'UNDEFINED' | 'COMPLETED' | 'RESOLVED';

/** SPEC §4: rejected if any task rejected, else registered, else undefined, else completed, else resolved. */
export function processStatus(tasks: readonly Pick<Task, 'status'>[]): ProcessStatus {
  const has = (s: TaskStatus) => tasks.some((t) => t.status === s);
  if (has('REJECTED')) return 'REJECTED';
  if (has('REGISTERED')) return 'REGISTERED';
  if (has('UNDEFINED')) return 'UNDEFINED';
  if (has('COMPLETED')) return 'COMPLETED';
  return 'RESOLVED';
}

/** SPEC §4: complete when every task is resolved, or ignored where ignoring is allowed. */
export function isProcessComplete(tasks: readonly Pick<Task, 'status' | 'canIgnore'>[]): boolean {
  return tasks.every((t) => t.status === 'RESOLVED' || (t.status === 'IGNORED' && t.canIgnore));
}

/** Share of the work done, 0..100, as the mean of the tasks' completion. */
export function processProgress(p: Pick<Process, 'tasks'>): number {
  if (p.tasks.length === 0) return 100;
  return p.tasks.reduce((sum, t) => sum + t.completion, 0) / p.tasks.length;
}

/** The message a rejected task carries. */
export function rejectionMessage(task: Pick<Task, 'result'>): string | null {
  const r = task.result as { message?: unknown } | null | undefined;
  return r && typeof r.message === 'string' ? r.message : null;
}

/**
 * SPEC §4 liveness: a registered task whose counter did not move since the last check (and that
 * this tab is not running) has stopped.
 */
export function stalledTasks(tasks: readonly Task[], lastSeen: ReadonlyMap<string, number>, runningHere: ReadonlySet<string>): Task[] {
  return tasks.filter((t) => t.status === 'REGISTERED' && !runningHere.has(t.uid) && lastSeen.get(t.uid) === t.iamAlive);
}
