/**
 * Issue 29 item 6: the app sets its clock by the server's, read from the `Date` header of every /be
 * reply (lib/clock). Over a real socket (Node's HTTP server writes it; `app.request` would not), for
 * a sign-in, a listing, a refusal and reference data.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, silent, tempDir, TODAY } from './helpers';

let server: RunningServer;
let dataDir: string;
let jwt: string;

beforeAll(async () => {
  dataDir = tempDir('pir-date-header-');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: silent, seed: { today: TODAY } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The reply's Date, checked to be the server's time now (whole seconds). */
function expectServerDate(res: Response, before: number) {
  const date = res.headers.get('date');
  expect(date, `${res.url} ${res.status}`).toBeTruthy();
  const at = Date.parse(date!);
  expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(at).toBeLessThanOrEqual(Date.now());
}

describe('every /be reply carries the server time in Date', () => {
  it('sign-in, listing, a refusal and reference data', async () => {
    let before = Date.now();
    const login = await fetch(`${server.url}/be/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: AMINA.username, password: AMINA.password, deviceName: '' }),
    });
    expect(login.status).toBe(200);
    expectServerDate(login, before);
    jwt = ((await login.json()) as { token: { jwt: string } }).token.jwt;

    before = Date.now();
    const listing = await fetch(`${server.url}/be/offline-api/current-files`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(listing.status).toBe(200);
    expectServerDate(listing, before);

    before = Date.now();
    const refused = await fetch(`${server.url}/be/offline-api/current-files`);
    expect(refused.status).toBe(401);
    expectServerDate(refused, before);

    before = Date.now();
    const flags = await fetch(`${server.url}/be/reference_data/flag`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(flags.status).toBe(200);
    expectServerDate(flags, before);
  });
});
