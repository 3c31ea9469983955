/**
 * The durable task runner (SPEC §4) over any mix of processes, any transient failures (no answer,
 * a 5xx, a reply lost after the server committed) and a crash at any request (fast-check): every
 * task ends once, RESOLVED or REJECTED; the server's idempotency log never sees a task the tablet
 * already knew was done; one report's processes run and complete in order.
 *
 * A crash is a new world: the tab's modules, its query cache and its IndexedDB connection are
 * dropped, and a new runner starts on what was stored. The old world's late writes land in its own
 * (dead) database, as a killed tab's never land at all.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { ApiError } from '@/lib/api/errors';
import { handlers as lifecycleHandlers, isTransient } from '@/lib/tasks/handlers';
import { processStatus } from '@/lib/tasks/model';
import type { TaskHandler, TaskRunner } from '@/lib/tasks/runner';
import { task } from './fixtures/report';

type Fault = 'ok' | 'network' | '5xx' | 'dropped' | 'refused';
type Kind = 'claim' | 'extended' | 'file' | 'save' | 'upload' | 'verify';

/** A process as the lifecycle builds them: a preparation (claim, details, files) or a submission (save, uploads, verify). */
const processPlan = fc.record({
  subject: fc.integer({ min: 1, max: 3 }),
  type: fc.constantFrom('prepare', 'submit'),
  files: fc.integer({ min: 0, max: 4 }),
});

const scenario = fc.record({
  processes: fc.array(processPlan, { minLength: 1, maxLength: 4 }),
  // What the server does with the n-th request it receives (then every later one is answered).
  faults: fc.array(fc.constantFrom<Fault>('ok', 'ok', 'network', '5xx', 'dropped', 'refused'), { maxLength: 14 }),
  // The tab dies while the n-th request is on its way (whether the server committed it: the fault says).
  crashes: fc.uniqueArray(fc.integer({ min: 1, max: 24 }), { maxLength: 2 }),
});

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

function build(plans: ValueOf<typeof processPlan>[]): ProcessRecord[] {
  return plans.map((p, n) => {
    const uid = `p${n}`;
    const kinds: Kind[] = p.type === 'prepare' ? ['claim', 'extended', ...Array<Kind>(p.files).fill('file')] : ['save', ...Array<Kind>(p.files).fill('upload'), 'verify'];
    const tasks = kinds.map((kind, i) => task(`${uid}-${i}-${kind}`, 'UNDEFINED', { subtype: kind, subject: p.subject, type: p.type }));
    // Distinct times: the runner orders one report's processes by creation.
    return { type: p.type, subject: p.subject, uid, description: `process.${p.type}`, tasks, createdAt: new Date(Date.UTC(2026, 10, 21, 10, 0, n)).toISOString() };
  });
}

/** A tab: fresh modules (stores, cache, runner) over a fresh IndexedDB holding what the last tab stored. */
interface World {
  runner: TaskRunner;
  alive: boolean;
  /** requests of this world still waiting when it died: ended once the crash is taken */
  hung: (() => void)[];
  /** tasks this world was told the server did (a second success would be work done twice) */
  succeeded: Set<string>;
  /** tasks stored completed, resolved or rejected when this world started: never sent again */
  doneAtStart: Set<string>;
  processes(): ProcessRecord[];
  stored(): Promise<{ processes: ProcessRecord[]; completed: string[] }>;
}

interface Server {
  requests: { uid: string; process: string; world: number }[];
  committed: Map<string, number>;
  faults: Fault[];
  crashes: Set<number>;
  violations: string[];
}

const policyOf = (kind: string) => {
  const { execute: _e, resolve: _r, ...policy } = lifecycleHandlers[kind]!;
  return policy;
};

