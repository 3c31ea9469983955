/**
 * Serves the Next.js static export (default ./out, built with trailingSlash: true) on the same port:
 * index.html for directories, the `_` shell for dynamic routes (shellPath), 404.html for unknown paths,
 * gzip/brotli for text, ETags, cache rules, a per-file CSP with the hashes of its inline scripts, and
 * no way out of the root (every decoded segment is checked, the resolved path must stay inside).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { errorBody, type Logger } from '../http/errors';
import { contentSecurityPolicy } from '../http/security';
import { contentTypeOf, isCompressible } from './mime';
import { shellPath } from '../../lib/routes/shell-path';

const MAX_CACHED_BYTES = 8 * 1024 * 1024;
const MIN_COMPRESS_BYTES = 1024;

interface CachedFile {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  etag: string;
  contentType: string;
  csp?: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** sha256 (base64) of each inline <script> of an HTML text. */
function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    const body = m[2]!;
    if (body.length === 0) continue;
    out.add(crypto.createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...out];
}

function cacheControlFor(urlPath: string): { cacheControl: string; serviceWorker: boolean } {
  const base = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  if (base === 'sw.js' || /^swe-worker-.*\.js$/.test(base)) {
    return { cacheControl: 'no-store, no-cache, must-revalidate', serviceWorker: true };
  }
  if (urlPath.startsWith('/_next/static/')) return { cacheControl: 'public, max-age=31536000, immutable', serviceWorker: false };
  return { cacheControl: 'no-cache', serviceWorker: false };
}

function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

type DecodedPath = { ok: true; path: string } | { ok: false };

/** Decodes each segment; rejects encoded slashes/backslashes, NUL, `.`/`..` and dot-files. */
function decodeStaticPath(rawPathname: string): DecodedPath {
  const segs = rawPathname.split('/');
  const out: string[] = [];
  for (const [i, raw] of segs.entries()) {
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return { ok: false };
    }
    if (/[/\\\0]/.test(s)) return { ok: false };
    if (i > 0 && s.startsWith('.') && s !== '.well-known') return { ok: false };
    out.push(s);
  }
  return { ok: true, path: out.join('/') };
}

/**
 * `.`/`..` segments (plain or %2e-encoded, after `/` or a backslash) in a raw request target. The URL parser
 * resolves them before routing (`/%2e%2e/x` becomes `/x`), so they are looked for in the path as the
 * client sent it: browsers never send them, and such a request is refused rather than resolved.
 */
