/**
 * Attack suite — borrowed tablet names (issue 19 item 3). A claim belongs to an inspector on a tablet:
 * a login naming a tablet registered to someone else is refused (403 DEVICE_OF_ANOTHER_USER) and no
 * token is given, a token for a tablet that is not (or no longer) its user's is refused on every call
 * (401 SESSION_EXPIRED), and nothing stored changes. Each inspector's own tablets keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_OF_ANOTHER_USER, extendedReply, paths, pirCallId, type Pir } from '../../lib/contract/index';
import { registerDevice } from '../../server/db/devices';
import { anotherTablet } from '../../server/seed/index';
import { AMINA, be, CLAIRE, client, formOf, listing, login, makeApp, makeFiles, RAJESH, saveParts, type TestApp } from './helpers';
import { expectError, unchanged } from './attack-helpers';

let t: TestApp;
let list: Pir[];
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await makeApp();
  list = await listing(client(t.app, (await login(t.app, AMINA)).token.jwt));
});
afterAll(() => t?.close());

const loginAs = (user: typeof AMINA, deviceName: string) =>
  t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password, deviceName }) });

describe("a login naming another inspector's tablet → 403 DEVICE_OF_ANOTHER_USER, no token, nothing stored", () => {
  const names = [AMINA.deviceName, AMINA.deviceName.toLowerCase(), ` ${AMINA.deviceName} `, anotherTablet(AMINA), CLAIRE.deviceName];
  for (const name of names) {
    it(`rajesh as "${name}"`, async () => {
      const body = await unchanged(db(), async () => {
        const res = await loginAs(RAJESH, name);
        const text = await res.clone().text();
        expect(text).not.toMatch(/jwt/);
        return expectError(res, 403, DEVICE_OF_ANOTHER_USER);
      });
      expect(body.data).toEqual({ deviceName: name.trim() });
    });
  }
});

describe("a token for another inspector's tablet (as an older server issued) is refused on every call", () => {
  let forged: ReturnType<typeof client>;
  let held: Pir;
  beforeAll(async () => {
    const rajesh = (await login(t.app, RAJESH)).user;
    // what POST /be/login used to hand out for {"username":"rajesh","deviceName":"SFA-TAB-01"}
    forged = client(t.app, (await t.app.ctx.tokens.issue(rajesh.id, AMINA.deviceName)).jwt);
    held = list.find((p) => p.claimedByDevice === AMINA.deviceName && p.status !== 'submitted')!;
  });

  it('listing, extended, claim, release, save, upload, complete-submit and refresh → 401 SESSION_EXPIRED', async () => {
    const id = pirCallId(held);
    const free = list.find((p) => p.claimedByDevice === null && p.status !== 'submitted')!;
    const ext = extendedReply.parse(await (await client(t.app, (await login(t.app, AMINA)).token.jwt).get(be(paths.extended(id)))).json());
    const files = makeFiles(4);
    const calls: [string, () => Promise<Response>][] = [
      ['listing', () => forged.get(be(paths.currentFiles()))],
      ['extended', () => forged.get(be(paths.extended(id)))],
      ['claim', () => forged.postJson(be(paths.claim(pirCallId(free))), { deviceIdentifier: AMINA.deviceName })],
      ['reclaim', () => forged.postJson(be(`${paths.claim(id)}?reclaim=1`), { deviceIdentifier: AMINA.deviceName })],
      ['release', () => forged.postJson(be(paths.release(id)), { deviceIdentifier: AMINA.deviceName })],
      ['save', () => forged.post(be(paths.save(id)), formOf(saveParts(held, ext, files)))],
      ['upload', () => forged.post(be(paths.submitFile(id, 'pic-1.jpg')), files.picture as BodyInit, { 'content-type': 'application/octet-stream' })],
      ['complete-submit', () => forged.get(be(paths.completeSubmit(id)))],
      ['refresh', () => forged.get(be(paths.refreshToken()))],
    ];
    for (const [name, call] of calls) {
      await unchanged(db(), async () => {
        const res = await call();
        expect(res.status, name).toBe(401);
        await expectError(res, 401, 'SESSION_EXPIRED');
      });
    }
    expect((await listing(client(t.app, (await login(t.app, AMINA)).token.jwt))).find((p) => p.id === held.id)!.claimedByDevice).toBe(AMINA.deviceName);
  });
});

describe("each inspector's own tablets stay theirs", () => {
  it('amina signs in on her tablet, her other tablet and a new one; the new one is then hers alone', async () => {
    for (const name of [AMINA.deviceName, anotherTablet(AMINA), '', 'SFA-TAB-42']) {
      const l = await login(t.app, AMINA, name);
      expect(l.user.deviceName).toBe(name || AMINA.deviceName);
      expect((await client(t.app, l.token.jwt).get(be(paths.currentFiles()))).status).toBe(200);
    }
    await unchanged(db(), async () => expectError(await loginAs(CLAIRE, 'sfa-tab-42'), 403, DEVICE_OF_ANOTHER_USER));
  });

  it("a report held by an inspector's other tablet is released from that tablet, not from another inspector's", async () => {
    const other = list.find((p) => p.claimedByDevice === anotherTablet(RAJESH) && p.status !== 'submitted')!;
    await unchanged(db(), async () => expectError(await loginAs(AMINA, anotherTablet(RAJESH)), 403, DEVICE_OF_ANOTHER_USER));
    const c = client(t.app, (await login(t.app, RAJESH, anotherTablet(RAJESH))).token.jwt);
    expect(await (await c.postJson(be(paths.release(pirCallId(other))), { deviceIdentifier: anotherTablet(RAJESH) })).json()).toBe(1);
  });

  it('the operator moves a tablet: the old owner\'s tokens on it end (401), the new owner signs in with it', async () => {
    const old = client(t.app, (await login(t.app, CLAIRE, 'RE-TAB-77')).token.jwt);
    expect((await old.get(be(paths.currentFiles()))).status).toBe(200);
    const rajeshId = (await login(t.app, RAJESH)).user.id;
    registerDevice(db(), 'RE-TAB-77', rajeshId, new Date().toISOString());
    await expectError(await old.get(be(paths.currentFiles())), 401, 'SESSION_EXPIRED');
    await expectError(await loginAs(CLAIRE, 'RE-TAB-77'), 403, DEVICE_OF_ANOTHER_USER);
    expect((await login(t.app, RAJESH, 'RE-TAB-77')).user.deviceName).toBe('RE-TAB-77');
  });
});
