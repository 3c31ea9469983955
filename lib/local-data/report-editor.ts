/**
 * One tab edits a report at a time (docs/decisions.md "Two tabs on one report"). The
 * tab showing a report takes its editor lock (Web Locks) if it is free; another tab showing the same
 * report reads it, following every stored edit, and can take over: the editing tab stores its pending
 * edits, then hands the lock over, and the new editor reads the report as stored before editing it.
 *
 * Without Web Locks (older browsers) every tab edits, as before.
 */
import { flushEdits, reloadReports } from './reports-store';

export type EditorState = 'editing' | 'elsewhere' | 'taking';

/** A tab that asked to take over but got no answer (frozen in the background) has the lock taken from it after this. */
const TAKE_OVER_WAIT_MS = 3000;

type Message = { type: 'take'; reportId: number } | { type: 'free'; reportId: number };

/** How often a reading tab checks whether the report became free (its editor closed without a word). */
const FREE_CHECK_MS = 2000;

const lockName = (reportId: number) => `pir-report-editor:${reportId}`;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pir-report-editor');
/** Holders in this tab: a BroadcastChannel does not hear its own messages, so they are told directly. */
const inThisTab = new Set<(m: Message) => void>();

function post(m: Message, from: (m: Message) => void) {
  channel?.postMessage(m);
  for (const l of inThisTab) if (l !== from) queueMicrotask(() => l(m));
}

/**
 * Holds the editor lock of a report while the returned function is not called, telling `onState`
 * how this tab stands. `takeOver` asks the editing tab to hand the report over.
 */
export function holdReportEditor(reportId: number, onState: (s: EditorState) => void): { takeOver: () => void; leave: () => void } {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    onState('editing');
    return { takeOver: () => {}, leave: () => {} };
  }
  const name = lockName(reportId);
  let left = false;
  let release: (() => void) | null = null;
  let waiting: AbortController | null = null;

  const held = async () => {
    if (left) return;
    onState('editing');
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const lost = () => {
    release = null;
    if (!left) onState('elsewhere');
  };
  // The lock taken from this tab (another tab stole it): the request's promise rejects.
  const request = (options: LockOptions) =>
    locks
      .request(name, options, async (lock) => {
        // Not granted: another tab holds it, unless this tab does (a check that crossed a take-over).
        if (!lock) return release ? undefined : lost();
        await held();
        lost();
      })
      .catch(() => lost());

  const handOver = async () => {
    if (!release) return;
    // What this tab typed is stored before the other tab reads the report.
    await flushEdits();
    const r = release as () => void;
    release = null;
    r();
  };

  const tryFree = () => {
    if (!release && !waiting && !left) void request({ ifAvailable: true });
  };
  const onLocal = (m: Message) => {
    if (m.reportId !== reportId) return;
    if (m.type === 'take') void handOver();
    else tryFree();
  };
  const onMessage = (e: MessageEvent<Message>) => onLocal(e.data);
  channel?.addEventListener('message', onMessage);
  inThisTab.add(onLocal);
  const onHide = () => {
    if (release) {
      void flushEdits();
      post({ type: 'free', reportId }, onLocal);
    }
  };
  window.addEventListener('pagehide', onHide);
  // An editing tab that closed without a word (killed) frees the lock: a reading tab takes it.
  const check = setInterval(tryFree, FREE_CHECK_MS);

  void request({ ifAvailable: true });

  return {
    takeOver: () => {
      if (release || waiting || left) return;
      onState('taking');
      const ask = new AbortController();
      waiting = ask;
      let granted = false;
      const take = (options: LockOptions) =>
        locks.request(name, options, async () => {
          granted = true;
          // The other tab's last edits, as stored. `waiting` stays set until this tab edits, so that
          // the check for a free report does not run in between.
          await reloadReports([reportId]);
          waiting = null;
          await held();
          lost();
        });
      take({ signal: ask.signal }).catch((e: unknown) => {
        if (ask.signal.aborted && !granted && !left) {
          // No answer: the tab holding the report is frozen or gone without a word. Its edits up to
          // its last write are stored; the report is read as stored.
          take({ steal: true }).catch(() => lost());
          return;
        }
        if (!(e instanceof DOMException && e.name === 'AbortError')) lost();
      });
      post({ type: 'take', reportId }, onLocal);
      setTimeout(() => {
        if (!granted && waiting === ask) ask.abort();
      }, TAKE_OVER_WAIT_MS);
    },
    leave: () => {
      left = true;
      clearInterval(check);
      channel?.removeEventListener('message', onMessage);
      inThisTab.delete(onLocal);
      window.removeEventListener('pagehide', onHide);
      waiting?.abort();
      if (release) {
        void handOver().then(() => post({ type: 'free', reportId }, onLocal));
      }
    },
  };
}
