/**
 * Attack suite — paths and names. Path traversal and absurd names (dot-dot, encoded slashes and
 * backslashes, NUL, 10 kB names, unicode homoglyphs, leading dots) in `fileUrl` (upload path and save
 * announcements), in file download links, dataset names, report ids, the vessel-file page and static
 * paths; in-process and over a real socket (where the path reaches the server exactly as sent).
 * Always a 4xx, never a 500, never a byte from outside `out/`, nothing stored. Names stored as data
 * (attachment names) come back verbatim and never break a reply header.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, paths, pirCallId, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, be, client, formOf, listing, login, makeFiles, saveParts, sealed, sha256, silent, tempDir, TODAY, uploads } from './helpers';
import { deepSnapshot, expectError, rawRequest, unchanged } from './attack-helpers';

const OUTSIDE = 'SENTINEL-OUTSIDE-THE-EXPORT-7f3a';
const DOTFILE = 'SENTINEL-DOTFILE-INSIDE-THE-EXPORT-91c2';
const SOURCE = 'SENTINEL-SERVER-SOURCE-4be8';
const ETC_PASSWD = /root:.*:0:0:/;

let root: string;
let out: string;
let dataDir: string;
let server: RunningServer;
let amina: ReturnType<typeof client> & { device: string };
let held: Pir;
let id: number;
const files = makeFiles(61);

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  root = tempDir('pir-attack-paths-');
  out = path.join(root, 'out');
  const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body>${title}</body></html>`;
  write('out/index.html', page('HOME'));
  write('out/404.html', page('NOT FOUND PAGE'));
  write('out/reports/index.html', page('REPORTS'));
  write('out/pir/_/index.html', page('PIR SHELL'));
  write('out/_next/static/chunks/app.js', 'console.log(1)');
  write('out/.env', DOTFILE);
  write('out/.git/config', DOTFILE);
  write('secret.txt', OUTSIDE);
  write('server/app.ts', SOURCE);
  write('data/pir.sqlite', OUTSIDE);
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(out, 'link.txt'));
  dataDir = path.join(root, 'data-dir');
  server = await startServer({ dataDir, port: 0, staticDir: out, logger: silent, seed: { today: TODAY }, loginRateLimit: { max: 10_000, windowMs: 60_000 } });
  const l = await login(server.app, AMINA);
  amina = { ...client(server.app, l.token.jwt), device: l.user.deviceName };
  held = (await listing(amina)).find((p) => p.id === 1017)!;
  expect(held.claimedByDevice).toBe(AMINA.deviceName);
  id = pirCallId(held);
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  expect((await amina.post(be(paths.save(id)), formOf(saveParts(held, ext, files)))).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;

/** A body that never contains anything from outside the export or from dot-files inside it. */
function expectNothingOutside(body: string, label: string): void {
  expect(body, label).not.toContain(OUTSIDE);
  expect(body, label).not.toContain(DOTFILE);
  expect(body, label).not.toContain(SOURCE);
  expect(body, label).not.toMatch(ETC_PASSWD);
  expect(body, label).not.toContain('createApp');
  expect(body, label).not.toContain('SQLite format 3');
}

// ---------------------------------------------------------------- absurd file names

