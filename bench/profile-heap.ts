/**
 * What a sampling heap profile allocated, by app function (self and with callees): not a benchmark,
 * a tool for the inspection findings. Needs a build with source maps (SOURCE_MAPS=1) in `out/`.
 *
 *   PIR_BENCH_HEAPPROFILE=/tmp/h.heapprofile npm run bench -- inspection
 *   node --import tsx bench/profile-heap.ts /tmp/h.heapprofile [out] [how many]
 */
import fs from 'node:fs';
import { moduleOf, originalAt } from './lib/source-maps';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: Node[];
}
const [file, OUT = 'out', count = '30'] = process.argv.slice(2);
const { head } = JSON.parse(fs.readFileSync(file!, 'utf8')) as { head: Node };
const names = new Map<string, string>();
function name({ url, lineNumber, columnNumber, functionName }: Node['callFrame']): string {
  const key = `${url}:${lineNumber}:${columnNumber}:${functionName}`;
  let s = names.get(key);
  if (s !== undefined) return s;
  const o = url ? originalAt(url, { line: lineNumber + 1, column: columnNumber }, OUT) : null;
  s = o ? `${moduleOf(o.source)} ${o.name ?? functionName}:${o.line}` : `${url.replace(/^.*\//, '')} ${functionName || '(anonymous)'}`;
  names.set(key, s);
  return s;
}
const self = new Map<string, number>();
/** for each function, what its callers made it allocate itself */
const callers = new Map<string, Map<string, number>>();
const inclusive = new Map<string, number>();
let total = 0;
function walk(n: Node, path: Set<string>, caller = ''): number {
  const k = name(n.callFrame);
  const by = callers.get(k) ?? new Map<string, number>();
  callers.set(k, by.set(caller, (by.get(caller) ?? 0) + n.selfSize));
  self.set(k, (self.get(k) ?? 0) + n.selfSize);
  total += n.selfSize;
  let sum = n.selfSize;
  const inner = new Set(path).add(k);
  for (const c of n.children) sum += walk(c, inner, k);
  if (!path.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + sum);
  return sum;
}
walk(head, new Set());
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
console.log(`allocated: ${mb(total)}\n\nself:`);
for (const [k, v] of top(self)) {
  const from = [...callers.get(k)!].sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(`  ${mb(v).padStart(9)}  ${k}   ← ${from.map(([c, b]) => `${c} ${mb(b)}`).join(', ')}`);
}
console.log('\nwith callees:');
for (const [k, v] of top(inclusive)) console.log(`  ${mb(v).padStart(9)}  ${k}`);
