/**
 * The task runner (SPEC §4 processes and tasks), made durable:
 * - a task's REGISTERED state is stored before its request goes out, so a task in flight when the
 *   tab dies is found again (its liveness counter stops: rejected `stopped`, then retried);
 * - one report's tasks run in order (file transfers, and the extended info before them, in a small
 *   window), reports side by side;
 * - a failure the server did not mean (no reply, 5xx, a cut body) is retried for as long as it takes,
 *   at most a minute apart, and at once when the server answers again or the inspector comes back
 *   to the app; only a refusal the server means (FinalError) rejects the task and its process;
 * - only one tab runs the queue (Web Locks, or a lease where a browser lacks them); the others show
 *   the stored progress.
 */
import type { Task } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { allProcesses, announceProcesses, saveProcess, showProcess, storeProcess } from '@/lib/local-data/processes-store';
import { applyTaskEvent, isProcessComplete, PENDING_CHECK_MS, processStatus, PROGRESS_SAVE_MS, stalledTasks, STOPPED, type TaskEvent } from './model';
import { setBusy } from '@/lib/app/busy';
import { onServerReach } from '@/lib/api/server-reach';
import { holdQueueLock } from './queue-lock';

/** Raised by an executor for a failure that retrying will not mend (a refused claim, a 4xx). */
export class FinalError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Raised when the session is gone: the task waits for the next login without losing an attempt. */
export class PausedError extends Error {}

interface ExecContext {
  process: ProcessRecord;
  signal: AbortSignal;
  /** 0..1 share of this task's transfer done */
  progress(share: number): void;
  /**
   * The network part is over (the bytes are here): the transfer slot goes to the next file while
   * this one is still being stored, so the connections never wait on IndexedDB.
   */
  transferred(): void;
}

/**
 * What a kind of task does, and how the runner schedules it. The runner knows no kind by name: the
 * lifecycle's rules (which tasks run side by side, which stop the others) are in these descriptors.
 */
export interface TaskHandler {
  /** does the network part; its result is stored on the task (COMPLETED) */
  execute(task: Task, ctx: ExecContext): Promise<unknown>;
  /** applies the result on the tablet (RESOLVED); runs again after a crash between the two */
  resolve?(task: Task, result: unknown, process: ProcessRecord): Promise<void>;
  /** consecutive tasks of one batch name run side by side, in a small window; without one, alone and in order */
  batch?: string | ((task: Task) => string | undefined);
  /** holds one of the TRANSFER_SLOTS shared by every report while it runs */
  transfer?: boolean;
  /** refused for good, it stops the tasks of its batch; while it is on its way the batch stays narrow (BESIDE_A_CLAIM) */
  stopsItsBatch?: boolean;
  /**
   * its registration and progress are stored with the next progress write, not at once: nothing of it
   * is kept before it ends (a download), so a crash only runs it again
   */
  storedLazily?: boolean;
  /** the app shows it is sending while this runs (SPEC §9: leaving the page warns) */
  sends?: boolean;
}

export interface RunnerDeps {
  handlers: Record<string, TaskHandler>;
  canRun(): boolean;
  /** every task of the process is resolved (or ignored): apply the outcome, then the process is deleted */
  onComplete(process: ProcessRecord): Promise<void>;
  /** a task was rejected for good */
  onRejected(process: ProcessRecord): Promise<void>;
  /** runs at every check (every 5 s and on every trigger) */
  onPass?(): Promise<void>;
  /** a task failed and will be retried (for logs and tests) */
  onRetry?(task: Task, error: unknown): void;
  now(): number;
  /** wait before the n-th automatic retry (default: backoffMs) */
  retryDelayMs?(attempts: number): number;
}

/** The longest wait between two automatic attempts: work waiting for the server never gives up by itself. */
const MAX_RETRY_DELAY_MS = 60_000;
/**
 * Files of a report being handled at once (requested, or arrived and being stored). More than
 * TRANSFER_SLOTS, so that while some files are written to IndexedDB others use their slots; each
 * one holds its bytes in memory until stored.
 */
export const FILE_WINDOW = 12;
/** File requests in flight across all reports; the newest process goes first (the inspector's latest action). */
export const TRANSFER_SLOTS = 8;
/** Tasks of a batch run at once while its claim is on its way: the claim, the extended info and 3 files. */
export const BESIDE_A_CLAIM = 5;

