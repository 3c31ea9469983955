/**
 * What a CPU profile's time went to, by source file of the app or package: not a benchmark, a tool
 * for the inspection findings. Needs a build with source maps (SOURCE_MAPS=1) in `out/`.
 *
 *   PIR_BENCH_CPUPROFILE=/tmp/p.cpuprofile npm run bench -- inspection
 *   node --import tsx bench/profile-summary.ts /tmp/p.cpuprofile [out] [from-to, in µs of the trace clock]
 */
import fs from 'node:fs';
import { moduleOf, originalAt } from './lib/source-maps';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const [file, OUT = 'out', window] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const [from, to] = window ? window.split('-').map(Number) : [-Infinity, Infinity];
function where(n: Node): { source: string; fn: string } {
  const { url, lineNumber, columnNumber, functionName } = n.callFrame;
  if (!url) return { source: `(${functionName || 'native'})`, fn: functionName };
  const o = originalAt(url, { line: lineNumber + 1, column: columnNumber }, OUT);
  if (!o) return { source: url.replace(/^.*\//, ''), fn: functionName };
  return { source: moduleOf(o.source), fn: `${o.name ?? functionName}:${o.line}` };
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const fnSelf = new Map<string, number>();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from! || at > to!) return;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  total += dt;
  const w = where(byId.get(id)!);
  self.set(w.source, (self.get(w.source) ?? 0) + dt);
  fnSelf.set(`${w.source} ${w.fn}`, (fnSelf.get(`${w.source} ${w.fn}`) ?? 0) + dt);
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const s = `${where(byId.get(n)!).source} ${where(byId.get(n)!).fn}`;
    if (!/^(app|lib|features|components)\//.test(s) || seen.has(s)) continue;
    seen.add(s);
    inclusive.set(s, (inclusive.get(s) ?? 0) + dt);
  }
});
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(7)} ms  ${k}`).join('\n');
console.log(`total ${total.toFixed(0)} ms\n\nself time by source:\n${top(self, 25)}\n\nself time by function:\n${top(fnSelf, 30)}\n\ninclusive time, app functions:\n${top(inclusive, 40)}`);
