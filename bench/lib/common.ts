/**
 * Shared by every benchmark: statistics, formatting, the result record each benchmark returns,
 * and where the working files go.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The static export measured: `npm run bench` sets PIR_BENCH_OUT to a snapshot of out/ taken under
 * the shared build lock, so every benchmark of a run measures the same build while others rebuild.
 */
export const OUT_DIR = process.env.PIR_BENCH_OUT ?? path.join(ROOT, 'out');
/** Scratch space: data directories, browser profiles, copies of out/ (never inside the tree). */
const TMP_ROOT = path.join(os.tmpdir(), 'pir-bench');
export const RESULTS_JSON = path.join(ROOT, 'bench', 'results.json');
export const RESULTS_MD = path.join(ROOT, 'bench', 'RESULTS.md');

/** One line of the table: a figure against its physical limit, and the target. */
export interface Row {
  benchmark: string;
  figure: string;
  limit: string;
  ratio: string;
  target: string;
  /** true / false, or null when the row has no target or was not measured */
  met: boolean | null;
}

export interface BenchResult {
  name: string;
  title: string;
  date: string;
  /** load average (1 min) when it started and ended: others use this machine too */
  load: [number, number];
  /** out/'s build id when it ran */
  build: string | null;
  seconds: number;
  rows: Row[];
  /** markdown: method, raw figures, findings */
  details: string;
}

export interface Stats {
  n: number;
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) return { n: 0, median: Number.NaN, p25: Number.NaN, p75: Number.NaN, min: Number.NaN, max: Number.NaN };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => {
    const pos = q * (s.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
  };
  return { n: s.length, median: at(0.5), p25: at(0.25), p75: at(0.75), min: s[0]!, max: s[s.length - 1]! };
}

/** "123 ms (IQR 110–130, n 15)" */
export function fmtStats(st: Stats, unit: (v: number) => string = ms): string {
  if (st.n === 0) return 'no samples';
  return `${unit(st.median)} (IQR ${unit(st.p25)}–${unit(st.p75)}, min ${unit(st.min)}, max ${unit(st.max)}, n ${st.n})`;
}

/** Median with its interquartile range, short: "123 ms ±IQR 110–130". */
export function short(st: Stats, unit: (v: number) => string = ms): string {
  if (st.n === 0) return 'no samples';
  return `${unit(st.median)} [${unit(st.p25)}–${unit(st.p75)}]`;
}

export function ms(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v >= 10_000) return `${(v / 1000).toFixed(1)} s`;
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 100) return `${v.toFixed(0)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  return `${v.toFixed(2)} ms`;
}

export function bytes(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v >= 1024 * 1024) return `${(v / 1024 / 1024).toFixed(1)} MB`;
  if (v >= 1024) return `${(v / 1024).toFixed(1)} KB`;
  return `${Math.round(v)} B`;
}

export function kb(v: number): string {
  return `${(v / 1024).toFixed(1)} KB`;
}

export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '–';
  return `${(a / b).toFixed(2)}×`;
}

/** a / b against a "ratio ≤ target": as many decimals as it takes for the rounding not to hide which side it is on. */
export function ratioVs(a: number, b: number, target: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '–';
  const r = a / b;
  let d = 2;
  while (d < 4 && Number(r.toFixed(d)) <= target !== r <= target) d++;
  return `${r.toFixed(d)}×`;
}

export function notMeasured(benchmark: string, target: string, why: string): Row {
  return { benchmark, figure: `not measured: ${why.split('\n')[0]!.slice(0, 140)}`, limit: '–', ratio: '–', target, met: null };
}

/** out/'s build id, so results from different builds are not mixed up silently. */
export function buildId(dir = OUT_DIR): string | null {
  try {
    const dirs = fs.readdirSync(path.join(dir, '_next', 'static')).filter((d) => !['chunks', 'media', 'css'].includes(d));
    return dirs[0] ?? null;
  } catch {
    return null;
  }
}

export function tmpDir(prefix: string): string {
  fs.mkdirSync(TMP_ROOT, { recursive: true });
  return fs.mkdtempSync(path.join(TMP_ROOT, `${prefix}-`));
}

export function rmrf(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** --name value from argv (numbers), for running one benchmark by hand with smaller settings. */
export function numArg(name: string, fallback: number, argv = process.argv): number {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export const log = (...parts: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

/** Markdown table. */
export function mdTable(headers: string[], rows: (string | number)[][]): string {
  const esc = (v: string | number) => String(v).replace(/\|/g, '\\|');
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

export function dirSize(dir: string): number {
  let total = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += dirSize(p);
    else if (e.isFile()) total += fs.statSync(p).size;
  }
  return total;
}
