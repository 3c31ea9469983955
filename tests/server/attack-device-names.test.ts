/**
 * Attack suite — look-alike tablet names (issue 31 item 8). A name that looks like a registered tablet
 * (a Unicode hyphen, a Cyrillic letter, O for 0) is refused with 409 DEVICE_NAME_CONFUSABLE naming the
 * tablet it looks like; a name with a zero-width space, a right-to-left override, a line break or a soft
 * hyphen is refused with 400 INVALID_DEVICE_NAME; full-width letters are the plain name (NFKC). No token
 * is given and nothing is stored; honest names (accents, spaces) register as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAME_CONFUSABLE, DEVICE_OF_ANOTHER_USER, INVALID_DEVICE_NAME } from '../../lib/contract/index';
import { confusableWith, deviceSkeleton, normaliseDeviceName } from '../../server/auth/device-name';
import { listDevices } from '../../server/db/devices';
import { AMINA, client, login, makeApp, RAJESH, type TestApp } from './helpers';
import { expectError, unchanged } from './attack-helpers';

let t: TestApp;
const db = () => t.app.ctx.db;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const loginAs = (user: typeof AMINA, deviceName: string) =>
  t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password, deviceName }) });

describe("names that look like Amina's SFA-TAB-01 → 409 DEVICE_NAME_CONFUSABLE, no token, nothing stored", () => {
  const names: [string, string][] = [
    ['Unicode hyphens (U+2010)', 'SFA\u2010TAB\u201001'],
    ['non-breaking hyphens (U+2011)', 'SFA\u2011TAB\u201101'],
    ['en dashes', 'SFA\u2013TAB\u201301'],
    ['Cyrillic А, Т, В', 'SFA-\u0422\u0410\u0412-01'],
    ['the letter O for the digit 0', 'SFA-TAB-O1'],
    ['a small L for the digit 1', 'sfa-tab-0l'],
  ];
  for (const [label, name] of names) {
    it(`${label}: "${name}"`, async () => {
      const reply = await unchanged(db(), async () => {
        const res = await loginAs(RAJESH, name);
        expect(await res.clone().text()).not.toMatch(/jwt/);
        return expectError(res, 409, DEVICE_NAME_CONFUSABLE);
      });
      expect(reply.data).toEqual({ deviceName: name.normalize('NFKC'), similarTo: AMINA.deviceName });
    });
  }
});

describe('names with invisible, control or direction characters → 400 INVALID_DEVICE_NAME', () => {
  const names: [string, string, string][] = [
    ['a zero-width space', 'SFA-TAB-01\u200B', 'U+200B'],
    ['a right-to-left override', '\u202E10-BAT-AFS', 'U+202E'],
    ['a line break', 'SFA-TAB\n-01', 'U+000A'],
    ['a soft hyphen', 'SFA\u00ADTAB-01', 'U+00AD'],
    // (one at either end is white space to the contract's trim, and goes)
    ['a byte-order mark inside', 'MU-TAB\uFEFF-02', 'U+FEFF'],
    ['a left-to-right isolate', 'RE-TAB-03\u2066', 'U+2066'],
  ];
  for (const [label, name, codePoint] of names) {
    it(label, async () => {
      const reply = await unchanged(db(), async () => expectError(await loginAs(RAJESH, name), 400, INVALID_DEVICE_NAME));
      expect(reply.data).toMatchObject({ reason: 'forbidden-character', codePoint });
    });
  }

  it("full-width letters are the plain name (NFKC): Amina's tablet, refused as another inspector's", async () => {
    const reply = await unchanged(db(), async () => expectError(await loginAs(RAJESH, '\uFF33\uFF26\uFF21-\uFF34\uFF21\uFF22-\uFF10\uFF11'), 403, DEVICE_OF_ANOTHER_USER));
    expect(reply.data).toEqual({ deviceName: 'SFA-TAB-01' });
  });
});

describe('honest names', () => {
  it('register as typed (accents, spaces), normalised; the listing of tablets holds no look-alike', async () => {
    for (const name of ['Tablette d\u2019\u00C9milie', 'MU TAB 09', 'RE-TAB-30']) {
      const l = await login(t.app, RAJESH, name);
      expect(l.user.deviceName).toBe(name);
      expect((await client(t.app, l.token.jwt).get('/be/offline-api/current-files')).status).toBe(200);
    }
    // two spaces and a no-break space are one space
    expect((await login(t.app, RAJESH, 'MU  TAB\u00A009')).user.deviceName).toBe('MU TAB 09');
    const names = listDevices(db()).map((d) => d.name);
    for (const n of names) {
      expect(normaliseDeviceName(n)).toEqual({ ok: true, name: n });
      expect(confusableWith(n, names), n).toBeNull();
    }
  });

  it('the skeleton ignores case and maps look-alikes; distinct names stay distinct', () => {
    expect(deviceSkeleton('SFA-TAB-01')).toBe(deviceSkeleton('sfa\u2010tab\u2010O1'));
    expect(deviceSkeleton('SFA-TAB-01')).not.toBe(deviceSkeleton('SFA-TAB-02'));
    expect(confusableWith('SFA-TAB-01', ['sfa-tab-01'])).toBeNull();
  });

  it('the app says both refusals in English and French', () => {
    for (const lang of ['en', 'fr']) {
      const m = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../messages/${lang}.json`), 'utf8')) as { login: { errors: Record<string, string> } };
      expect(m.login.errors[INVALID_DEVICE_NAME], lang).toContain('{device}');
      expect(m.login.errors[DEVICE_NAME_CONFUSABLE], lang).toMatch(/\{device\}.*\{similar\}/s);
    }
  });
});
