/**
 * Attack suite — sessions end alone (issue 31 item 9, ASVS 3.3.1). POST /be/logout ends the session of
 * the token it carries: that token, and every token refreshed from it, answers 401 SESSION_EXPIRED from
 * then on, while the inspector's other sessions (another tablet, another login) go on. An operator lists
 * the sessions and ends one (`server session list|end`). Tokens without a session id (as a server that
 * recorded no sessions issued) are refused. Nothing but the ended session's row changes.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutReply, paths, refreshReply } from '../../lib/contract/index';
import { endSession, listSessions } from '../../server/db/sessions';
import { anotherTablet } from '../../server/seed/index';
import { AMINA, be, client, CLAIRE, login, makeApp, type TestApp } from './helpers';
import { deepSnapshot, expectError, unchanged } from './attack-helpers';

let t: TestApp;
const db = () => t.app.ctx.db;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const refresh = async (jwt: string) => refreshReply.parse(await (await client(t.app, jwt).get(be(paths.refreshToken()))).json()).token.jwt;
const logout = (jwt: string) => client(t.app, jwt).post(be(paths.logout()), null);
const sid = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sid?: string }).sid;

async function expectEnded(jwt: string) {
  await unchanged(db(), async () => {
    await expectError(await client(t.app, jwt).get(be(paths.currentFiles())), 401, 'SESSION_EXPIRED');
    await expectError(await client(t.app, jwt).get(be(paths.refreshToken())), 401, 'SESSION_EXPIRED');
    await expectError(await logout(jwt), 401, 'SESSION_EXPIRED');
  });
}

describe('the app logs out: its session ends on the server, the others go on', () => {
  it('the token and the ones refreshed from it → 401; another tablet and another login of the same inspector still work', async () => {
    const first = (await login(t.app, AMINA)).token.jwt;
    const refreshed = await refresh(first);
    const sameTabletOtherLogin = (await login(t.app, AMINA)).token.jwt;
    const otherTablet = (await login(t.app, AMINA, anotherTablet(AMINA))).token.jwt;
    expect(sid(refreshed)).toBe(sid(first));

    const before = deepSnapshot(db(), ['sessions']);
    const rows = () => db().prepare('SELECT id, ended_at, ended_by FROM sessions ORDER BY id').all() as { id: string; ended_at: string | null; ended_by: string | null }[];
    const rowsBefore = rows();
    const res = await logout(refreshed);
    expect(res.status).toBe(200);
    expect(logoutReply.parse(await res.json())).toEqual({ loggedOut: true });
    // only that session's row changed, to ended by logout
    expect(deepSnapshot(db(), ['sessions'])).toEqual(before);
    const changed = rows().filter((r, i) => JSON.stringify(r) !== JSON.stringify(rowsBefore[i]));
    expect(changed).toEqual([{ id: sid(first), ended_at: expect.any(String), ended_by: 'logout' }]);

    await expectEnded(first);
    await expectEnded(refreshed);
    for (const jwt of [sameTabletOtherLogin, otherTablet]) expect((await client(t.app, jwt).get(be(paths.currentFiles()))).status).toBe(200);
  });

  it('a logout without a token, or with a forged one, changes nothing (401); a probe is still answered at once', async () => {
    await unchanged(db(), async () => {
      await expectError(await t.app.request(be(paths.logout()), { method: 'POST' }), 401, 'SESSION_EXPIRED');
      await expectError(await logout('a.b.c'), 401, 'SESSION_EXPIRED');
    });
    const t0 = performance.now();
    expect((await t.app.request('/be/probe')).status).toBe(404);
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('a token without a session id (an older server issued it) still works until it expires, and its refresh records a session that a logout ends', async () => {
    const user = (await login(t.app, CLAIRE)).user;
    const old = (await t.app.ctx.tokens.issue(user.id, CLAIRE.deviceName)).jwt;
    expect(sid(old)).toBeUndefined();
    // an upgrade of the server signs no inspector out
    expect((await t.app.request(be(paths.currentFiles()), { headers: { Authorization: `Bearer ${old}` } })).status).toBe(200);
    const refreshed = await t.app.request(be(paths.refreshToken()), { headers: { Authorization: `Bearer ${old}` } });
    expect(refreshed.status).toBe(200);
    const adopted = ((await refreshed.json()) as { token: { jwt: string } }).token.jwt;
    expect(sid(adopted)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((await logout(adopted)).status).toBe(200);
    await expectEnded(adopted);
  });
});

describe('the operator lists the sessions and ends one', () => {
  it('listSessions shows who is signed in where; endSession ends exactly that one', async () => {
    const a = (await login(t.app, CLAIRE)).token.jwt;
    const b = (await login(t.app, CLAIRE)).token.jwt;
    const open = listSessions(db(), new Date());
    const mine = open.find((s) => s.id === sid(a))!;
    expect(mine).toMatchObject({ username: CLAIRE.username, device: CLAIRE.deviceName, ended_at: null, open: true });
    expect(endSession(db(), sid(a)!, 'operator', new Date())).toBe(true);
    expect(endSession(db(), sid(a)!, 'operator', new Date())).toBe(false);
    await expectEnded(a);
    expect((await client(t.app, b).get(be(paths.currentFiles()))).status).toBe(200);
    expect(listSessions(db(), new Date()).some((s) => s.id === sid(a))).toBe(false);
    expect(listSessions(db(), new Date(), true).find((s) => s.id === sid(a))).toMatchObject({ ended_by: 'operator', open: false });
  });

  it('`server session list` and `session end <id prefix>` from the command line', { timeout: 60_000 }, async () => {
    const jwt = (await login(t.app, CLAIRE)).token.jwt;
    const id = sid(jwt)!;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args, '--data', t.dataDir], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' });
    const list = cli('session', 'list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+claire\\s+${CLAIRE.deviceName}`));
    const end = cli('session', 'end', id.slice(0, 10));
    expect(end.status, end.stderr).toBe(0);
    expect(end.stdout).toContain(`session ${id} ended`);
    await expectEnded(jwt);
    // one id in 64 starts with "-" (base64url): the operator ends it like any other
    const other = sid((await login(t.app, CLAIRE)).token.jwt)!;
    const dashed = `-${other.slice(1)}`;
    db().prepare('UPDATE sessions SET id = ? WHERE id = ?').run(dashed, other);
    const endDashed = cli('session', 'end', dashed.slice(0, 10));
    expect(endDashed.status, endDashed.stderr).toBe(0);
    expect(endDashed.stdout).toContain(`session ${dashed} ended`);
    expect(listSessions(db(), new Date(), true).find((s) => s.id === dashed)).toMatchObject({ ended_by: 'operator', open: false });
    const bad = cli('session', 'end', 'nope!');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not a session id');
    for (const ids of [[], ['one', 'two']]) {
      const wrong = cli('session', 'end', ...ids);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(`session end takes one session id (or the start of it), got ${ids.length}`);
    }
  });
});
