/**
 * Garbage collection pauses of a page's main thread, from a Chrome trace of V8's GC category (cheap:
 * nothing but the collections are recorded). The Event Timing and Long Animation Frames APIs do not
 * see them: an interaction held up by one shows an input delay and no script.
 */
import fs from 'node:fs';

/** What to record: the collections, and the page's own marks (to put the trace on the page's clock). */
export const GC_TRACE_CATEGORIES = ['disabled-by-default-v8.gc', 'blink.user_timing'];

/** The mark the page makes once tracing runs; its trace time and its performance.now() align the clocks. */
export const CLOCK_MARK = 'pir-bench-clock';

export interface GcPause {
  kind: 'major' | 'minor';
  /** on the page's clock (performance.now), ms */
  start: number;
  duration: number;
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
  return events
    .filter((e) => e.pid === mark.pid && (!main || e.tid === main.tid) && e.ph === 'X' && (e.name === 'V8.GC_MARK_COMPACTOR' || e.name === 'V8.GC_SCAVENGER'))
    .map((e) => ({ kind: e.name === 'V8.GC_MARK_COMPACTOR' ? ('major' as const) : ('minor' as const), start: e.ts / 1000 - offset, duration: (e.dur ?? 0) / 1000 }));
}

/** The pauses of 10 ms or more between `from` and `to`, one phrase each ('' when none). */
export function gcDuring(pauses: GcPause[], from: number, to: number, fmt: (ms: number) => string): string {
  return pauses
    .filter((p) => p.duration >= 10 && p.start + p.duration >= from && p.start <= to)
    .map((p) => `${p.kind} GC pause ${fmt(p.duration)}`)
    .join(', ');
}

/** All the pauses of one kind: how many, their total and the longest ("12 major pauses, 1.40 s in all, longest 311 ms"). */
export function gcSummary(pauses: GcPause[], kind: GcPause['kind'], fmt: (ms: number) => string): string {
  const of = pauses.filter((p) => p.kind === kind);
  const total = of.reduce((sum, p) => sum + p.duration, 0);
  const longest = Math.max(0, ...of.map((p) => p.duration));
  return `${of.length} ${kind} pauses, ${fmt(total)} in all, longest ${fmt(longest)}`;
}
