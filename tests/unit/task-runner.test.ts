import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@/lib/contract';
import { createAppRuntime } from '@/lib/app/runtime';
import { localKeys } from '@/lib/local-data/cache';
import { db, type ProcessRecord } from '@/lib/local-data/db';
import { allProcesses, loadProcesses, saveProcess } from '@/lib/local-data/processes-store';
import { backoffMs, BESIDE_A_CLAIM, FILE_WINDOW, FinalError, PausedError, PrioritySlots, TaskRunner, TRANSFER_SLOTS, type RunnerDeps, type TaskHandler } from '@/lib/tasks/runner';
import { handlers as lifecycleHandlers, isReclaim } from '@/lib/tasks/handlers';
import { task } from './fixtures/report';
import { noteServerAnswered, noteServerSilent } from '@/lib/api/server-reach';

let client: QueryClient;
let runner: TaskRunner | null = null;

beforeEach(async () => {
  client = new QueryClient();
  createAppRuntime(client);
  const d = await db();
  await d.clear('processes');
  client.setQueryData(localKeys.processes, []);
});
afterEach(() => runner?.stop());

function process(uid: string, tasks: Task[], createdAt = '2026-11-21T10:00:00.000Z'): ProcessRecord {
  return { type: 'prepare', subject: 1, uid, description: 'process.prepare', tasks, createdAt };
}

/** How the lifecycle's task of that kind is scheduled (side by side, stopping its batch …), without its work. */
function policyOf(kind: string): Omit<TaskHandler, 'execute' | 'resolve'> {
  const { execute: _execute, resolve: _resolve, ...policy } = lifecycleHandlers[kind] ?? { execute: async () => undefined };
  return policy;
}

/** Runs the test's handlers, each scheduled as the lifecycle's task of the same kind. */
function start(handlers: Record<string, TaskHandler>, over: Partial<RunnerDeps> = {}) {
  const done: ProcessRecord[] = [];
  const rejected: ProcessRecord[] = [];
  runner = new TaskRunner({
    handlers: Object.fromEntries(Object.entries(handlers).map(([kind, h]) => [kind, { ...policyOf(kind), ...h }])),
    canRun: () => true,
    onComplete: async (p) => {
      done.push(p);
      const d = await db();
      await d.delete('processes', p.uid);
      client.setQueryData<ProcessRecord[]>(localKeys.processes, (l = []) => l.filter((x) => x.uid !== p.uid));
    },
    onRejected: async (p) => {
      rejected.push(p);
    },
    now: () => Date.now(),
    retryDelayMs: () => 20,
    ...over,
  });
  runner.start();
  return { done, rejected };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
    runner?.kick();
  }
};

/** A handler that takes `ms` and logs when each task starts and ends. */
function logged(log: string[]) {
  return (ms: number): TaskHandler => ({
    async execute(t) {
      log.push(`start ${t.uid}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${t.uid}`);
    },
  });
}

