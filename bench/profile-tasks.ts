/**
 * The longest stretches of a CPU profile without idle time (about: the longest tasks), each with the
 * app functions it spent the most time in: not a benchmark, a tool for the inspection findings.
 * Needs a build with source maps (SOURCE_MAPS=1) in `out/`.
 *
 *   PIR_BENCH_CPUPROFILE=/tmp/p.cpuprofile PIR_BENCH_CPUPROFILE_ALL=1 npm run bench -- inspection
 *   node --import tsx bench/profile-tasks.ts /tmp/p.cpuprofile [out] [how many]
 */
import fs from 'node:fs';
import { moduleOf, originalAt } from './lib/source-maps';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const [file, OUT = 'out', count = '12'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const names = new Map<number, string>();
function name(id: number): string {
  let s = names.get(id);
  if (s !== undefined) return s;
  const { url, lineNumber, columnNumber, functionName } = byId.get(id)!.callFrame;
  const o = url ? originalAt(url, { line: lineNumber + 1, column: columnNumber }, OUT) : null;
  s = o ? `${moduleOf(o.source)} ${o.name ?? functionName}:${o.line}` : `${url.replace(/^.*\//, '')} ${functionName || '(anonymous)'}`;
  names.set(id, s);
  return s;
}
/** A stretch ends after this much idle time (ms). */
const GAP = 4;
type Stretch = { start: number; end: number; samples: { id: number; dt: number }[] };
const stretches: Stretch[] = [];
let at = profile.startTime / 1000;
let current: Stretch | null = null;
let idle = 0;
profile.samples.forEach((id, i) => {
  at += (profile.timeDeltas[i] ?? 0) / 1000;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  if (byId.get(id)!.callFrame.functionName === '(idle)') {
    idle += dt;
    if (current && idle >= GAP) current = null;
    return;
  }
  idle = 0;
  if (!current) stretches.push((current = { start: at, end: at, samples: [] }));
  current.end = at + dt;
  current.samples.push({ id, dt });
});
const t0 = profile.startTime / 1000;
for (const s of stretches.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, Number(count))) {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  for (const { id, dt } of s.samples) {
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = name(n);
      if (!/^(app|lib|features|components)\//.test(k) || seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${v.toFixed(0).padStart(5)} ms  ${k}`).join('\n');
  console.log(`\n${(s.end - s.start).toFixed(0)} ms at ${((s.start - t0) / 1000).toFixed(2)} s\n  self:\n${top(self, 6)}\n  app, inclusive:\n${top(inclusive, 10)}`);
}
