/**
 * Attack suite — sessions that outlive their password (issue 19 item 4). A password change or a
 * disabled account ends every token issued before it, refreshed ones included; a session can be
 * refreshed only up to its absolute limit after the password was typed. Each ended session answers
 * 401 SESSION_EXPIRED (the app asks for the password again and keeps local work), and nothing changes.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, refreshReply } from '../../lib/contract/index';
import { setDisabled, setPassword } from '../../server/db/users';
import { be, CLAIRE, client, login, makeApp, RAJESH, type TestApp } from './helpers';
import { expectError, unchanged } from './attack-helpers';

let t: TestApp;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const refresh = async (jwt: string) => refreshReply.parse(await (await client(t.app, jwt).get(be(paths.refreshToken()))).json()).token.jwt;
const loginRes = (username: string, password: string) =>
  t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, deviceName: '' }) });

/** Every token answers 401 SESSION_EXPIRED on the listing and on refresh, and nothing stored changes. */
async function expectEnded(tokens: string[]) {
  for (const jwt of tokens) {
    const c = client(t.app, jwt);
    await unchanged(db(), async () => {
      await expectError(await c.get(be(paths.currentFiles())), 401, 'SESSION_EXPIRED');
      await expectError(await c.get(be(paths.refreshToken())), 401, 'SESSION_EXPIRED');
    });
  }
}

describe('a password change ends every session issued before it', () => {
  it("claire's token, its refreshed token and the refresh of that → 401; the new password signs in", async () => {
    const first = (await login(t.app, CLAIRE)).token.jwt;
    const second = await refresh(first);
    const third = await refresh(second);
    expect((await client(t.app, third).get(be(paths.currentFiles()))).status).toBe(200);
    expect(await setPassword(db(), CLAIRE.username, 'claire-new-password')).toBe(true);
    await expectEnded([first, second, third]);
    await expectError(await loginRes(CLAIRE.username, CLAIRE.password), 401, 'INVALID_CREDENTIALS');
    const fresh = await loginRes(CLAIRE.username, 'claire-new-password');
    expect(fresh.status).toBe(200);
    // put the demo password back for the other cases
    await setPassword(db(), CLAIRE.username, CLAIRE.password);
  });
});

describe('a disabled user', () => {
  it('has every session ended and logins refused (401 INVALID_CREDENTIALS); enabled again, signs in', async () => {
    const jwt = (await login(t.app, RAJESH)).token.jwt;
    const refreshed = await refresh(jwt);
    expect(setDisabled(db(), RAJESH.username, true)).toBe(true);
    await expectEnded([jwt, refreshed]);
    await unchanged(db(), async () => expectError(await loginRes(RAJESH.username, RAJESH.password), 401, 'INVALID_CREDENTIALS'));
    expect(setDisabled(db(), RAJESH.username, false)).toBe(true);
    expect((await loginRes(RAJESH.username, RAJESH.password)).status).toBe(200);
  });
});

describe('a session has an absolute limit after the password was typed', () => {
  it('refreshed tokens never expire later than the limit; past it, refresh and every call answer 401', async () => {
    const short = await makeApp({ sessionMaxAge: 3, tokenTtl: 3600 });
    try {
      const l = await login(short.app, CLAIRE);
      const loginExp = decodeJwt(l.token.jwt).exp!;
      expect(l.token.expire).toBeLessThanOrEqual(3);
      const c = client(short.app, l.token.jwt);
      const again = refreshReply.parse(await (await c.get(be(paths.refreshToken()))).json()).token;
      expect(decodeJwt(again.jwt).exp!).toBeLessThanOrEqual(loginExp);
      await new Promise((r) => setTimeout(r, 3200));
      for (const jwt of [l.token.jwt, again.jwt]) {
        await expectError(await client(short.app, jwt).get(be(paths.refreshToken())), 401, 'SESSION_EXPIRED');
        await expectError(await client(short.app, jwt).get(be(paths.currentFiles())), 401, 'SESSION_EXPIRED');
      }
    } finally {
      short.close();
    }
  });

  it('a token claiming a login time older than the limit (as a forged or very old chain would) is refused', async () => {
    const user = (await login(t.app, CLAIRE)).user;
    const old = await t.app.ctx.tokens.issue(user.id, CLAIRE.deviceName, Date.now() - 31 * 24 * 3600 * 1000);
    await expectEnded([old.jwt]);
  });
});
