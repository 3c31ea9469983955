// Injected before any page script (context.addInitScript): light instruments the benchmarks read
// through `window.__bench`. Plain JavaScript: it runs in the page as written.
(() => {
  // tsx compiles the benchmarks with esbuild's keepNames, whose helper the page does not have.
  if (typeof globalThis.__name !== 'function') globalThis.__name = (f) => f;
  if (typeof window === 'undefined' || window.__bench) return;

  const b = {
    /** IndexedDB writes: {db, store, op, key, status, bytes, t, done} (done: the transaction's complete time) */
    idb: [],
    /** localStorage writes: {key, bytes, t} */
    ls: [],
    /** long tasks: {start, duration} */
    longtasks: [],
    /** keystroke to the frame that shows it, ms */
    keys: [],
    trackKeys: false,
    /**
     * Whether IndexedDB writes are sized (`bytes`). Off unless a benchmark asks: sizing walks every
     * value written, which the timed benchmarks (a preparation writes its process 90 times) would
     * count as the app's time.
     */
    countBytes: false,
    /** when timers of a given delay fired last (the search debounce is a 500 ms timer) */
    timerFired: {},
    /** first report list (or bare page) painted: {t, cards} */
    firstList: null,
  };
  window.__bench = b;

  // ----------------------------------------------------------- sizes (structured-clone estimate)
  const sizeOf = (v, depth = 0) => {
    if (v === null || v === undefined) return 1;
    switch (typeof v) {
      case 'string':
        return v.length;
      case 'number':
        return 8;
      case 'boolean':
        return 1;
      case 'object': {
        if (v instanceof ArrayBuffer) return v.byteLength;
        if (ArrayBuffer.isView(v)) return v.byteLength;
        if (v instanceof Blob) return v.size;
        if (depth > 40) return 0;
        let n = 2;
        if (Array.isArray(v)) {
          for (const x of v) n += sizeOf(x, depth + 1) + 1;
          return n;
        }
        for (const k of Object.keys(v)) n += k.length + sizeOf(v[k], depth + 1) + 2;
        return n;
      }
      default:
        return 0;
    }
  };
  b.sizeOf = sizeOf;

  // ----------------------------------------------------------- IndexedDB writes
  if (typeof IDBObjectStore !== 'undefined') {
    const txDone = new WeakMap();
    const wrap = (op) => {
      const orig = IDBObjectStore.prototype[op];
      IDBObjectStore.prototype[op] = function (value, key) {
        const entry = {
          db: this.transaction.db.name,
          store: this.name,
          op,
          key: op === 'delete' ? String(value) : undefined,
          id: op === 'put' || op === 'add' ? (value && typeof value === 'object' && 'id' in value ? value.id : key) : undefined,
          status: value && typeof value === 'object' && typeof value.status === 'string' ? value.status : undefined,
          bytes: op === 'delete' || !b.countBytes ? 0 : sizeOf(value),
          t: performance.now(),
          done: null,
        };
        b.idb.push(entry);
        const tx = this.transaction;
        let list = txDone.get(tx);
        if (!list) {
          list = [];
          txDone.set(tx, list);
          tx.addEventListener('complete', () => {
            const now = performance.now();
            for (const e of list) e.done = now;
          });
        }
        list.push(entry);
        return orig.apply(this, arguments);
      };
    };
    wrap('put');
    wrap('add');
    wrap('delete');
  }

  // ----------------------------------------------------------- localStorage writes
  try {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this === window.localStorage) b.ls.push({ key, bytes: String(key).length + String(value).length, t: performance.now() });
      return setItem.apply(this, arguments);
    };
  } catch {
    // storage blocked
  }

  // ----------------------------------------------------------- timers (debounce end)
  const setT = window.setTimeout;
  window.setTimeout = function (fn, delay, ...rest) {
    if (typeof fn === 'function' && typeof delay === 'number' && delay >= 100) {
      const wrapped = function () {
        b.timerFired[delay] = performance.now();
        return fn.apply(this, arguments);
      };
      return setT.call(window, wrapped, delay, ...rest);
    }
    return setT.call(window, fn, delay, ...rest);
  };

  // ----------------------------------------------------------- long tasks
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // not supported
  }

  /** Calls back once the frame after now has been presented (rAF, then a task). */
  const afterNextFrame = (cb) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => cb(performance.now());
      ch.port2.postMessage(0);
    });
  b.afterNextFrame = () => new Promise((resolve) => afterNextFrame(resolve));

  // ----------------------------------------------------------- keystroke → painted
  document.addEventListener(
    'keydown',
    () => {
      if (!b.trackKeys) return;
      const t0 = performance.now();
      afterNextFrame((t1) => b.keys.push(t1 - t0));
    },
    true,
  );

  // ----------------------------------------------------------- first list painted (start-up)
  const LIST = '[data-testid="report-card"], #bench-bare';
  if (/^\/(reports\/?|bench-bare\.html)?$/.test(location.pathname)) {
    const check = () => {
      if (b.firstList) return true;
      const found = document.querySelectorAll(LIST);
      if (found.length === 0) return false;
      b.firstList = { t: null, cards: found.length };
      afterNextFrame((t) => {
        b.firstList.t = t;
        b.firstList.cardsThen = document.querySelectorAll(LIST).length;
      });
      return true;
    };
    const mo = new MutationObserver(() => {
      if (check()) mo.disconnect();
    });
    mo.observe(document, { childList: true, subtree: true });
  }
})();
