import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRuntime } from '@/lib/app/runtime';
import { db } from '@/lib/local-data/db';
import { commit, findReport } from '@/lib/local-data/reports-store';
import { processesOf } from '@/lib/local-data/processes-store';
import { buildPrepareProcess, SUBTYPE } from '@/lib/tasks/builders';
import { applyTaskEvent } from '@/lib/tasks/model';
import { NO_PIR_FOR_SUBJECT, onComplete, onRejected } from '@/lib/tasks/runtime';
import { onError } from '@/lib/errors/error-bus';
import { onLifecycleEvent, type LifecycleEvent } from '@/lib/tasks/events';
import { emptyExtended, report } from './fixtures/report';

let n = 0;
const uid = () => `uid-${++n}`;

/** A preparation whose every task ended resolved. */
function finishedPreparation(r: ReturnType<typeof report>) {
  const p = buildPrepareProcess(r, { device: 'TAB-A', reclaim: false, claim: false, uid, now: new Date(), restore: null });
  return { ...p, tasks: p.tasks.map((t) => applyTaskEvent(applyTaskEvent(applyTaskEvent(t, { type: 'register' }), { type: 'complete', result: null }), { type: 'resolve' })) };
}

describe('a preparation that ends (SPEC §4)', () => {
  it('makes the report ready when its details are on the tablet', async () => {
    createAppRuntime(new QueryClient());
    const r = report(501, 'preparing', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
    const p = finishedPreparation(r);
    await commit({ put: [r], processes: [p] });

    await onComplete(p);
    expect(findReport(r.id)?.status).toBe('ready');
    expect(processesOf(r.id)).toEqual([]);
    expect(await (await db()).get('processes', p.uid)).toBeUndefined();
  });

  it('fetches the details again, alone, when they did not stay (a reload cut their write short)', async () => {
    createAppRuntime(new QueryClient());
    const r = report(502, 'preparing', { claimedByDevice: 'TAB-A', extended: null });
    const p = finishedPreparation(r);
    await commit({ put: [r], processes: [p] });

    await onComplete(p);
    // Not ready without its details: one new preparation with only the details to fetch.
    expect(findReport(r.id)?.status).toBe('preparing');
    const [again, ...more] = processesOf(r.id);
    expect(more).toEqual([]);
    expect(again?.uid).not.toBe(p.uid);
    expect(again?.tasks.map((t) => [t.subtype, t.status])).toEqual([[SUBTYPE.extended, 'UNDEFINED']]);
    expect(again?.tasks[0]?.url).toBe(p.tasks.find((t) => t.subtype === SUBTYPE.extended)?.url);
    expect(await (await db()).get('processes', p.uid)).toBeUndefined();
    expect((await (await db()).get('processes', again!.uid))?.tasks).toHaveLength(1);
  });

  it('tells "ready" for a preparation the inspector asked for, not for a quiet download again (sign-in, restore)', async () => {
    createAppRuntime(new QueryClient());
    const told: LifecycleEvent[] = [];
    const off = onLifecycleEvent((e) => told.push(e));
    try {
      const asked = report(505, 'preparing', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
      const again = report(506, 'preparing', { claimedByDevice: 'TAB-A', extended: null });
      const p = finishedPreparation(asked);
      const q = { ...finishedPreparation(again), quiet: true };
      await commit({ put: [asked, again], processes: [p, q] });
      await onComplete(p);
      await onComplete(q);
      // The quiet one came without its details: the details fetched again stay quiet, and so does its end.
      const [details] = processesOf(again.id);
      expect(details?.quiet).toBe(true);
      await commit({ put: [{ ...findReport(again.id)!, extended: emptyExtended() }] });
      await onComplete({ ...details!, tasks: details!.tasks.map((t) => ({ ...t, status: 'RESOLVED' as const })) });
      expect(findReport(again.id)?.status).toBe('ready');
      // (events of the tests above, told before anything listened, reach this listener too)
      const ours = told.filter((e) => 'report' in e && [asked.id, again.id].includes(e.report.id));
      expect(ours.map((e) => [e.type, 'report' in e ? e.report.id : null])).toEqual([['pirReady', asked.id]]);
    } finally {
      off();
    }
  });
});

describe('a process whose report is not on the tablet (SPEC §8)', () => {
  it('is dropped from the task list with "couldn\'t get the pir from process subject", whether it ended or stopped', async () => {
    createAppRuntime(new QueryClient());
    const errors: unknown[] = [];
    const off = onError((e) => errors.push(e));
    try {
      const r = report(503, 'preparing', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
      const done = finishedPreparation(r);
      const stopped = { ...finishedPreparation(report(504, 'preparing', { claimedByDevice: 'TAB-A' })), subject: 504 };
      // Left behind without their reports (a restore, a damaged store).
      await commit({ processes: [done, stopped] });

      await onComplete(done);
      await onRejected(stopped);
      expect(processesOf(503)).toEqual([]);
      expect(processesOf(504)).toEqual([]);
      expect(await (await db()).get('processes', done.uid)).toBeUndefined();
      expect(errors.map((e) => (e as Error).message)).toEqual([NO_PIR_FOR_SUBJECT, NO_PIR_FOR_SUBJECT]);
      expect(NO_PIR_FOR_SUBJECT).toBe("couldn't get the pir from process subject");
    } finally {
      off();
    }
  });

  it('says nothing for a process that went with its report (released, archived, gone from the server)', async () => {
    createAppRuntime(new QueryClient());
    const errors: unknown[] = [];
    const off = onError((e) => errors.push(e));
    try {
      const r = report(505, 'preparing', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
      const p = finishedPreparation(r);
      await commit({ put: [r], processes: [p] });
      await commit({ remove: [r.id] });
      await onComplete(p);
      expect(errors).toEqual([]);
    } finally {
      off();
    }
  });
});
