import { describe, expect, it } from 'vitest';
import { TASK_STATUSES, type TaskStatus } from '@/lib/contract';
import {
  applyTaskEvent,
  canApply,
  isProcessComplete,
  processProgress,
  processStatus,
  rejectionMessage,
  stalledTasks,
  TASK_PROGRESS,
  type TaskEvent,
} from '@/lib/tasks/model';
import { task } from './fixtures/report';

describe('task statuses (SPEC §4)', () => {
  const allowed: Record<TaskEvent['type'], TaskStatus[]> = {
    register: ['UNDEFINED'],
    progress: ['REGISTERED'],
    alive: ['REGISTERED'],
    complete: ['REGISTERED'],
    resolve: ['COMPLETED'],
    reject: ['UNDEFINED', 'REGISTERED', 'COMPLETED'],
    retry: ['REJECTED'],
    ignore: ['REJECTED'],
  };
  for (const [event, from] of Object.entries(allowed) as [TaskEvent['type'], TaskStatus[]][]) {
    for (const status of TASK_STATUSES) {
      it(`${event} from ${status} is ${from.includes(status) ? 'allowed' : 'refused'}`, () => {
        expect(canApply({ status, canIgnore: true }, event)).toBe(from.includes(status));
      });
    }
  }

  it('walks undefined → registered → completed → resolved with the spec progress', () => {
    let t = task('a', 'UNDEFINED');
    t = applyTaskEvent(t, { type: 'register' });
    expect([t.status, t.completion]).toEqual(['REGISTERED', 5]);
    t = applyTaskEvent(t, { type: 'complete', result: { bytes: 3 } });
    expect([t.status, t.completion, t.result]).toEqual(['COMPLETED', 95, { bytes: 3 }]);
    t = applyTaskEvent(t, { type: 'resolve' });
    expect([t.status, t.completion]).toEqual(['RESOLVED', 100]);
  });

  it('a rejected task keeps its message, can be retried (to undefined) or ignored only when ignorable', () => {
    const r = applyTaskEvent(task('a', 'REGISTERED'), { type: 'reject', message: 'error.upload' });
    expect([r.status, r.completion, rejectionMessage(r)]).toEqual(['REJECTED', 0, 'error.upload']);
    expect(applyTaskEvent(r, { type: 'retry' }).status).toBe('UNDEFINED');
    expect(applyTaskEvent(r, { type: 'ignore' }).status).toBe('REJECTED');
    const ignorable = { ...r, canIgnore: true };
    expect(applyTaskEvent(ignorable, { type: 'ignore' })).toMatchObject({ status: 'IGNORED', completion: 100 });
  });

  it('progress inside a running task stays between 5 and 95 and bumps the liveness counter', () => {
    const t = applyTaskEvent(task('a', 'REGISTERED', { iamAlive: 4 }), { type: 'progress', completion: 120 });
    expect([t.completion, t.iamAlive]).toEqual([95, 5]);
    expect(applyTaskEvent(task('a', 'REGISTERED'), { type: 'progress', completion: 1 }).completion).toBe(5);
  });

  it('has the spec progress table', () => {
    expect(TASK_PROGRESS).toEqual({ UNDEFINED: 0, REGISTERED: 5, COMPLETED: 95, RESOLVED: 100, IGNORED: 100, REJECTED: 0 });
  });
});

describe('process status and completeness (SPEC §4)', () => {
  const p = (...s: TaskStatus[]) => s.map((st, i) => task(String(i), st, { canIgnore: i === 0 }));
  it('is rejected if any task is, else registered, else undefined, else completed, else resolved', () => {
    expect(processStatus(p('RESOLVED', 'REJECTED', 'REGISTERED'))).toBe('REJECTED');
    expect(processStatus(p('RESOLVED', 'UNDEFINED', 'REGISTERED'))).toBe('REGISTERED');
    expect(processStatus(p('COMPLETED', 'UNDEFINED'))).toBe('UNDEFINED');
    expect(processStatus(p('COMPLETED', 'RESOLVED'))).toBe('COMPLETED');
    expect(processStatus(p('RESOLVED', 'IGNORED'))).toBe('RESOLVED');
  });
  it('is complete when all tasks are resolved or ignored where ignorable', () => {
    expect(isProcessComplete(p('IGNORED', 'RESOLVED'))).toBe(true);
    expect(isProcessComplete([task('x', 'IGNORED', { canIgnore: false })])).toBe(false);
    expect(isProcessComplete(p('RESOLVED', 'COMPLETED'))).toBe(false);
  });
  it('progress is the mean of the task completions', () => {
    const tasks = [task('a', 'RESOLVED', { completion: 100 }), task('b', 'REGISTERED', { completion: 5 }), task('c', 'UNDEFINED', { completion: 0 })];
    expect(processProgress({ tasks })).toBeCloseTo(35);
    expect(processProgress({ tasks: [] })).toBe(100);
  });
});

describe('liveness (SPEC §4: a registered task whose counter stops is stopped)', () => {
  it('finds registered tasks whose counter did not move, except those this tab runs', () => {
    const tasks = [task('a', 'REGISTERED', { iamAlive: 3 }), task('b', 'REGISTERED', { iamAlive: 7 }), task('c', 'REGISTERED', { iamAlive: 1 }), task('d', 'UNDEFINED')];
    const lastSeen = new Map([
      ['a', 3],
      ['b', 6],
      ['c', 1],
      ['d', 0],
    ]);
    expect(stalledTasks(tasks, lastSeen, new Set(['c'])).map((t) => t.uid)).toEqual(['a']);
  });
});