/** A counting semaphore whose waiters are served by priority (higher first), then in arrival order. */
export class PrioritySlots {
  private free: number;
  private waiting: { priority: number; seq: number; grant: () => void }[] = [];
  private seq = 0;
  constructor(size: number) {
    this.free = size;
  }
  async acquire(priority: number): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
    } else {
      await new Promise<void>((grant) => {
        this.waiting.push({ priority, seq: this.seq++, grant });
        this.waiting.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.free++;
    };
  }
}
const ALIVE_MS = 1000;
/** Progress on screen: smooth enough for a bar, cheap enough for 4 streams at once. */
const PROGRESS_SHOW_MS = 150;

interface RetryState {
  attempts: number;
  retryAt: number;
  /** when the last attempt failed */
  failedAt: number;
  lastError: string | null;
}

export function retryState(t: Task): RetryState {
  const d = t.completionDetails as Partial<RetryState> | null;
  return { attempts: d?.attempts ?? 0, retryAt: d?.retryAt ?? 0, failedAt: d?.failedAt ?? 0, lastError: d?.lastError ?? null };
}

export function backoffMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, attempts - 1));
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class TaskRunner {
  private readonly running = new Map<number, Promise<void>>();
  private readonly inFlight = new Set<string>();
  private readonly controllers = new Map<number, AbortController>();
  private lastSeen = new Map<string, number>();
  private active = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private saveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private passQueued = false;
  private readonly transfers = new PrioritySlots(TRANSFER_SLOTS);
  /** A task waiting for its retry that failed before this moment is tried at once. */
  private wokeAt = 0;

  constructor(private readonly deps: RunnerDeps) {}

  /** Starts running once this tab holds the queue lock (queue-lock.ts). */
  start(): void {
    const begin = () => {
      this.active = true;
      void this.recoverStopped().then(() => this.kick());
      this.timer = setInterval(() => this.kick(), PENDING_CHECK_MS);
      if (typeof window !== 'undefined') {
        // Added again after a lost lease is taken back: the same listener is added once.
        window.addEventListener('online', this.wake);
        document.addEventListener('visibilitychange', this.onVisible);
      }
    };
    // Any reply after none: the server is back, and what waits for it goes now rather than in a minute.
    onServerReach((now, before) => {
      if (now === 'reachable' && before === 'unreachable') this.wake();
    });
    holdQueueLock(begin, () => this.stop());
  }

  /** Stops checking (tests; a page keeps its runner for its whole life). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.active = false;
  }

  /** Whether this tab runs the queue (the others only show it). */
  get isLeader(): boolean {
    return this.active;
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.wake();
  };

  /** Tries at once what waits for a retry (the network or the server is back, the inspector is back). */
  readonly wake = () => {
    this.wokeAt = this.deps.now();
    this.kick();
  };

  readonly kick = () => {
    if (!this.active || this.passQueued) return;
    this.passQueued = true;
    queueMicrotask(() => {
      this.passQueued = false;
      void this.pass();
    });
  };

  /** Stops the work of one report (release, cancel submit) and waits for it to stop. */
  async cancel(subject: number): Promise<void> {
    this.controllers.get(subject)?.abort();
    await this.running.get(subject);
  }

  /** On taking the lock, every registered task belongs to a tab that is gone. */
  private async recoverStopped() {
    for (const p of allProcesses()) {
      if (p.tasks.some((t) => t.status === 'REGISTERED')) {
        const next = { ...p, tasks: p.tasks.map((t) => (t.status === 'REGISTERED' ? this.failed(t, new Error(STOPPED)) : t)) };
        await saveProcess(next);
      }
    }
  }

  private async pass() {
    await this.deps.onPass?.();
    const processes = [...allProcesses()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    // SPEC §4 liveness: a registered task whose counter stopped moving is rejected `stopped` (and retried).
    const seen = new Map<string, number>();
    for (const p of processes) {
      for (const t of p.tasks) seen.set(t.uid, t.iamAlive);
      // A process this tab runs is watched task by task (`inFlight`); what the screens show of it may
      // lag a moment behind, and a task that just ended there is not a stalled one.
      if (this.running.has(p.subject)) continue;
      const stalled = stalledTasks(p.tasks, this.lastSeen, this.inFlight);
      if (stalled.length) {
        const ids = new Set(stalled.map((t) => t.uid));
        await saveProcess({ ...p, tasks: p.tasks.map((t) => (ids.has(t.uid) ? this.failed(t, new Error(STOPPED)) : t)) });
      }
    }
    this.lastSeen = seen;

    for (const p of allProcesses()) {
      if (this.running.has(p.subject)) continue;
      if (isProcessComplete(p.tasks)) {
        this.track(p.subject, this.deps.onComplete(p));
        continue;
      }
      if (processStatus(p.tasks) === 'REJECTED') continue; // waits for the inspector: retry or ignore
      if (!this.deps.canRun()) continue;
      // One process per report at a time, oldest first.
      const first = allProcesses()
        .filter((x) => x.subject === p.subject)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
      if (first?.uid !== p.uid) continue;
      this.track(p.subject, this.runProcess(p.uid));
    }
  }

  private track(subject: number, work: Promise<void>) {
    const done = work
      .catch((e) => console.error('task runner', e))
      .finally(() => {
        this.running.delete(subject);
        this.controllers.delete(subject);
      });
    this.running.set(subject, done);
  }

  /**
   * The runner's own view of the processes it runs, ahead of the cache: parallel transfers update
   * one process, and each change must build on the previous one, not on what IndexedDB has
   * acknowledged so far (a lost "resolved" would download or upload the file again).
   */
  private latest = new Map<string, ProcessRecord>();
  private runningUids = new Set<string>();
  private showTimers = new Map<string, ReturnType<typeof setTimeout>>();

  private current(uid: string): ProcessRecord | undefined {
    return this.latest.get(uid) ?? allProcesses().find((p) => p.uid === uid);
  }

  /**
   * Shows a running process's state at most every PROGRESS_SHOW_MS: each showing re-renders the
   * lists, and a preparation changes state three times per file.
   */
  private showSoon(uid: string) {
    if (this.showTimers.has(uid)) return;
    this.showTimers.set(uid, setTimeout(() => this.showNow(uid), PROGRESS_SHOW_MS));
  }

  private showNow(uid: string) {
    const timer = this.showTimers.get(uid);
    if (timer) clearTimeout(timer);
    this.showTimers.delete(uid);
    const next = this.latest.get(uid);
    // Never bring back a process that ended meanwhile.
    if (next && allProcesses().some((p) => p.uid === uid)) {
      showProcess(next);
      announceProcesses();
    }
  }

  /** The run is over: its last state is shown, and the cache and IndexedDB hold the process from here on. */
  private forget(uid: string) {
    if (this.showTimers.has(uid)) this.showNow(uid);
    this.latest.delete(uid);
  }

  private async update(processUid: string, taskUid: string, e: TaskEvent | ((t: Task) => Task), persist = true) {
    const p = this.current(processUid);
    if (!p) return;
    const next = { ...p, tasks: p.tasks.map((t) => (t.uid === taskUid ? (typeof e === 'function' ? e(t) : applyTaskEvent(t, e)) : t)) };
    if (this.runningUids.has(processUid)) this.latest.set(processUid, next);
    if (persist) {
      this.cancelTimedSave(processUid);
      if (this.runningUids.has(processUid)) {
        // Stored before anything else happens; shown with the next progress showing.
        await storeProcess(next);
        this.showSoon(processUid);
      } else await saveProcess(next);
    } else {
      this.showSoon(processUid);
      // SPEC §4: progress saved every 300 ms.
      if (!this.saveTimers.has(processUid)) {
        this.saveTimers.set(
          processUid,
          setTimeout(() => {
            this.saveTimers.delete(processUid);
            const latest = this.current(processUid);
            if (latest && allProcesses().some((x) => x.uid === processUid)) void saveProcess(latest);
          }, PROGRESS_SAVE_MS),
        );
      }
    }
  }

  /** Drops a process's timed save; true when one was waiting. */
  private cancelTimedSave(processUid: string): boolean {
    const pending = this.saveTimers.get(processUid);
    if (!pending) return false;
    clearTimeout(pending);
    this.saveTimers.delete(processUid);
    return true;
  }

  /** Stores at once a running process's state that waits for its timed save. */
  private async storeNow(processUid: string) {
    if (!this.cancelTimedSave(processUid)) return;
    const latest = this.current(processUid);
    if (latest && allProcesses().some((x) => x.uid === processUid)) await storeProcess(latest);
  }

  /** A failure: rejected for good when the server meant it (FinalError), else tried again later. */
  private failed(t: Task, e: unknown): Task {
    const state = retryState(t);
    const attempts = state.attempts + 1;
    const message = messageOf(e);
    const failedAt = this.deps.now();
    if (e instanceof FinalError) {
      return applyTaskEvent({ ...t, completionDetails: { ...state, attempts, failedAt, lastError: message } }, { type: 'reject', message, details: e.details });
    }
    this.deps.onRetry?.(t, e);
    // Back to UNDEFINED with a time to try again: the process is still under way, not rejected.
    const retryAt = failedAt + (this.deps.retryDelayMs ?? backoffMs)(attempts);
    return { ...t, status: 'UNDEFINED', completion: 0, result: { message, details: null }, completionDetails: { attempts, retryAt, failedAt, lastError: message } };
  }

  private async runProcess(processUid: string) {
    this.runningUids.add(processUid);
    try {
      await this.runProcessTasks(processUid);
    } finally {
      this.runningUids.delete(processUid);
      this.forget(processUid);
    }
  }

  private async runProcessTasks(processUid: string) {
    const start = this.current(processUid);
    if (!start) return;
    const controller = new AbortController();
    this.controllers.set(start.subject, controller);

    let i = 0;
    while (i < start.tasks.length) {
      if (controller.signal.aborted || !this.deps.canRun()) return;
      const p = this.current(processUid);
      if (!p) return;
      // A batch: consecutive tasks of one batch name (the file transfers, with the claim and the
      // extended info just before them), or one other task.
      const batchOf = (t: Task) => {
        const batch = this.deps.handlers[t.subtype]?.batch;
        return typeof batch === 'function' ? batch(t) : batch;
      };
      const name = batchOf(p.tasks[i]!);
      let end = i + 1;
      if (name) while (end < p.tasks.length && batchOf(p.tasks[end]!) === name) end++;
      const batch = p.tasks.slice(i, end).map((t) => t.uid);
      const ok = await this.runBatch(processUid, batch, controller.signal);
      if (!ok) break;
      i = end;
    }
    const after = this.current(processUid);
    if (!after || controller.signal.aborted) return;
    if (isProcessComplete(after.tasks)) await this.deps.onComplete(after);
    else if (processStatus(after.tasks) === 'REJECTED') await this.deps.onRejected(after);
    else {
      // Waiting for a retry: look again when it is due.
      const due = Math.min(...after.tasks.filter((t) => t.status === 'UNDEFINED').map((t) => retryState(t).retryAt));
      if (Number.isFinite(due)) setTimeout(this.kick, Math.max(0, due - this.deps.now()) + 10);
    }
  }

  /** Runs a batch with a small window; true when every task of it ended resolved or ignored. */
  private async runBatch(processUid: string, uids: string[], signal: AbortSignal): Promise<boolean> {
    const queue = [...uids];
    const stop = new AbortController();
    const stopAll = () => stop.abort();
    signal.addEventListener('abort', stopAll, { once: true });
    const workers: Promise<void>[] = [];
    const widen = (n: number) => {
      while (workers.length < Math.min(n, uids.length)) workers.push(work());
    };
    const head = this.current(processUid)?.tasks.find((x) => x.uid === uids[0]);
    const stops = (t: Task | undefined) => Boolean(t && this.deps.handlers[t.subtype]?.stopsItsBatch);
    const claim = head && stops(head) && head.status !== 'RESOLVED' ? head.uid : null;
    const work = async () => {
      for (let uid = queue.shift(); uid !== undefined && !stop.signal.aborted; uid = queue.shift()) {
        await this.runTask(processUid, uid, stop.signal);
        const t = this.current(processUid)?.tasks.find((x) => x.uid === uid);
        if (t?.status === 'REJECTED' && stops(t)) stop.abort();
        if (uid === claim) widen(FILE_WINDOW);
      }
    };
    // Beside a claim on its way, fewer requests than the browser's six connections to a server: the
    // claim must never queue behind a download (a whole file on a slow link, past its 30 s timeout).
    widen(claim ? BESIDE_A_CLAIM : FILE_WINDOW);
    // Workers added meanwhile are waited for too.
    for (let n = 0; n < workers.length; ) {
      n = workers.length;
      await Promise.all(workers);
    }
    signal.removeEventListener('abort', stopAll);
    await this.storeNow(processUid);
    const p = this.current(processUid);
    return Boolean(p && uids.every((uid) => ['RESOLVED', 'IGNORED'].includes(p.tasks.find((t) => t.uid === uid)?.status ?? '')));
  }

  private async runTask(processUid: string, taskUid: string, signal: AbortSignal) {
    const p = this.current(processUid);
    const t = p?.tasks.find((x) => x.uid === taskUid);
    if (!p || !t) return;
    if (t.status === 'RESOLVED' || t.status === 'IGNORED' || t.status === 'REJECTED') return;
    const handler = this.deps.handlers[t.subtype];
    if (!handler) {
      await this.update(processUid, taskUid, { type: 'reject', message: `unknown task ${t.subtype}` });
      return;
    }
    if (t.status === 'COMPLETED') {
      await this.resolve(processUid, taskUid, handler);
      return;
    }
    const waits = retryState(t);
    if (waits.retryAt > this.deps.now() && waits.failedAt > this.wokeAt) return;

    const release = handler.transfer ? await this.transfers.acquire(Date.parse(p.createdAt) || 0) : () => {};
    if (signal.aborted) return release();
    try {
      await this.execute(processUid, taskUid, t, p, handler, signal, release);
    } finally {
      release();
    }
  }

  private async execute(processUid: string, taskUid: string, t: Task, p: ProcessRecord, handler: TaskHandler, signal: AbortSignal, transferred: () => void) {
    // Registered at once in memory, and stored while the request is on its way rather than before
    // it: every request is safe to send again (GETs, and POSTs carry the task's idempotency key),
    // so a crash before the write lands only sends it again. Its answer waits for the write. A
    // download's registration is stored with its progress (every PROGRESS_SAVE_MS) instead: nothing
    // of it is kept before it completes, so there is nothing to recover, and a preparation's 45
    // files would each write the whole process once more.
    const registered = this.update(processUid, taskUid, { type: 'register' }, !handler.storedLazily);
    registered.catch(() => undefined);
    this.inFlight.add(taskUid);
    const sending = Boolean(handler.sends);
    if (sending) setBusy(`task:${taskUid}`, 'upload');
    const alive = setInterval(() => void this.update(processUid, taskUid, { type: 'alive' }, false), ALIVE_MS);
    try {
      const result = await handler.execute(t, {
        process: p,
        signal,
        progress: (share) => void this.update(processUid, taskUid, { type: 'progress', completion: 5 + 90 * share }, false),
        transferred,
      });
      await registered;
      clearInterval(alive);
      if (handler.resolve) {
        await this.update(processUid, taskUid, { type: 'complete', result });
        await this.resolve(processUid, taskUid, handler);
      } else {
        // Nothing to apply after the request (a file already stored): completed and resolved in one
        // step. A download's is stored with the progress (every PROGRESS_SAVE_MS) and at the end of its
        // batch: its file is stored already, so a crash in between only downloads it again, and a
        // preparation's 45 files no longer write the whole process 45 times.
        await this.update(
          processUid,
          taskUid,
          (task) => applyTaskEvent(applyTaskEvent(task, { type: 'complete', result }), { type: 'resolve' }),
          !handler.storedLazily,
        );
      }
    } catch (e) {
      clearInterval(alive);
      await registered.catch(() => undefined);
      if (signal.aborted) return;
      if (e instanceof PausedError) {
        await this.update(processUid, taskUid, (task) => ({ ...task, status: 'UNDEFINED', completion: 0 }));
        return;
      }
      await this.update(processUid, taskUid, (task) => this.failed(task, e));
    } finally {
      this.inFlight.delete(taskUid);
      if (sending) setBusy(`task:${taskUid}`, null);
    }
  }

  private async resolve(processUid: string, taskUid: string, handler: TaskHandler) {
    const p = this.current(processUid);
    const t = p?.tasks.find((x) => x.uid === taskUid);
    if (!p || !t) return;
    try {
      await handler.resolve?.(t, t.result, p);
      await this.update(processUid, taskUid, { type: 'resolve' });
    } catch (e) {
      await this.update(processUid, taskUid, { type: 'reject', message: messageOf(e) });
    }
  }
}
