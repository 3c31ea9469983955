/**
 * Garbage collection pauses of a page's main thread, from a Chrome trace of V8's GC category (cheap:
 * nothing but the collections are recorded). The Event Timing and Long Animation Frames APIs do not
 * see them: an interaction held up by one shows an input delay and no script.
 */
import fs from 'node:fs';

/**
 * What to record: V8's collections, Blink's (Oilpan, cppgc: the DOM's own heap, collected in the same
 * pause), and the page's own marks (to put the trace on the page's clock).
 */
export const GC_TRACE_CATEGORIES = ['disabled-by-default-v8.gc', 'cppgc', 'disabled-by-default-cppgc', 'blink.user_timing'];

/**
 * Blink's custom weak callbacks, run inside a major pause (cppgc's atomic weak phase): where the long
 * major pauses spend their time (146–382 ms of pauses of 188–451 ms at CPU 4×), not in V8's own phases.
 */
const BLINK_WEAK_CALLBACKS = 'CppGC.CustomCallbacksProcessing';

/** The mark the page makes once tracing runs; its trace time and its performance.now() align the clocks. */
export const CLOCK_MARK = 'pir-bench-clock';

export interface GcPause {
  kind: 'major' | 'minor';
  /** on the page's clock (performance.now), ms */
  start: number;
  duration: number;
  /** of the duration, Blink's custom weak callbacks (a major pause only), ms */
  blinkWeak: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The pauses on the main thread of the renderer that made the clock mark at `markedAt` (its performance.now()). */
export function gcPauses(traceFile: string, markedAt: number): GcPause[] {
  const parsed = JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mark = events.find((e) => e.name === CLOCK_MARK);
  if (!mark) return [];
  const offset = mark.ts / 1000 - markedAt;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.pid === mark.pid && (!main || e.tid === main.tid) && e.ph === 'X');
  const weak = onMain.filter((e) => e.name === BLINK_WEAK_CALLBACKS);
  return onMain
    .filter((e) => e.name === 'V8.GC_MARK_COMPACTOR' || e.name === 'V8.GC_SCAVENGER')
    .map((e) => {
      const end = e.ts + (e.dur ?? 0);
      const blinkWeak = weak.filter((w) => w.ts >= e.ts && w.ts <= end).reduce((sum, w) => sum + (w.dur ?? 0), 0) / 1000;
      return { kind: e.name === 'V8.GC_MARK_COMPACTOR' ? ('major' as const) : ('minor' as const), start: e.ts / 1000 - offset, duration: (e.dur ?? 0) / 1000, blinkWeak };
    });
}

/** The pauses of 10 ms or more between `from` and `to`, one phrase each ('' when none). */
export function gcDuring(pauses: GcPause[], from: number, to: number, fmt: (ms: number) => string): string {
  return pauses
    .filter((p) => p.duration >= 10 && p.start + p.duration >= from && p.start <= to)
    .map((p) => `${p.kind} GC pause ${fmt(p.duration)}${p.blinkWeak >= 10 ? ` (Blink's weak callbacks ${fmt(p.blinkWeak)})` : ''}`)
    .join(', ');
}

/**
 * All the pauses of one kind: how many, their total and the longest, and for the major ones the share
 * of Blink's weak callbacks ("8 major pauses, 1.10 s in all, longest 357 ms, Blink's weak callbacks 700 ms of it").
 */
export function gcSummary(pauses: GcPause[], kind: GcPause['kind'], fmt: (ms: number) => string): string {
  const of = pauses.filter((p) => p.kind === kind);
  const total = of.reduce((sum, p) => sum + p.duration, 0);
  const longest = Math.max(0, ...of.map((p) => p.duration));
  const weak = of.reduce((sum, p) => sum + p.blinkWeak, 0);
  return `${of.length} ${kind} pauses, ${fmt(total)} in all, longest ${fmt(longest)}${kind === 'major' ? `, Blink's weak callbacks ${fmt(weak)} of it` : ''}`;
}
