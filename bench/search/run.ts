/**
 * Benchmark of the reports list search (features/reports/model/search.ts) over 5,000 generated reports.
 *
 *   node --import tsx bench/search/run.ts [--reports 5000] [--runs 200]
 *
 * Times, with the median and spread over many runs:
 *   - warm: a search once every report's key is known (what the list does after each debounce);
 *   - cold: the first search with a new index (every key computed: first search, language change).
 * The figure to compare with is one frame, 16.7 ms at 60 Hz.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pir, PortEntry } from '../../lib/contract';
import { createSearchIndex, searchReports } from '@/features/reports/model/search';
import { generateReports } from './generate';

const FRAME_MS = 1000 / 60;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

interface Stats {
  median: number;
  p5: number;
  p95: number;
  min: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))]!;
  return { median: at(0.5), p5: at(0.05), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
}

const ms = (n: number) => `${n.toFixed(3)} ms`;
const line = (label: string, st: Stats) =>
  `${label.padEnd(34)} median ${ms(st.median).padStart(10)}   p5–p95 ${ms(st.p5)} – ${ms(st.p95)}   min ${ms(st.min)}   max ${ms(st.max)}`;

const count = arg('reports', 5000);
const runs = arg('runs', 200);
const ports = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../server/reference-data/data/port.json'), 'utf8')) as PortEntry[];
const portsById = new Map(ports.map((p) => [p.id, p]));
const reports: Pir[] = generateReports(count, ports.filter((p) => p.disabled === 0).map((p) => p.id));
const labelEn = (id: number) => portsById.get(id)?.nameEn;

// What inspectors type: part of a name (with and without accents), a number, a code, a port, two words, a miss.
const probe = reports[Math.floor(count / 2)]!;
const queries = [
  probe.vesselIdentity.vesselName.split(' ')[0]!.slice(0, 4),
  'reunion',
  probe.vesselIdentity.imoId!.slice(0, 5),
  probe.code.slice(-4),
  labelEn(probe.portOfArrival!)!,
  `${probe.vesselIdentity.vesselName.split(' ')[0]} ${probe.vesselIdentity.ircs}`,
  'zzzz no such vessel',
];

// Warm-up (JIT), then the measured runs.
{
  const index = createSearchIndex(labelEn);
  for (let i = 0; i < 20; i++) for (const q of queries) searchReports(reports, q, index);
}

const cold: number[] = [];
for (let i = 0; i < Math.max(20, Math.round(runs / 4)); i++) {
  const t0 = performance.now();
  const index = createSearchIndex(labelEn);
  searchReports(reports, queries[0]!, index);
  cold.push(performance.now() - t0);
}

const index = createSearchIndex(labelEn);
searchReports(reports, '', index);
for (const r of reports) index.keyOf(r);
const warm: number[] = [];
const perQuery = new Map<string, { samples: number[]; matches: number }>();
for (let i = 0; i < runs; i++) {
  for (const q of queries) {
    const t0 = performance.now();
    const result = searchReports(reports, q, index);
    const dt = performance.now() - t0;
    warm.push(dt);
    const entry = perQuery.get(q) ?? { samples: [], matches: result.matches.length };
    entry.samples.push(dt);
    perQuery.set(q, entry);
  }
}

const w = stats(warm);
const c = stats(cold);
console.log(
  `Reports search benchmark: ${count} reports, ${runs} runs × ${queries.length} queries ` +
    `(node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}: a busy machine widens the spread)`,
);
console.log(line('warm search (keys known)', w));
console.log(line('cold search (new index, all keys)', c));
for (const [q, e] of perQuery) console.log(line(`  "${q}" (${e.matches} match)`, stats(e.samples)));
console.log(
  `\nFIGURE: search over ${count} reports: median ${w.median.toFixed(2)} ms warm (p95 ${w.p95.toFixed(2)} ms), ${c.median.toFixed(1)} ms cold; ` +
    `one frame is ${FRAME_MS.toFixed(1)} ms: ${w.p95 < FRAME_MS ? 'within' : 'OVER'} a frame.`,
);
