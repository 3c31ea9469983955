/**
 * What a route's first scripts are made of, by package or app file: not a benchmark, a tool for the
 * JS-shipped findings. Each script's gzip size is shared out over its sources in proportion to the
 * bytes the source map gives each.
 *
 *   SOURCE_MAPS=1 npm run build && node --import tsx bench/js-by-source.ts [out] [route, e.g. reports or pir/_] [prefix filter]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const OUT = process.argv[2] ?? 'out';
const route = process.argv[3] ?? 'reports';
const html = fs.readFileSync(path.join(OUT, route, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script src="([^"]+)"(?![^>]*noModule)/g)].map((m) => m[1]!).filter((s) => !s.includes('polyfill'));
const byPkg = new Map<string, number>();
let total = 0;
for (const s of scripts) {
  const file = path.join(OUT, s.replace(/^\//, ''));
  const code = fs.readFileSync(file, 'utf8');
  const gz = zlib.gzipSync(code, { level: 6 }).length;
  total += gz;
  const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  if (!ref) { byPkg.set('(no map) ' + s, gz); continue; }
  const tm = new TraceMap(fs.readFileSync(path.join(path.dirname(file), ref), 'utf8'));
  const lines = code.split('\n');
  const lineOffsets: number[] = []; let off = 0; for (const l of lines) { lineOffsets.push(off); off += l.length + 1; }
  const segs: { pos: number; src: string }[] = [];
  eachMapping(tm, (m) => { segs.push({ pos: lineOffsets[m.generatedLine - 1]! + m.generatedColumn, src: m.source ?? '(none)' }); });
  segs.sort((a, b) => a.pos - b.pos);
  const raw = new Map<string, number>();
  for (let i = 0; i < segs.length; i++) {
    const len = (segs[i + 1]?.pos ?? code.length) - segs[i]!.pos;
    const src = segs[i]!.src;
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
    const key = nm ? nm[1]! : src.replace(/^.*?\[project\]\//, '').replace(/^turbopack:\/\/\/\[turbopack\].*/, '(turbopack runtime)');
    raw.set(key, (raw.get(key) ?? 0) + len);
  }
  for (const [k, v] of raw) byPkg.set(k, (byPkg.get(k) ?? 0) + (v / code.length) * gz);
}
console.log(`/${route}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gz`);
const filt = process.argv[4];
for (const [k, v] of [...byPkg].filter(([k]) => !filt || k.startsWith(filt)).sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1024).toFixed(2).padStart(7), k);
