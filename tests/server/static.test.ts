/** Static export serving: shell mapping, CSP hashes, cache rules, compression, 404 page, traversal. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { shellPath } from '../../lib/routes/shell-path';
import { makeApp, silent, tempDir, type TestApp } from './helpers';

describe('shellPath', () => {
  const cases: [string, string][] = [
    ['/', '/'],
    ['/reports/', '/reports/'],
    ['/pir/', '/pir/'],
    ['/pir/index.txt', '/pir/index.txt'],
    ['/pir/123', '/pir/_'],
    ['/pir/123/', '/pir/_/'],
    ['/pir/123/index.txt', '/pir/_/index.txt'],
    ['/pir/123/index.html', '/pir/_/index.html'],
    ['/pir/123/__next.pir.$d$id.__PAGE__.txt', '/pir/_/__next.pir.$d$id.__PAGE__.txt'],
    ['/pir/abc-def/vessel/', '/pir/_/vessel/'],
    ['/pir/123/vessel/index.txt', '/pir/_/vessel/index.txt'],
    ['/pir/123/vessel/file/77/', '/pir/_/vessel/file/_/'],
    ['/pir/123/vessel/file/77/index.txt', '/pir/_/vessel/file/_/index.txt'],
    ['/pir/123/vessel/category/RAR/', '/pir/_/vessel/category/_/'],
    ['/pir/123/vessel/category/pictures/__next._tree.txt', '/pir/_/vessel/category/_/__next._tree.txt'],
    ['/pir/123/vessel/category/', '/pir/_/vessel/category/'],
    ['/pir/_/', '/pir/_/'],
    ['/calendar/', '/calendar/'],
    ['/reports/123/', '/reports/123/'],
    ['/_next/static/chunks/pir/1.js', '/_next/static/chunks/pir/1.js'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => expect(shellPath(input)).toBe(expected));
});

const INLINE = 'self.__next_f=self.__next_f||[];self.__next_f.push([0])';
const INLINE_404 = 'console.log("not found page")';
const BIG_JS = `/* bundle */\n${'export const x = "some javascript that compresses well";\n'.repeat(200)}`;

let root: string;
let out: string;
let t: TestApp;

function write(rel: string, content: string | Buffer): void {
  const file = path.join(out, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const html = (title: string, inline: string[] = []) =>
  `<!DOCTYPE html><html><head><title>${title}</title><script src="/_next/static/chunks/app.js" async=""></script>${inline.map((s) => `<script>${s}</script>`).join('')}</head><body>${title}</body></html>`;

const hash = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

beforeAll(async () => {
  root = tempDir('pir-static-');
  out = path.join(root, 'out');
  write('index.html', html('HOME', [INLINE, 'document.title="x"']));
  write('index.txt', 'HOME RSC');
  write('reports/index.html', html('REPORTS'));
  write('reports/index.txt', 'REPORTS RSC');
  write('calendar/index.html', html('CALENDAR'));
  write('pir/index.txt', 'PIR ROOT RSC');
  write('pir/_/index.html', html('PIR SHELL'));
  write('pir/_/index.txt', 'PIR SHELL RSC');
  write('pir/_/__next.pir.$d$id.__PAGE__.txt', 'PIR SEGMENT');
  write('pir/_/vessel/index.html', html('VESSEL SHELL'));
  write('pir/_/vessel/file/_/index.html', html('FILE SHELL'));
  write('pir/_/vessel/file/_/index.txt', 'FILE SHELL RSC');
  write('pir/_/vessel/category/_/index.html', html('CATEGORY SHELL'));
  write('404.html', html('NOT FOUND PAGE', [INLINE_404]));
  write('sw.js', 'self.addEventListener("install",()=>{});');
  write('swe-worker-5c72df51bb1f6ee0.js', 'self.onmessage=()=>{};');
  write('_next/static/chunks/app.js', BIG_JS);
  write('manifest.webmanifest', JSON.stringify({ name: 'IOTC Port Inspections', start_url: '/', icons: [] }));
  write('icons/icon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(300)}</svg>`);
  fs.writeFileSync(path.join(root, 'secret.txt'), 'TOP SECRET');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(out, 'link.txt'));
  t = await makeApp({ seed: false, staticDir: out });
});
afterAll(() => {
  t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => t.app.request(p, { headers });

describe('static serving', () => {
  it('serves directories through index.html and redirects missing trailing slashes', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toContain('HOME');
    const reports = await get('/reports/');
    expect(await reports.text()).toContain('REPORTS');
    const redirect = await get('/reports?x=1');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/reports/?x=1');
    // never a protocol-relative redirect
    const sneaky = await get('http://localhost//reports');
    expect(sneaky.status).toBe(308);
    expect(sneaky.headers.get('location')).toBe('/reports/');
  });

  it('answers dynamic routes from the `_` shell, html and RSC payloads alike', async () => {
    expect(await (await get('/pir/123/')).text()).toContain('PIR SHELL');
    expect(await (await get('/pir/987654/vessel/')).text()).toContain('VESSEL SHELL');
    expect(await (await get('/pir/123/vessel/file/77/')).text()).toContain('FILE SHELL');
    expect(await (await get('/pir/123/vessel/category/RAR/')).text()).toContain('CATEGORY SHELL');
    const rsc = await get('/pir/123/index.txt?_rsc=abc');
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await rsc.text()).toBe('PIR SHELL RSC');
    expect(await (await get('/pir/55/vessel/file/9/index.txt')).text()).toBe('FILE SHELL RSC');
    expect(await (await get('/pir/123/__next.pir.%24d%24id.__PAGE__.txt')).text()).toBe('PIR SEGMENT');
    expect(await (await get('/pir/index.txt')).text()).toBe('PIR ROOT RSC');
    const bare = await get('/pir/123');
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/pir/123/');
  });

  it('serves 404.html with status 404 for unknown paths', async () => {
    for (const p of ['/nothing/', '/nothing', '/reports/zzz/', '/x.js']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain('NOT FOUND PAGE');
      expect(res.headers.get('content-security-policy')).toContain(hash(INLINE_404));
    }
  });

  it('puts the sha256 of every inline script of that HTML file into its CSP', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(hash(INLINE));
    expect(csp).toContain(hash('document.title="x"'));
    expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    for (const part of ["style-src 'self' 'unsafe-inline'", "img-src 'self' blob: data:", "font-src 'self'", "connect-src 'self'", "worker-src 'self' blob:", "manifest-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toMatch(/https?:/);
    // a page without inline scripts gets no hashes
    expect((await get('/reports/')).headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('sends the security headers on every response, static and /be', async () => {
    for (const res of [await get('/'), await get('/_next/static/chunks/app.js'), await get('/nothing'), await get('/be/offline-api/current-files'), await get('/be/nope')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toBe('camera=(self), geolocation=(self), microphone=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const be = await get('/be/offline-api/current-files');
    expect(be.status).toBe(401);
    expect(be.headers.get('cache-control')).toBe('no-store');
  });

  it('cache rules: immutable _next/static, no-cache pages, never-cached service workers', async () => {
    expect((await get('/_next/static/chunks/app.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/reports/', '/pir/1/index.txt', '/manifest.webmanifest', '/icons/icon.svg']) {
      expect((await get(p)).headers.get('cache-control'), p).toBe('no-cache');
    }
    for (const p of ['/sw.js', '/swe-worker-5c72df51bb1f6ee0.js']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate');
      expect(res.headers.get('service-worker-allowed')).toBe('/');
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  });

  it('compresses text with brotli or gzip, and revalidates with ETags', async () => {
    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(BIG_JS);

    const br = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(BIG_JS.length / 5);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(BIG_JS);

    const gz = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_JS);

    const noBr = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers.get('content-encoding')).toBe('gzip');

    const etag = gz.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await t.app.request('/reports/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await t.app.request('/reports/', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' });
  });
});

describe('static path traversal', () => {
  it('rejects encoded traversal with 400 JSON and never serves files outside out/', async () => {
    for (const p of ['/..%2f..%2fetc/passwd', '/..%2fsecret.txt', '/reports/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/a%5c..%5c..%5csecret.txt', '/.env', '/pir/%2e%2e%2f%2e%2e%2fsecret.txt/', '/x%00.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toEqual({ message: 'INVALID_PATH' });
    }
    for (const p of ['/%2e%2e/secret.txt', '/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/link.txt']) {
      const res = await get(p);
      expect([400, 404], p).toContain(res.status);
      expect(await res.text()).not.toContain('TOP SECRET');
    }
  });

  it('over a real socket, raw dot segments cannot escape either', async () => {
    const server: RunningServer = await startServer({ dataDir: t.dataDir, seed: false, staticDir: out, port: 0, logger: silent });
    try {
      const { port } = new URL(server.url);
      for (const raw of ['/../secret.txt', '/../../../../etc/passwd', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/reports/../../secret.txt']) {
        const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port: Number(port), path: raw, method: 'GET' }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.end();
        });
        expect([400, 404], raw).toContain(status);
        expect(body).not.toContain('TOP SECRET');
        expect(body).not.toContain('root:');
      }
    } finally {
      await server.close();
    }
  });
});

describe('without a built app', () => {
  it('still serves /be and says the app is not built', async () => {
    const app = await makeApp({ dataDir: t.dataDir, seed: false, staticDir: path.join(root, 'missing-out') });
    try {
      expect(app.app.staticRoot).toBeNull();
      const res = await app.app.request('/');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('not built');
      const be = await app.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'x', password: 'y', deviceName: '' }) });
      expect(be.status).toBe(401);
    } finally {
      app.app.close();
    }
  });
});