const LONG = 'a'.repeat(10 * 1024);
/** [label, the name as it appears in the URL path (already encoded where it says so)] */
const URL_NAMES: [string, string][] = [
  ['..', '..'],
  ['.', '.'],
  ['%2e%2e', '%2e%2e'],
  ['%2E%2E', '%2E%2E'],
  ['.%2e', '.%2e'],
  ['..%2f..%2fpir.sqlite', '..%2f..%2fpir.sqlite'],
  ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['pic-1.jpg%2f..%2f..', 'pic-1.jpg%2f..%2f..'],
  ['a%2fb', 'a%2fb'],
  ['a%5cb (backslash)', 'a%5cb'],
  ['..%5c..%5cwindows%5cwin.ini', '..%5c..%5cwindows%5cwin.ini'],
  ['%5c%5cserver%5cshare', '%5c%5cserver%5cshare'],
  ['pic-1.jpg%00', 'pic-1.jpg%00'],
  ['pic-1.jpg%00.png', 'pic-1.jpg%00.png'],
  ['%00', '%00'],
  ['10 kB name', LONG],
  ['10 kB name ending in pic-1.jpg', `${LONG}pic-1.jpg`],
  ['201 characters', 'a'.repeat(201)],
  ['.hidden', '.hidden'],
  ['.pic-1.jpg', '.pic-1.jpg'],
  ['%2epic-1.jpg', '%2epic-1.jpg'],
  ['-pic-1.jpg', '-pic-1.jpg'],
  ['fullwidth dot: pic-1．jpg', encodeURIComponent('pic-1．jpg')],
  ['fullwidth letters: ｐｉｃ-1.jpg', encodeURIComponent('ｐｉｃ-1.jpg')],
  ['unicode hyphen: pic‐1.jpg', encodeURIComponent('pic‐1.jpg')],
  ['Cyrillic р: рic-1.jpg', encodeURIComponent('рic-1.jpg')],
  ['zero-width space: pic-1.jpg\u200b', encodeURIComponent('pic-1.jpg\u200b')],
  ['right-to-left override', encodeURIComponent('pic-1\u202egpj.exe')],
  ['division slash: ..∕..∕etc∕passwd', encodeURIComponent('..∕..∕etc∕passwd')],
  ['fullwidth solidus: ..／x', encodeURIComponent('..／x')],
  ['two-dot leader: ‥', encodeURIComponent('‥')],
  ['overlong UTF-8 dots: %c0%ae%c0%ae', '%c0%ae%c0%ae'],
  ['invalid UTF-8: %ff', '%ff'],
  ['double-encoded: %252e%252e%252f', '%252e%252e%252f'],
  ['trailing space', 'pic-1.jpg%20'],
  ['leading space', '%20pic-1.jpg'],
  ['NTFS stream: pic-1.jpg::$DATA', 'pic-1.jpg%3A%3A%24DATA'],
  ['semicolon: pic-1.jpg;.png', 'pic-1.jpg%3B.png'],
  ['newline', 'pic-1.jpg%0d%0aX-Injected:%201'],
];

describe('absurd names in fileUrl (submit-file), with the bytes of an announced file', () => {
  const post = (name: string) =>
    amina.post(`/be/offline-api/submit-file/${id}/${name}`, files.picture as BodyInit, { 'content-type': 'application/octet-stream' });

  for (const [label, name] of URL_NAMES) {
    it(`in-process: ${label} → 4xx, nothing stored`, async () => {
      await unchanged(db(), async () => {
        const res = await post(name);
        // dot segments are resolved by the URL parser before routing and the request lands on no route
        await expectError(res, [400, 404], /^(INVALID_FILE_URL|NOT_FOUND)$/);
      });
    });
  }

  it('over a real socket, every name as sent: 4xx, nothing stored', async () => {
    const l = await login(server.app, AMINA);
    await unchanged(db(), async () => {
      for (const [label, name] of [...URL_NAMES, ['raw ../../../../etc/passwd', '../../../../etc/passwd'], ['raw backslashes', '..\\..\\etc\\passwd'], ['raw // prefix', '//etc/passwd']] as [string, string][]) {
        const res = await rawRequest(server.url, `/be/offline-api/submit-file/${id}/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${l.token.jwt}`, 'content-type': 'application/octet-stream' },
          body: Buffer.from(files.picture),
        });
        // raw dot segments climb out of /be to a static path, where a POST is 405
        expect([400, 404, 405], `${label}: ${res.status} ${res.body.slice(0, 200)}`).toContain(res.status);
        expect(res.body, label).not.toMatch(/^ok/);
        expect(res.body, label).not.toContain('INTERNAL_ERROR');
      }
    });
  });

  it('encoded separators, NUL, leading dots, homoglyphs and long names are refused by name (400 INVALID_FILE_URL)', async () => {
    // (dot segments are resolved by the URL parser; a decoded newline matches no route: both 404 NOT_FOUND)
    const plain = URL_NAMES.filter(([label]) => !['..', '.', '%2e%2e', '%2E%2E', '.%2e', 'newline'].includes(label));
    await unchanged(db(), async () => {
      for (const [label, name] of plain) {
        const res = await post(name);
        expect(res.status, label).toBe(400);
        expect(((await res.json()) as { message: string }).message, label).toBe('INVALID_FILE_URL');
      }
    });
  });

  it('look-alike names are not the announced file: pic_1.jpg, PIC-1.JPG, CON, nul → 404 FILE_NOT_ANNOUNCED', async () => {
    await unchanged(db(), async () => {
      for (const name of ['pic_1.jpg', 'pic-1.jp_', 'PIC-1.JPG', 'pic-1.jpeg', 'CON', 'nul', 'pic-1.jpg.', 'pic-1']) {
        await expectError(await post(name), 404, 'FILE_NOT_ANNOUNCED');
      }
    });
  });

  it('the announced name itself still works (control)', async () => {
    const res = await post('pic-1.jpg');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^ok /);
  });
});