describe('task runner (SPEC §4, made durable)', () => {
  it('runs each of many parallel transfers exactly once: no finished transfer is lost and redone', async () => {
    const runs = new Map<string, number>();
    const file: TaskHandler = {
      async execute(t, { progress }) {
        runs.set(t.uid, (runs.get(t.uid) ?? 0) + 1);
        // Transfers that report progress and end at nearly the same moments, as downloads do.
        for (let i = 1; i <= 4; i++) {
          await new Promise((r) => setTimeout(r, 3));
          progress(i / 4);
        }
      },
    };
    const files = Array.from({ length: 24 }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p-many', files));
    const { done } = start({ file });
    await until(() => done.length === 1);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(24);
    expect(done[0]!.tasks.every((t) => t.status === 'RESOLVED')).toBe(true);
  });

  it('stores a batch of downloads once at its end, not the whole process once per file, and before the process completes', async () => {
    const files = Array.from({ length: 24 }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p-writes', [task('claim', 'UNDEFINED', { subtype: 'claim' }), ...files]));
    let writes = 0;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'processes') writes++;
      return put.apply(this, args);
    };
    let storedAtCompletion: ProcessRecord | undefined;
    try {
      const { done } = start(
        {
          claim: { execute: async () => 1 },
          file: { execute: () => new Promise((r) => setTimeout(r, 5)) },
        },
        {
          onComplete: async (p) => {
            storedAtCompletion = (await loadProcesses()).find((x) => x.uid === p.uid);
            done.push(p);
          },
        },
      );
      await until(() => done.length === 1);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    // The claim registered and completed (2), the batch's end (1), and perhaps a timed progress save.
    expect(writes).toBeLessThan(6);
    expect(storedAtCompletion!.tasks.every((t) => t.status === 'RESOLVED')).toBe(true);
  });

  it('runs one report\'s tasks in order, uploads side by side between the others', async () => {
    const log: string[] = [];
    const handler = logged(log);
    await saveProcess(
      process('p1', [
        task('save', 'UNDEFINED', { subtype: 'save' }),
        task('u1', 'UNDEFINED', { subtype: 'upload' }),
        task('u2', 'UNDEFINED', { subtype: 'upload' }),
        task('verify', 'UNDEFINED', { subtype: 'verify' }),
      ]),
    );
    const { done } = start({ save: handler(5), upload: handler(30), verify: handler(5) });
    await until(() => done.length === 1);
    expect(log.indexOf('end save')).toBeLessThan(log.indexOf('start u1'));
    // Both uploads started before either ended: they ran side by side.
    expect(log.indexOf('start u2')).toBeLessThan(log.indexOf('end u1'));
    expect(log.indexOf('start verify')).toBeGreaterThan(Math.max(log.indexOf('end u1'), log.indexOf('end u2')));
  });

  it('downloads the extended info and the files while the claim is on its way, not one round trip after it', async () => {
    const log: string[] = [];
    const handler = logged(log);
    await saveProcess(
      process('p1', [
        task('claim', 'UNDEFINED', { subtype: 'claim' }),
        task('extended', 'UNDEFINED', { subtype: 'extended' }),
        task('f1', 'UNDEFINED', { subtype: 'file' }),
        task('f2', 'UNDEFINED', { subtype: 'file' }),
        task('verify', 'UNDEFINED', { subtype: 'verify' }),
      ]),
    );
    const { done } = start({ claim: handler(30), extended: handler(30), file: handler(30), verify: handler(5) });
    await until(() => done.length === 1);
    expect(log.indexOf('start extended')).toBeLessThan(log.indexOf('end claim'));
    expect(log.indexOf('start f1')).toBeLessThan(log.indexOf('end claim'));
    expect(log.indexOf('start f2')).toBeLessThan(log.indexOf('end claim'));
    // A task after the batch still waits for all of it.
    expect(log.indexOf('start verify')).toBeGreaterThan(Math.max(...['claim', 'extended', 'f1', 'f2'].map((x) => log.indexOf(`end ${x}`))));
    expect(done[0]!.tasks.every((t) => t.status === 'RESOLVED')).toBe(true);
  });

  it('keeps fewer requests than the browser\'s six connections beside a claim on its way, then widens to the file window', async () => {
    let running = 0;
    let mostBesideTheClaim = 0;
    let mostAfter = 0;
    let claimOut = false;
    const track = (ms: number): TaskHandler => ({
      async execute() {
        running++;
        if (claimOut) mostBesideTheClaim = Math.max(mostBesideTheClaim, running);
        else mostAfter = Math.max(mostAfter, running);
        await new Promise((r) => setTimeout(r, ms));
        running--;
      },
    });
    const files = Array.from({ length: 3 * FILE_WINDOW }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p1', [task('claim', 'UNDEFINED', { subtype: 'claim' }), task('extended', 'UNDEFINED', { subtype: 'extended' }), ...files]));
    const { done } = start({
      claim: {
        async execute() {
          claimOut = true;
          running++;
          mostBesideTheClaim = Math.max(mostBesideTheClaim, running);
          await new Promise((r) => setTimeout(r, 60));
          running--;
          claimOut = false;
        },
      },
      extended: track(10),
      file: track(20),
    });
    await until(() => done.length === 1);
    expect(BESIDE_A_CLAIM).toBeLessThan(6);
    expect(mostBesideTheClaim).toBeLessThanOrEqual(BESIDE_A_CLAIM);
    expect(mostBesideTheClaim).toBeGreaterThan(1);
    expect(mostAfter).toBeGreaterThan(BESIDE_A_CLAIM);
  });

  it('a reclaim runs alone: the extended info (the other tablet\'s draft, given only to the holder) and the files after it', async () => {
    const log: string[] = [];
    const logged = (name: string, ms: number): TaskHandler => ({
      async execute(t) {
        log.push(`start ${name === 'file' ? t.uid : name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name === 'file' ? t.uid : name}`);
      },
    });
    await saveProcess(
      process('p1', [
        task('claim', 'UNDEFINED', { subtype: 'claim', url: 'offline-api/pir/7001/device-claim?reclaim=1' }),
        task('extended', 'UNDEFINED', { subtype: 'extended' }),
        task('f1', 'UNDEFINED', { subtype: 'file' }),
        task('f2', 'UNDEFINED', { subtype: 'file' }),
      ]),
    );
    const { done } = start({ claim: logged('claim', 40), extended: logged('extended', 5), file: logged('file', 5) });
    await until(() => done.length === 1);
    expect(log.slice(0, 2)).toEqual(['start claim', 'end claim']);
    expect(isReclaim({ subtype: 'claim', url: 'offline-api/pir/7001/device-claim' })).toBe(false);
  });

  it('stops the downloads beside a claim refused for good, and starts no more of them', async () => {
    const started: string[] = [];
    const aborted: string[] = [];
    const files = Array.from({ length: 3 * FILE_WINDOW }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p1', [task('claim', 'UNDEFINED', { subtype: 'claim' }), task('extended', 'UNDEFINED', { subtype: 'extended' }), ...files]));
    const slow: TaskHandler = {
      execute: (t, { signal }) =>
        new Promise((resolve, reject) => {
          started.push(t.uid);
          const timer = setTimeout(resolve, 5000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            aborted.push(t.uid);
            reject(new Error('aborted'));
          });
        }),
    };
    const { done, rejected } = start({
      claim: {
        async execute() {
          await new Promise((r) => setTimeout(r, 20));
          throw new FinalError('error.claim');
        },
      },
      extended: slow,
      file: slow,
    });
    await until(() => rejected.length === 1, 2000);
    expect(done).toEqual([]);
    // Those under way were stopped; the rest of the batch never started.
    expect(started.length).toBeGreaterThan(0);
    expect(started.length).toBeLessThan(files.length + 1);
    expect(aborted.sort()).toEqual(started.sort());
    expect(rejected[0]!.tasks.find((t) => t.uid === 'claim')!.status).toBe('REJECTED');
    expect(rejected[0]!.tasks.filter((t) => t.status === 'RESOLVED')).toEqual([]);
  });

  it('goes on with the files while a claim that failed for now waits for its retry', async () => {
    let claims = 0;
    const files = Array.from({ length: 4 }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p1', [task('claim', 'UNDEFINED', { subtype: 'claim' }), ...files]));
    const fileRuns: string[] = [];
    const { done } = start({
      claim: {
        async execute() {
          if (++claims < 2) throw new Error('no response');
        },
      },
      file: {
        async execute(t) {
          fileRuns.push(t.uid);
          await new Promise((r) => setTimeout(r, 10));
        },
      },
    });
    await until(() => done.length === 1);
    expect(claims).toBe(2);
    // Each file downloaded once: the claim's retry did not download them again.
    expect(fileRuns.sort()).toEqual(['f0', 'f1', 'f2', 'f3']);
  });

  it('gives a file\'s transfer slot to the next file once its bytes are here, while it is still being stored', async () => {
    let requests = 0;
    let mostRequests = 0;
    let storing = 0;
    let mostStoring = 0;
    let mostAtOnce = 0;
    const file: TaskHandler = {
      async execute(_t, { transferred }) {
        requests++;
        mostRequests = Math.max(mostRequests, requests);
        mostAtOnce = Math.max(mostAtOnce, storing + requests);
        await new Promise((r) => setTimeout(r, 5));
        requests--;
        transferred();
        // A slow IndexedDB write: other files' requests go out meanwhile.
        storing++;
        mostStoring = Math.max(mostStoring, storing);
        mostAtOnce = Math.max(mostAtOnce, storing + requests);
        await new Promise((r) => setTimeout(r, 40));
        storing--;
      },
    };
    const files = Array.from({ length: 3 * FILE_WINDOW }, (_, i) => task(`s${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p-slots', files));
    const { done } = start({ file });
    await until(() => done.length === 1);
    expect(mostRequests).toBeLessThanOrEqual(TRANSFER_SLOTS);
    expect(mostStoring).toBeGreaterThan(0);
    // More files handled at once than there are slots: the slots did not wait for the stores.
    expect(mostAtOnce).toBeGreaterThan(TRANSFER_SLOTS);
    expect(mostAtOnce).toBeLessThanOrEqual(FILE_WINDOW);
  });

  it('stores a claim as registered before anything its request leads to is stored', async () => {
    let seen: string | undefined;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'claim' })]));
    const { done } = start({
      claim: {
        async execute(t) {
          const stored = (await loadProcesses()).find((p) => p.uid === 'p1')!;
          seen = stored.tasks.find((x) => x.uid === t.uid)!.status;
        },
      },
    });
    await until(() => done.length === 1);
    expect(seen).toBe('REGISTERED');
  });

  it('retries a transient failure by itself and completes', async () => {
    let calls = 0;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'file' })]));
    const { done, rejected } = start({
      file: {
        async execute() {
          if (++calls < 3) throw new Error('no response');
        },
      },
    });
    await until(() => done.length === 1);
    expect(calls).toBe(3);
    expect(rejected).toEqual([]);
  });

  it('rejects a task for good on a final error; the inspector\'s retry runs it again', async () => {
    let fail = true;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'claim' })]));
    const { done, rejected } = start({
      claim: {
        async execute() {
          if (fail) throw new FinalError('error.claim');
        },
      },
    });
    await until(() => rejected.length === 1);
    const stored = allProcesses()[0]!;
    expect(stored.tasks[0]).toMatchObject({ status: 'REJECTED', completion: 0, result: { message: 'error.claim' } });
    fail = false;
    await saveProcess({ ...stored, tasks: stored.tasks.map((t) => ({ ...t, status: 'UNDEFINED' as const })) });
    await until(() => done.length === 1);
  });

  it('a task left registered by a tab that died is rejected "stopped", then retried to the end', async () => {
    await saveProcess(process('p1', [task('a', 'REGISTERED', { subtype: 'file', iamAlive: 7 })]));
    const retries: unknown[] = [];
    const { done } = start({ file: { execute: async () => undefined } }, { onRetry: (_t, e) => retries.push((e as Error).message) });
    await until(() => done.length === 1);
    expect(retries).toEqual(['stopped']);
  });

  it('waits without losing an attempt while the session is gone', async () => {
    let calls = 0;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'file' })]));
    const { done } = start({
      file: {
        async execute() {
          if (++calls === 1) throw new PausedError('SESSION_EXPIRED');
        },
      },
    });
    await until(() => done.length === 1);
    expect(done[0]!.tasks[0]!.completionDetails).toBeNull();
  });

  it('runs nothing while it may not (offline or signed out)', async () => {
    let calls = 0;
    let allowed = false;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'file' })]));
    const { done } = start({ file: { execute: async () => void calls++ } }, { canRun: () => allowed });
    await new Promise((r) => setTimeout(r, 100));
    runner!.kick();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(0);
    allowed = true;
    await until(() => done.length === 1);
    expect(calls).toBe(1);
  });

  it('stores every change at once but redraws a running process at most every 150 ms, and shows how it ended', async () => {
    const files = Array.from({ length: 30 }, (_, i) => task(`f${i}`, 'UNDEFINED', { subtype: 'file' }));
    await saveProcess(process('p-shown', [...files, task('last', 'UNDEFINED', { subtype: 'claim' })]));
    let shown = 0;
    const off = client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.query.queryKey[0] === localKeys.processes[0]) shown++;
    });
    const { rejected } = start({ file: { execute: async () => undefined }, claim: { execute: async () => Promise.reject(new FinalError('error.claim')) } });
    await until(() => rejected.length === 1);
    off();
    // 31 tasks each registered, completed and resolved or rejected: about 90 stored changes.
    expect(shown).toBeLessThan(20);
    const onScreen = allProcesses().find((p) => p.uid === 'p-shown')!;
    expect(onScreen.tasks.filter((t) => t.status === 'RESOLVED')).toHaveLength(30);
    expect(onScreen.tasks.at(-1)!.status).toBe('REJECTED');
    expect((await loadProcesses()).find((p) => p.uid === 'p-shown')!.tasks.at(-1)!.status).toBe('REJECTED');
  });

  it('never gives up on a server that does not answer: it keeps trying, a minute apart at most, and completes when it answers', async () => {
    let calls = 0;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'file', canIgnore: true })]));
    const { done, rejected } = start({
      file: {
        async execute() {
          if (++calls < 15) throw new Error('no response');
        },
      },
    });
    await until(() => done.length === 1);
    expect(calls).toBe(15);
    expect(rejected).toEqual([]);
    expect([1, 5, 7, 8, 30].map(backoffMs)).toEqual([1000, 16_000, 60_000, 60_000, 60_000]);
  });

  it('a waiting task is tried at once when the inspector comes back or the server answers again', async () => {
    let calls = 0;
    let clock = 1_000_000;
    await saveProcess(process('p1', [task('a', 'UNDEFINED', { subtype: 'file' })]));
    const { done } = start(
      {
        file: {
          async execute() {
            if (++calls === 1) throw new Error('no response');
          },
        },
      },
      { now: () => clock, retryDelayMs: () => 60_000 },
    );
    await until(() => calls === 1);
    await new Promise((r) => setTimeout(r, 100));
    runner!.kick();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(1); // waits its minute
    clock += 1000;
    noteServerSilent();
    noteServerAnswered(200);
    await until(() => done.length === 1);
    expect(calls).toBe(2);
  });

});

describe('transfer slots', () => {
  it('serves the highest priority first, then in arrival order', async () => {
    const slots = new PrioritySlots(1);
    const order: string[] = [];
    const first = await slots.acquire(0);
    const take = (name: string, priority: number) =>
      slots.acquire(priority).then((release) => {
        order.push(name);
        release();
      });
    const waits = [take('old', 1), take('new', 5), take('old2', 1)];
    first();
    await Promise.all(waits);
    expect(order).toEqual(['new', 'old', 'old2']);
  });
});
