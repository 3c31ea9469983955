import type { Pir, Task } from '@/lib/contract';
import { SUBMISSION_FAILURE_MS } from './transitions';

interface Waiting {
  tasks: Pick<Task, 'status' | 'completionDetails'>[];
}

/**
 * A submission started more than 60 s ago whose process waits to try again (the server did not
 * answer): not failed — the app keeps trying by itself — but not sent yet, and the inspector is told.
 */
export function waitingForServer(report: Pick<Pir, 'lifecycle'>, submit: Waiting | undefined, now: number): boolean {
  const started = Date.parse(report.lifecycle.submitting?.date ?? '');
  if (!submit || !Number.isFinite(started) || now - started < SUBMISSION_FAILURE_MS) return false;
  return submit.tasks.some((t) => t.status === 'UNDEFINED' && ((t.completionDetails as { attempts?: number } | null)?.attempts ?? 0) > 0);
}