describe('absurd names announced in a save (fileUrl of pictures, attachments, signatures)', () => {
  const names = [
    '..',
    '../x.jpg',
    '..\\x.jpg',
    'a/b.jpg',
    'a\\b.jpg',
    '.hidden.jpg',
    'x\u0000.jpg',
    '%2e%2e%2fx.jpg',
    LONG,
    'pic‐1.jpg',
    'ｐic.jpg',
    '..∕x',
    'x.jpg\r\nX-Injected: 1',
    '',
    ' ',
  ];
  for (const part of ['pictures', 'attachments', 'signatures'] as const) {
    it(`${part}: 400 INVALID_REQUEST for each of ${names.length} names, nothing stored`, async () => {
      const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
      const parts = saveParts(held, ext, files);
      await unchanged(db(), async () => {
        for (const name of names) {
          const bad = { ...parts, [part]: parts[part].map((f, i) => (i === 0 ? { ...f, fileUrl: name } : f)) };
          const res = await amina.post(be(paths.save(id)), formOf(bad));
          const body = await expectError(res, 400, 'INVALID_REQUEST');
          expect(JSON.stringify(body.data), JSON.stringify(name)).toContain('fileUrl');
        }
      });
    });
  }
});

// ---------------------------------------------------------------- download links, datasets, ids