async function openWorld(server: Server, index: number, start: { processes: ProcessRecord[]; completed: string[] }): Promise<World> {
  (globalThis as { indexedDB: IDBFactory }).indexedDB = new IDBFactory();
  vi.resetModules();
  const cache = await import('@/lib/local-data/cache');
  const { createAppRuntime } = await import('@/lib/app/runtime');
  const { db } = await import('@/lib/local-data/db');
  const runnerModule = await import('@/lib/tasks/runner');
  const client = new QueryClient();
  createAppRuntime(client);
  const d = await db();
  for (const p of start.processes) await d.put('processes', p);
  await d.put('meta', start.completed, 'completed');
  client.setQueryData(cache.localKeys.processes, start.processes);

  const world: World = {
    runner: null as unknown as TaskRunner,
    alive: true,
    hung: [],
    succeeded: new Set(),
    doneAtStart: new Set(start.processes.flatMap((p) => p.tasks.filter((t) => ['COMPLETED', 'RESOLVED', 'REJECTED'].includes(t.status)).map((t) => t.uid))),
    processes: () => client.getQueryData<ProcessRecord[]>(cache.localKeys.processes) ?? [],
    stored: async () => ({ processes: await d.getAll('processes'), completed: ((await d.get('meta', 'completed')) as string[] | undefined) ?? [] }),
  };
  /** A dead tab does nothing more: its pending work waits until the crash is taken, then fails into its dead database. */
  const hang = () => new Promise<never>((_, reject) => world.hung.push(() => reject(new Error('the tab is gone'))));
  /** The end of a process in a dead tab: never (nothing of it to clean up). */
  const never = () => new Promise<never>(() => {});

  const execute = async (t: Task): Promise<unknown> => {
    if (!world.alive) return hang();
    // Seen by the test, not thrown: the runner would take a throw for a failed request.
    if (world.doneAtStart.has(t.uid)) server.violations.push(`${t.uid} was stored as done, yet sent again`);
    const n = server.requests.push({ uid: t.uid, process: t.uid.split('-')[0]!, world: index });
    const fault = server.faults[n - 1] ?? 'ok';
    const known = server.committed.has(t.uid);
    const commit = () => server.committed.set(t.uid, (server.committed.get(t.uid) ?? 0) + (known ? 0 : 1));
    if (server.crashes.has(n)) {
      if (fault === 'ok' || fault === 'dropped') commit();
      world.alive = false;
      return hang();
    }
    // The server answers a key it knows with the reply it stored (idempotency), whatever it would say now.
    if (fault === 'network') throw new ApiError('no-response', 'no response', t.url);
    if (fault === '5xx') throw new ApiError('response', 'unavailable', t.url, 503);
    if (fault === 'refused' && !known) throw new runnerModule.FinalError('error.claim', { status: 409 });
    commit();
    if (fault === 'dropped') throw new ApiError('no-response', 'no response', t.url);
    if (world.succeeded.has(t.uid)) server.violations.push(`${t.uid} done twice by one tab`);
    world.succeeded.add(t.uid);
    return { ok: t.uid };
  };
  const handlers: Record<string, TaskHandler> = Object.fromEntries(
    (['claim', 'extended', 'file', 'save', 'upload', 'verify'] as const).map((kind) => [
      kind,
      {
        ...policyOf(kind),
        execute,
        // Applying a result on the tablet may run again after a crash between completed and resolved.
        ...(lifecycleHandlers[kind]!.resolve ? { resolve: async () => (world.alive ? undefined : hang()) } : {}),
      },
    ]),
  );
  world.runner = new runnerModule.TaskRunner({
    handlers,
    canRun: () => world.alive,
    // As the app's: the outcome and the process's removal in one transaction, so it happens once.
    onComplete: async (p) => {
      if (!world.alive) return never();
      const tx = d.transaction(['processes', 'meta'], 'readwrite');
      const done = ((await tx.objectStore('meta').get('completed')) as string[] | undefined) ?? [];
      await Promise.all([tx.objectStore('meta').put([...done, p.uid], 'completed'), tx.objectStore('processes').delete(p.uid), tx.done]);
      client.setQueryData<ProcessRecord[]>(cache.localKeys.processes, (l = []) => l.filter((x) => x.uid !== p.uid));
    },
    onRejected: async () => (world.alive ? undefined : never()),
    now: () => Date.now(),
    retryDelayMs: () => 0,
  });
  world.runner.start();
  return world;
}

