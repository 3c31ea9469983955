/** A page's first scripts (its `<script src>` tags, not the `noModule` polyfills) and their gzip sizes. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function scriptsOf(html: string): string[] {
  const text = fs.readFileSync(html, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1]!;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src || /\bnoModule\b/i.test(attrs)) continue;
    if (!out.includes(src)) out.push(src);
  }
  return out;
}

const gzCache = new Map<string, number>();
export function gzSize(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).byteLength;
    gzCache.set(file, n);
  }
  return n;
}

/** The gzip size of a built page's first scripts, in bytes. */
export function firstScriptsGz(out: string, page: string): number {
  return scriptsOf(path.join(out, page)).reduce((n, src) => n + gzSize(path.join(out, src.replace(/^\//, ''))), 0);
}
