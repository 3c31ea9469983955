/**
 * Where a position in a script of the static export is in the sources, for the profiling tools. Needs
 * a build with source maps (`SOURCE_MAPS=1 npm run build`); without them every lookup gives null.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { OUT_DIR } from './common';

const scripts = new Map<string, { code: string; map: TraceMap } | null>();

/** A script by its URL or its path under `_next/static/`, with its source map; null without a map. */
function load(script: string, out: string): { code: string; map: TraceMap } | null {
  const rel = (script.includes('/_next/static/') ? script.split('/_next/static/')[1]! : script).split(/[?#]/)[0]!;
  const js = path.join(out, '_next/static', rel);
  if (!scripts.has(js)) {
    const code = fs.existsSync(js) ? fs.readFileSync(js, 'utf8') : '';
    // Turbopack names a script's map in its last line, not always after the script itself.
    const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    const file = ref ? path.join(path.dirname(js), ref) : '';
    scripts.set(js, file && fs.existsSync(file) ? { code, map: new TraceMap(fs.readFileSync(file, 'utf8')) } : null);
  }
  return scripts.get(js)!;
}

/** The source, name and line at a 1-based line and column of a script, or at a character offset in it. */
export function originalAt(script: string, at: { line: number; column: number } | { offset: number }, out = OUT_DIR): { source: string; name: string | null; line: number } | null {
  const loaded = load(script, out);
  if (!loaded) return null;
  let where = at as { line: number; column: number };
  if ('offset' in at) {
    const before = loaded.code.slice(0, at.offset).split('\n');
    where = { line: before.length, column: before.at(-1)!.length };
  }
  const found = originalPositionFor(loaded.map, where);
  return found.source ? { source: found.source, name: found.name, line: found.line ?? 0 } : null;
}

/** A source's path from the project's root: `features/inspection/…`, `node_modules/next/…`. */
export function projectPath(source: string): string {
  return source.replace(/^.*?\/(?=(app|components|features|lib|messages|node_modules)\/)/, '');
}

/** The npm package a source belongs to, or its path in the app. */
export function moduleOf(source: string): string {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? projectPath(source);
}