/**
 * Nothing left to run: no task is on its way (a rejected task's siblings may still be running), and
 * every process still here is rejected, or waits behind a rejected one of its report.
 */
function settled(processes: ProcessRecord[]): boolean {
  if (processes.some((p) => p.tasks.some((t) => t.status === 'REGISTERED'))) return false;
  const rejected = processes.filter((p) => processStatus(p.tasks) === 'REJECTED');
  return processes.every((p) => rejected.includes(p) || rejected.some((r) => r.subject === p.subject && r.createdAt < p.createdAt));
}

async function run(plan: ValueOf<typeof scenario>) {
  const processes = build(plan.processes);
  const server: Server = { requests: [], committed: new Map(), faults: plan.faults, crashes: new Set(plan.crashes), violations: [] };
  let world = await openWorld(server, 0, { processes, completed: [] });
  const end = Date.now() + 10_000;
  for (let worlds = 1; ; ) {
    if (Date.now() > end) throw new Error(`not settled: ${JSON.stringify(world.processes().map((p) => p.tasks.map((t) => t.status)))}`);
    if (!world.alive) {
      // The crash: what the dead tab stored is all the next one finds.
      const stored = await world.stored();
      world.runner.stop();
      world.hung.forEach((kill) => kill());
      world = await openWorld(server, worlds++, stored);
      continue;
    }
    if (settled(world.processes())) break;
    await new Promise((r) => setTimeout(r, 2));
    world.runner.kick();
  }
  world.runner.stop();
  return { processes, server, final: await world.stored() };
}

beforeEach(() => {
  // Tabs of different worlds must not hear each other.
  vi.stubGlobal('BroadcastChannel', undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('task runner over any processes, failures and crash', () => {
  it('the faults the fake server makes are ones the lifecycle retries', () => {
    expect(isTransient(new ApiError('no-response', 'no response', '/x'))).toBe(true);
    expect(isTransient(new ApiError('response', 'unavailable', '/x', 503))).toBe(true);
  });

  it('ends every task once, never sends again what was done, and runs one report\'s processes in order', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (plan) => {
        const { processes, server, final } = await run(plan);
        expect(server.violations).toEqual([]);
        const left = new Map(final.processes.map((p) => [p.uid, p]));
        // Each process completed once (its removal and outcome are one write), or is still here.
        expect(new Set(final.completed).size).toBe(final.completed.length);
        for (const p of processes) expect(final.completed.includes(p.uid)).not.toBe(left.has(p.uid));

        for (const p of processes) {
          const here = left.get(p.uid);
          if (!here) {
            // Completed: every task was done by the server, exactly once.
            for (const t of p.tasks) expect(server.committed.get(t.uid), t.uid).toBe(1);
            continue;
          }
          if (processStatus(here.tasks) === 'REJECTED') {
            // Rejected: nothing of it still under way. A task the server did but the tab died before
            // applying stays completed: applied if the inspector retries, dropped with the process if not.
            for (const t of here.tasks) expect(['UNDEFINED', 'COMPLETED', 'RESOLVED', 'REJECTED']).toContain(t.status);
          } else {
            // Waiting behind a rejected process of its report: never started.
            expect(server.requests.some((r) => r.process === p.uid), `${p.uid} ran behind a rejected process`).toBe(false);
          }
        }

        // One report's processes: every request of an older one before any of a newer one, and completed in that order.
        for (const subject of new Set(processes.map((p) => p.subject))) {
          const mine = processes.filter((p) => p.subject === subject).map((p) => p.uid);
          const sent = server.requests.filter((r) => mine.includes(r.process)).map((r) => mine.indexOf(r.process));
          expect(sent).toEqual([...sent].sort((a, b) => a - b));
          const completed = final.completed.filter((uid) => mine.includes(uid));
          expect(completed).toEqual(mine.slice(0, completed.length));
        }
      }),
      { numRuns: 100 },
    );
  });
});
