/** /be replies over slow port networks: JSON travels compressed, files keep their exact bytes and length. */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pir } from '../../lib/contract/index';
import { asUser, be, listing, makeApp, waitForReferenceData, type TestApp } from './helpers';

let t: TestApp;
let user: Awaited<ReturnType<typeof asUser>>;
let reports: Pir[];

beforeAll(async () => {
  await waitForReferenceData();
  t = await makeApp();
  user = await asUser(t.app);
  reports = await listing(user);
});
afterAll(() => t?.close());

describe('compression of /be replies', () => {
  it('the listing and a reference dataset are gzipped when the client accepts it, and decode to the same JSON', async () => {
    for (const p of ['offline-api/current-files', 'reference_data/species']) {
      const plain = await user.get(be(p));
      const zipped = await user.get(be(p), { 'accept-encoding': 'gzip' });
      expect(zipped.status).toBe(200);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      const bytes = Buffer.from(await zipped.arrayBuffer());
      const text = await plain.text();
      expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(text) / 3);
      expect(JSON.parse(zlib.gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(text));
    }
  });

  it('a picture is sent as is, with its Content-Length, even to a client that accepts gzip', async () => {
    const link = reports.find((r) => r.vesselPictures.length > 0)!.vesselPictures[0]!.downloadLink;
    const res = await user.get(link, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});
