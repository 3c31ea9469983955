/**
 * One request/reply channel to a dedicated worker, started on first use. Each request carries an id;
 * the worker answers `{ id, reply }`. When the worker cannot start (script not cached, no Worker in
 * this browser), every call answers null and later calls do too: the caller then does the work itself.
 */
export interface WorkerRequest<Req> {
  id: number;
  req: Req;
}
interface WorkerReply<Rep> {
  id: number;
  reply: Rep;
}

export type WorkerCall<Req, Rep> = (req: Req, transfer?: Transferable[]) => Promise<Rep | null>;

/** `start` must hold the literal `new Worker(new URL('./x.worker.ts', import.meta.url), …)`, so the bundler finds the script. */
export function workerCall<Req, Rep>(start: () => Worker, usable: () => boolean = () => typeof Worker !== 'undefined'): WorkerCall<Req, Rep> {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 1;
  const pending = new Map<number, (reply: Rep | null) => void>();

  function open(): Worker {
    if (worker) return worker;
    const w = start();
    w.addEventListener('message', (e: MessageEvent<WorkerReply<Rep>>) => {
      const resolve = pending.get(e.data.id);
      if (!resolve) return;
      pending.delete(e.data.id);
      resolve(e.data.reply);
    });
    w.addEventListener('error', () => {
      broken = true;
      worker = null;
      w.terminate();
      for (const resolve of pending.values()) resolve(null);
      pending.clear();
    });
    worker = w;
    return w;
  }

  return (req, transfer = []) => {
    if (broken || !usable()) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      try {
        open().postMessage({ id, req } satisfies WorkerRequest<Req>, transfer);
      } catch {
        broken = true;
        pending.delete(id);
        resolve(null);
      }
    });
  };
}

/** The worker side: answers each request with what `handle` returns. */
export function serveWorkerCalls<Req, Rep>(handle: (req: Req) => Promise<{ reply: Rep; transfer?: Transferable[] }>) {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  scope.addEventListener('message', (e: MessageEvent<WorkerRequest<Req>>) => {
    const { id, req } = e.data;
    void handle(req).then(({ reply, transfer = [] }) => scope.postMessage({ id, reply } satisfies WorkerReply<Rep>, transfer));
  });
}