describe('file download links', () => {
  it('traversal and absurd ids: 400 INVALID_ID (or 404), never bytes', async () => {
    const ids = ['..', '%2e%2e', '..%2f..%2fpir.sqlite', '1%2f..', '1%00', '%00', '1%20', '%201', '+1', '-1', '0', '1.0', '1e3', '0x10', '１', '١', '1%2c2', LONG, '9'.repeat(400), "1'%20OR%20'1'%3D'1"];
    await unchanged(db(), async () => {
      for (const kind of ['pictures', 'documents', 'attachments']) {
        for (const bad of ids) {
          const res = await amina.get(`/be/offline-api/files/${kind}/${bad}`);
          const text = await res.clone().text();
          await expectError(res, [400, 404], /^(INVALID_ID|NOT_FOUND|FILE_NOT_FOUND)$/);
          expectNothingOutside(text, `${kind}/${bad}`);
        }
      }
    });
  });

  it('traversal and absurd kinds: 404, never bytes', async () => {
    const kinds = ['..', '%2e%2e', '..%2fpictures', 'pictures%2f..', 'pictures%00', 'Pictures', 'PICTURES', 'blobs', 'files', '__proto__', 'constructor', 'toString', '%70ictures', LONG, 'pictures;documents'];
    await unchanged(db(), async () => {
      for (const kind of kinds) {
        const res = await amina.get(`/be/offline-api/files/${kind}/1`);
        const text = await res.clone().text();
        // %70ictures decodes to "pictures": a real kind, so file 1 may be served; anything else is refused
        if (kind === '%70ictures') {
          expect([200, 404]).toContain(res.status);
          continue;
        }
        await expectError(res, [400, 404], /^(NOT_FOUND|INVALID_ID|FILE_NOT_FOUND)$/);
        expectNothingOutside(text, kind);
      }
    });
  });

  it('over a real socket: raw traversal in links never reaches the file system', async () => {
    const l = await login(server.app, AMINA);
    for (const raw of ['/be/offline-api/files/pictures/../../../../etc/passwd', '/be/offline-api/files/../../secret.txt', '/be/offline-api/files/pictures/..%2f..%2f..%2fsecret.txt', '/be/offline-api/files/pictures/1/../../../../../server/app.ts', '/be/..%2f..%2fsecret.txt', '/be/%2e%2e/%2e%2e/secret.txt']) {
      const res = await rawRequest(server.url, raw, { headers: { authorization: `Bearer ${l.token.jwt}` } });
      expect(res.status, `${raw}: ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.status, raw).toBeLessThan(500);
      expectNothingOutside(res.body, raw);
    }
  });
});

describe('dataset names and report ids', () => {
  it('traversal in dataset names: 404, never a file', async () => {
    const names = ['..%2f..%2fpackage.json', '..%2fdata%2fflag', '%2e%2e', 'flag.json', 'flag%00', 'flag%2f..%2fspecies', '.flag', '__proto__', 'constructor', 'FLAG', LONG, encodeURIComponent('ﬂag')];
    await unchanged(db(), async () => {
      for (const name of names) {
        const res = await amina.get(`/be/reference_data/${name}`);
        const text = await res.clone().text();
        await expectError(res, [400, 404], /^(UNKNOWN_DATASET|NOT_FOUND)$/);
        expectNothingOutside(text, name);
        expect(text, name).not.toContain('"dependencies"');
      }
    });
  });

  it('traversal in report ids: 400 INVALID_ID on every report call', async () => {
    const ids = ['..%2f1017', '1017%2f..', '%2e%2e%2f1017', '1017%00', LONG, '١٠١٧', '１０１７'];
    await unchanged(db(), async () => {
      for (const bad of ids) {
        for (const res of [
          await amina.get(`/be/offline-api/pir/${bad}`),
          await amina.get(`/be/offline-api/pir/${bad}/complete-submit`),
          await amina.postJson(`/be/offline-api/pir/${bad}/device-claim`, { deviceIdentifier: amina.device }),
          await amina.postJson(`/be/offline-api/pir/${bad}/device-release`, { deviceIdentifier: amina.device }),
          await amina.post(`/be/offline-api/pir/${bad}/save`, formOf({})),
          await amina.post(`/be/offline-api/submit-file/${bad}/pic-1.jpg`, files.picture as BodyInit, { 'content-type': 'application/octet-stream' }),
        ]) {
          await expectError(res, [400, 404], /^(INVALID_ID|NOT_FOUND)$/);
        }
      }
    });
  });
});

// ---------------------------------------------------------------- names stored as data

describe('absurd attachment names are data: stored verbatim, served with a safe header', () => {
  it('submitted attachments named like paths, header injections and control characters', async () => {
    const hostile = [
      '../../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      'evil"\r\nSet-Cookie: stolen=1\r\nX-Injected: 1.pdf',
      'nul\u0000byte.pdf',
      'ﬁle\u202efdp.exe',
      '.htaccess',
      `${'long-'.repeat(59)}.pdf`,
    ];
    const report = (await listing(amina)).find((p) => p.id === 1023)!;
    expect(report.claimedByDevice).toBe(AMINA.deviceName);
    const rid = pirCallId(report);
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(rid)))).json());
    const base = makeFiles(62);
    const parts = saveParts(report, ext, base);
    const attachments = hostile.map((name, i) => {
      const bytes = new Uint8Array(Buffer.from(`%PDF-1.4 hostile ${i}\n`));
      return { bytes, meta: { fileUrl: `att-${i}.pdf`, contentType: 'application/pdf', size: bytes.byteLength, sha256: sha256(bytes), uid: `h${i}`, type: 'AUTF', name } };
    });
    const save = await amina.post(be(paths.save(rid)), formOf(sealed({ ...parts, attachments: attachments.map((a) => a.meta) })));
    expect(save.status, await save.clone().text()).toBe(200);
    for (const [name, bytes] of uploads(base).filter(([n]) => n !== 'att-1.pdf')) {
      expect((await amina.post(be(paths.submitFile(rid, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
    }
    for (const a of attachments) {
      expect((await amina.post(be(paths.submitFile(rid, a.meta.fileUrl)), a.bytes as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
    }
    expect(await (await amina.get(be(paths.completeSubmit(rid)))).json()).toMatchObject({ total: { files: expect.any(Number) } });

    const submitted = (await listing(amina)).find((p) => p.id === report.id)!;
    const form = submitted.submitedForms.find((f) => f.typeOfForm === 'PIR')!;
    const byName = new Map(form.attachments.map((d) => [d.name, d]));
    for (const [i, name] of hostile.entries()) {
      const doc = byName.get(name);
      expect(doc, JSON.stringify(name)).toBeDefined();
      const res = await amina.get(doc!.downloadLink);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString()).toBe(`%PDF-1.4 hostile ${i}\n`);
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"$/);
      expect(disposition.slice('inline; filename="'.length, -1)).not.toMatch(/["\\]/);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-injected')).toBeNull();
    }
    // read back from the database verbatim
    const stored = db().prepare("SELECT name FROM files WHERE report_id = ? AND kind = 'attachments' ORDER BY id").all(report.id) as { name: string }[];
    expect(stored.map((r) => r.name).filter((n) => hostile.includes(n)).sort()).toEqual([...hostile].sort());
  });
});

// ---------------------------------------------------------------- static paths

const STATIC_PATHS = [
  '/..%2f',
  '/..%2fsecret.txt',
  '/%2e%2e/',
  '/%2e%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '//etc/passwd',
  '///etc/passwd',
  '/pir/..%2f..%2fserver%2fapp.ts',
  '/pir/1017/..%2f..%2f..%2fserver%2fapp.ts',
  '/pir/_/..%2f..%2fsecret.txt',
  '/reports/..%2f..%2fdata%2fpir.sqlite',
  '/..%5c..%5cserver%5capp.ts',
  '/a%5c..%5c..%5csecret.txt',
  '/.env',
  '/%2eenv',
  '/.git/config',
  '/reports/%00',
  '/reports/x%00.html',
  '/index.html%00.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/%c0%af',
  '/%252e%252e/secret.txt',
  `/${'a'.repeat(10 * 1024)}`,
  `/${encodeURIComponent('．．')}/secret.txt`,
  `/pir/${encodeURIComponent('..∕..∕secret.txt')}`,
  '/..;/secret.txt',
  '/.well-known/%2e%2e/secret.txt',
  '/_next/static/..%2f..%2f..%2fsecret.txt',
  '/sw.js/..%2f..%2fsecret.txt',
  '/link.txt',
  '/vfd/..%2f..%2fsecret.txt/vesselfile.html',
  '/vfd/%2e%2e/vesselfile.html',
];
const NORMALISED_IN_PROCESS = ['/%2e%2e/', '/%2e%2e/secret.txt', '/.well-known/%2e%2e/secret.txt', '/vfd/%2e%2e/vesselfile.html'];
/** Raw paths the in-process URL parser would normalise; sent as-is over the socket. */
const RAW_ONLY = ['/../secret.txt', '/../../../../etc/passwd', '/reports/../../secret.txt', '/pir/../../server/app.ts', '/..\\..\\secret.txt', '/.well-known/../../secret.txt', '/./../secret.txt'];

describe('static paths never leave out/', () => {
  it(`in-process: ${STATIC_PATHS.length} hostile paths → 4xx, nothing outside out/ or from a dot-file`, async () => {
    const before = deepSnapshot(db());
    // in-process, Request() resolves %2e%2e segments before the app sees them (the socket test sends them raw)
    for (const p of STATIC_PATHS.filter((x) => !NORMALISED_IN_PROCESS.includes(x))) {
      for (const method of ['GET', 'HEAD']) {
        const res = await server.app.request(p, { method });
        const text = await res.text();
        expect(res.status, `${method} ${p.slice(0, 80)}: ${res.status}`).toBeGreaterThanOrEqual(400);
        expect(res.status, p).toBeLessThan(500);
        expectNothingOutside(text, p);
      }
    }
    expect(deepSnapshot(db())).toEqual(before);
  });

  it(`over a real socket: the same ${STATIC_PATHS.length} paths and ${RAW_ONLY.length} raw dot-segment paths, exactly as sent`, async () => {
    for (const p of [...STATIC_PATHS, ...RAW_ONLY]) {
      const res = await rawRequest(server.url, p);
      expect(res.status, `${p.slice(0, 80)}: ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expectNothingOutside(res.body, p);
    }
  });

  it('encoded separators, NUL and dot-files are refused by name: 400 INVALID_PATH', async () => {
    for (const p of ['/..%2fsecret.txt', '/pir/..%2f..%2fserver%2fapp.ts', '/..%5c..%5cserver%5capp.ts', '/.env', '/%2eenv', '/.git/config', '/reports/x%00.html', '/%c0%ae%c0%ae/secret.txt']) {
      const res = await server.app.request(p);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toEqual({ message: 'INVALID_PATH' });
    }
  });

  it('raw dot segments (plain or %2e-encoded) are refused over the socket, not resolved: 400 INVALID_PATH', async () => {
    for (const p of ['/%2e%2e/', '/%2E%2E/index.html', '/.%2e/reports/', '/../secret.txt', '/reports/../', '/./', '/reports/./', '/..\\secret.txt', '/.well-known/../../secret.txt']) {
      const res = await rawRequest(server.url, p);
      // Node's HTTP parser itself answers a bare 400 to a backslash in the request target
      expect(`${res.status} ${res.body}`, p).toBe(p.includes('\\') ? '400 ' : '400 {"message":"INVALID_PATH"}');
    }
  });

  it('the export itself is still served (control)', async () => {
    const res = await rawRequest(server.url, '/reports/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('REPORTS');
  });
});
