/** Two devices claiming one report at the same instant, over a real socket: exactly one wins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReply, currentFilesReply, loginReply, paths, pirCallId, type Pir } from '../../lib/contract/index';
import { startServer, type RunningServer } from '../../server/app';
import { AMINA, CLAIRE, RAJESH, silent, tempDir, TODAY } from './helpers';
import fs from 'node:fs';

let server: RunningServer;
let dataDir: string;

async function loginOver(user: typeof AMINA): Promise<string> {
  const res = await fetch(`${server.url}/be/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password, deviceName: '' }),
  });
  expect(res.status).toBe(200);
  return loginReply.parse(await res.json()).token.jwt;
}

function claim(jwt: string, device: string, id: number, reclaim = false): Promise<number> {
  return fetch(`${server.url}/be/${paths.claim(id)}${reclaim ? '?reclaim=1' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceIdentifier: device }),
  }).then(async (r) => {
    expect(r.status).toBe(200);
    return claimReply.parse(await r.json());
  });
}

beforeAll(async () => {
  dataDir = tempDir();
  server = await startServer({ dataDir, port: 0, host: '127.0.0.1', staticDir: null, logger: silent, seed: { today: TODAY } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('concurrent claims', () => {
  it('prints a reachable URL', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('of two devices claiming the same free report at once, exactly one wins (repeated on 5 reports)', async () => {
    const [a, r, c] = await Promise.all([loginOver(AMINA), loginOver(RAJESH), loginOver(CLAIRE)]);
    const list: Pir[] = currentFilesReply.parse(await (await fetch(`${server.url}/be/${paths.currentFiles()}`, { headers: { authorization: `Bearer ${a}` } })).json());
    const free = list.filter((p) => p.claimedByDevice === null && p.status === 'notready');
    expect(free.length).toBeGreaterThanOrEqual(5);
    for (const [k, report] of free.slice(0, 5).entries()) {
      const id = pirCallId(report);
      const pair = k % 2 === 0 ? ([a, AMINA.deviceName, r, RAJESH.deviceName] as const) : ([c, CLAIRE.deviceName, a, AMINA.deviceName] as const);
      const results = await Promise.all([claim(pair[0], pair[1], id), claim(pair[2], pair[3], id)]);
      const winners = results.filter((x) => x !== 0);
      expect(winners, `report ${report.id}: ${results}`).toHaveLength(1);
      expect(results.filter((x) => x === 0)).toHaveLength(1);
      // the listing agrees with the winner
      const after: Pir[] = currentFilesReply.parse(await (await fetch(`${server.url}/be/${paths.currentFiles()}`, { headers: { authorization: `Bearer ${a}` } })).json());
      const row = after.find((p) => p.id === report.id)!;
      expect(row.claimedByDevice).toBe(results[0] !== 0 ? pair[1] : pair[3]);
    }
  });

  it('three devices at once: one winner', async () => {
    const [a, r, c] = await Promise.all([loginOver(AMINA), loginOver(RAJESH), loginOver(CLAIRE)]);
    const list: Pir[] = currentFilesReply.parse(await (await fetch(`${server.url}/be/${paths.currentFiles()}`, { headers: { authorization: `Bearer ${a}` } })).json());
    const report = list.find((p) => p.claimedByDevice === null && p.status === 'notready')!;
    const id = pirCallId(report);
    const results = await Promise.all([claim(a, AMINA.deviceName, id), claim(r, RAJESH.deviceName, id), claim(c, CLAIRE.deviceName, id)]);
    expect(results.filter((x) => x !== 0)).toHaveLength(1);
  });
});
