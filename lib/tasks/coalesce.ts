/**
 * Items that arrive close together, handed over as one batch: the lifecycle's "ready" events of
 * several reports prepared at once (a sign-in, claims in a row) make one toast, not one each.
 * A batch goes `quietMs` after its last item, and at the latest `maxMs` after its first (a steady
 * trickle is still told). Uses the clock and timers only; the caller says what a batch becomes.
 */
const COALESCE_QUIET_MS = 1000;
const COALESCE_MAX_MS = 5000;

export interface Coalescer<T> {
  push(item: T): void;
  /** hands over what is waiting now (nothing when empty) */
  flush(): void;
  /** drops what is waiting */
  cancel(): void;
}

export function coalesce<T>(handle: (batch: T[]) => void, opts: { quietMs?: number; maxMs?: number } = {}): Coalescer<T> {
  const quietMs = opts.quietMs ?? COALESCE_QUIET_MS;
  const maxMs = opts.maxMs ?? COALESCE_MAX_MS;
  let batch: T[] = [];
  let first = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    stop();
    const out = batch;
    batch = [];
    if (out.length) handle(out);
  };
  return {
    push(item) {
      const now = Date.now();
      if (batch.length === 0) first = now;
      batch.push(item);
      stop();
      timer = setTimeout(flush, Math.max(0, Math.min(quietMs, first + maxMs - now)));
    },
    flush,
    cancel() {
      stop();
      batch = [];
    },
  };
}