function hasDotSegment(rawTarget: string | undefined): boolean {
  if (!rawTarget) return false;
  const pathPart = rawTarget.split(/[?#]/, 1)[0]!;
  return /(?:^|[/\\])(?:\.|%2e){1,2}(?=$|[/\\])/i.test(pathPart);
}

/** The request target exactly as received on the socket (absent in-process). */
function rawTarget(c: Context): string | undefined {
  return (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
}

export interface StaticServer {
  root: string | null;
  handle(c: Context): Promise<Response>;
}

export function createStaticServer(rootDir: string | null, log: Logger): StaticServer {
  const root = rootDir && fs.existsSync(rootDir) && fs.statSync(rootDir).isDirectory() ? fs.realpathSync(rootDir) : null;
  const cache = new Map<string, CachedFile>();

  const inside = (abs: string) => abs === root || abs.startsWith(root + path.sep);

  function statFile(rel: string): { abs: string; stat: fs.Stats } | null {
    const abs = path.resolve(root!, '.' + rel);
    if (!inside(abs)) return null;
    try {
      const stat = fs.statSync(abs);
      if (!stat.isFile() && !stat.isDirectory()) return null;
      if (stat.isFile()) {
        // refuse symlinks leading out of the root
        const real = fs.realpathSync(abs);
        if (!inside(real)) return null;
      }
      return { abs, stat };
    } catch {
      return null;
    }
  }

  function load(abs: string, stat: fs.Stats): CachedFile {
    const hit = cache.get(abs);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
    const raw = fs.readFileSync(abs);
    const contentType = contentTypeOf(abs);
    const entry: CachedFile = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      raw,
      contentType,
      etag: `"${crypto.createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
    };
    if (contentType.startsWith('text/html')) entry.csp = contentSecurityPolicy(inlineScriptHashes(raw.toString('utf8')));
    if (raw.byteLength <= MAX_CACHED_BYTES) cache.set(abs, entry);
    return entry;
  }

  function encoded(entry: CachedFile, enc: 'br' | 'gzip'): Buffer {
    if (enc === 'br') {
      entry.br ??= zlib.brotliCompressSync(entry.raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.raw.byteLength },
      });
      return entry.br;
    }
    entry.gzip ??= zlib.gzipSync(entry.raw, { level: 9 });
    return entry.gzip;
  }

  function send(c: Context, entry: CachedFile, urlPath: string, status: 200 | 404): Response {
    const { cacheControl, serviceWorker } = cacheControlFor(urlPath);
    const headers = new Headers({ 'Content-Type': entry.contentType, 'Cache-Control': cacheControl });
    if (serviceWorker) headers.set('Service-Worker-Allowed', '/');
    if (entry.csp) headers.set('Content-Security-Policy', entry.csp);
    let body: Buffer = entry.raw;
    let etag = entry.etag;
    if (isCompressible(entry.contentType) && entry.raw.byteLength >= MIN_COMPRESS_BYTES) {
      headers.set('Vary', 'Accept-Encoding');
      const enc = acceptedEncoding(c.req.header('accept-encoding'));
      if (enc) {
        body = encoded(entry, enc);
        headers.set('Content-Encoding', enc);
        etag = `${etag.slice(0, -1)}-${enc}"`;
      }
    }
    if (status === 200) {
      headers.set('ETag', etag);
      const inm = c.req.header('if-none-match');
      if (inm && inm.split(',').map((s) => s.trim().replace(/^W\//, '')).includes(etag)) {
        return new Response(null, { status: 304, headers });
      }
    }
    headers.set('Content-Length', String(body.byteLength));
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>;
    return new Response(c.req.method === 'HEAD' ? null : bytes, { status, headers });
  }

  function notFound(c: Context): Response {
    const page = root ? statFile('/404.html') : null;
    if (page?.stat.isFile()) return send(c, load(page.abs, page.stat), '/404.html', 404);
    return c.json(errorBody('NOT_FOUND'), 404);
  }

  async function handle(c: Context): Promise<Response> {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json(errorBody('METHOD_NOT_ALLOWED'), 405, { Allow: 'GET, HEAD' });
    }
    const url = new URL(c.req.url);
    const decoded = decodeStaticPath(url.pathname);
    if (!decoded.ok || hasDotSegment(rawTarget(c))) return c.json(errorBody('INVALID_PATH'), 400);
    if (!root) {
      return c.html(
        '<!doctype html><meta charset="utf-8"><title>App not built</title><h1>The app is not built</h1><p>This server answers <code>/be</code>. Run <code>npm run build</code> to create <code>out/</code>, then restart.</p>',
        503,
      );
    }
    const urlPath = decoded.path;
    const mapped = shellPath(urlPath);
    try {
      if (mapped.endsWith('/')) {
        const index = statFile(mapped + 'index.html');
        if (index?.stat.isFile()) return send(c, load(index.abs, index.stat), urlPath + 'index.html', 200);
        return notFound(c);
      }
      const found = statFile(mapped);
      if (found?.stat.isFile()) return send(c, load(found.abs, found.stat), urlPath, 200);
      if (found?.stat.isDirectory()) {
        const index = statFile(mapped + '/index.html');
        if (index?.stat.isFile()) {
          // one leading slash only: "//host" would be a protocol-relative (open) redirect
          return c.redirect(`/${url.pathname.replace(/^\/+/, '')}/${url.search}`, 308);
        }
      }
      const html = statFile(mapped + '.html');
      if (html?.stat.isFile()) return send(c, load(html.abs, html.stat), urlPath + '.html', 200);
      return notFound(c);
    } catch (e) {
      log.error('[static] failed', { path: urlPath }, e);
      return c.json(errorBody('INTERNAL_ERROR'), 500);
    }
  }

  // compute the CSP of every HTML page at start-up (and again whenever a file changes)
  if (root) {
    const walk = (dir: string, depth: number): void => {
      if (depth > 12) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const abs = path.join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== '_next') walk(abs, depth + 1);
        else if (entry.isFile() && entry.name.endsWith('.html')) {
          try {
            load(abs, fs.statSync(abs));
          } catch (e) {
            log.warn(`[static] cannot read ${abs}: ${(e as Error).message}`);
          }
        }
      }
    };
    walk(root, 0);
  }

  return { root, handle };
}
