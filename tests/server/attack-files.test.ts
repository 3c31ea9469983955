/**
 * Attack suite — files served as what the uploader says (issue 19 item 7). Only what the app sends is
 * accepted, by its first bytes (JPEG, PNG, TIFF pictures; PNG or JPEG signatures; PDF attachments);
 * an announced type with a line break is refused; a file stored before these checks is served as
 * application/octet-stream, as an attachment, and every download is sandboxed and never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, paths, pirCallId, type Extended, type Pir } from '../../lib/contract/index';
import { addFile } from '../../server/db/files';
import { AMINA, be, client, formOf, listing, login, makeApp, makeFiles, saveParts, type SaveFiles, type TestApp } from './helpers';
import { expectError, unchanged } from './attack-helpers';

let t: TestApp;
let amina: ReturnType<typeof client>;
let held: Pir;
let ext: Extended;
const db = () => t.app.ctx.db;
const octets = { 'content-type': 'application/octet-stream' };

beforeAll(async () => {
  t = await makeApp();
  amina = client(t.app, (await login(t.app, AMINA)).token.jwt);
  held = (await listing(amina)).find((p) => p.claimedByDevice === AMINA.deviceName && p.status !== 'submitted')!;
  ext = extendedReply.parse(await (await amina.get(be(paths.extended(pirCallId(held))))).json());
});
afterAll(() => t?.close());

const html = new Uint8Array(Buffer.from('<!doctype html><html><body><script>fetch("/be/offline-api/current-files")</script></body></html>'));
const svg = new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'));
const js = new Uint8Array(Buffer.from('navigator.serviceWorker.register("/be/offline-api/files/attachments/1")'));

describe('uploads that are not what the app sends → 400 UNSUPPORTED_FILE_TYPE, nothing stored', () => {
  const cases: [string, string, keyof SaveFiles, Uint8Array, string][] = [
    ['report.html as an attachment', 'att-1.pdf', 'attachment', html, 'text/html'],
    ['an SVG with a script as a picture', 'pic-1.jpg', 'picture', svg, 'image/svg+xml'],
    ['a script as an attachment', 'att-1.pdf', 'attachment', js, 'text/javascript'],
    ['a PDF as a picture', 'pic-1.jpg', 'picture', makeFiles(2).attachment, 'image/jpeg'],
  ];
  for (const [name, fileUrl, slot, bytes, announcedType] of cases) {
    it(name, async () => {
      const parts = saveParts(held, ext, { ...makeFiles(3), [slot]: bytes });
      for (const list of [parts.pictures, parts.attachments]) for (const f of list) if (f.fileUrl === fileUrl) f.contentType = announcedType;
      expect((await amina.post(be(paths.save(pirCallId(held))), formOf(parts))).status).toBe(200);
      await unchanged(db(), async () => expectError(await amina.post(be(paths.submitFile(pirCallId(held), fileUrl)), bytes as BodyInit, octets), 400, 'UNSUPPORTED_FILE_TYPE'));
    });
  }
});

it('a save announcing a content type with a line break → 400 INVALID_REQUEST, nothing stored', async () => {
  const parts = saveParts(held, ext, makeFiles(4));
  parts.pictures[0]!.contentType = 'image/jpeg\r\nX-Injected: 1';
  await unchanged(db(), async () => expectError(await amina.post(be(paths.save(pirCallId(held))), formOf(parts)), 400, 'INVALID_REQUEST'));
});

describe('files stored before the checks are served harmlessly', () => {
  const stored: [string, Uint8Array, string][] = [
    ['report.html', html, 'text/html'],
    ['drawing.svg', svg, 'image/svg+xml'],
    ['app.js', js, 'text/javascript'],
    ['broken.png', html, 'image/png\r\nSet-Cookie: x=1'],
  ];
  for (const [name, bytes, contentType] of stored) {
    it(`${name} stored as ${JSON.stringify(contentType)} → application/octet-stream, attachment, sandboxed, not cached`, async () => {
      const id = addFile(db(), { kind: 'attachments', name, contentType, bytes, reportId: held.id });
      const res = await amina.get(be(paths.file('attachments', id)));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(bytes));
    });
  }

  it('a real PDF and JPEG keep their type, inline, sandboxed and not cached', async () => {
    const files = makeFiles(5);
    for (const [bytes, type] of [[files.attachment, 'application/pdf'], [files.picture, 'image/jpeg']] as const) {
      const id = addFile(db(), { kind: 'attachments', name: 'x', contentType: 'text/html', bytes, reportId: held.id });
      const res = await amina.get(be(paths.file('attachments', id)));
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});
