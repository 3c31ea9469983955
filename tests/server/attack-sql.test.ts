/**
 * Attack suite — SQL metacharacters in every parameter: login fields, ids in paths, dataset names,
 * fileUrl, deviceIdentifier, Idempotency-Key, and the JSON fields of the save parts. Each is either a
 * normal 4xx or stored verbatim as data and read back identical; never a 500; the tables stay intact
 * (schema, row counts, integrity check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendedReply, IDEMPOTENCY_HEADER, loginReply, paths, pirCallId, type Pir } from '../../lib/contract/index';
import { AMINA, asUser, be, client, formOf, listing, makeApp, makeFiles, RAJESH, saveParts, sealed, uploads, type TestApp } from './helpers';
import { deepSnapshot, expectError, unchanged } from './attack-helpers';

/** Each is also a plausible piece of text: stored as data, it must come back byte for byte. */
const PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  '"; DROP TABLE reports; --',
  "'); DELETE FROM users; --",
  "1; UPDATE reports SET claimed_by_device = 'X'",
  "admin'/*",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'; --",
  '\\x00',
  '`id`',
  "' UNION SELECT password_hash, username FROM users --",
  "Robert'); DROP TABLE saves;--",
  'ʼ OR 1=1 --',
  'Ｏʼ Ｒ １＝１',
  "Mar de Bermeo' --",
  "N'unicodé ✓ — 漁船 🐟",
  '$1 ?1 :name @p',
  'json_set(doc, "$.status", "submitted")',
];

let t: TestApp;
let amina: Awaited<ReturnType<typeof asUser>>;
let held: Pir;
let id: number;
const files = makeFiles(81);
let tables: string;

function integrity(): void {
  const db = t.app.ctx.db;
  expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
  expect(db.prepare("SELECT group_concat(name, ',') AS names FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)").get()).toEqual({ names: tables });
  expect(db.prepare('SELECT count(*) AS n FROM reports').get()).toEqual({ n: 30 });
  expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 3 });
}

beforeAll(async () => {
  t = await makeApp();
  amina = await asUser(t.app, AMINA);
  held = (await listing(amina)).find((p) => p.id === 1013)!;
  expect(held.claimedByDevice).toBe(AMINA.deviceName);
  id = pirCallId(held);
  const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
  expect((await amina.post(be(paths.save(id)), formOf(saveParts(held, ext, files)))).status).toBe(200);
  tables = (t.app.ctx.db.prepare("SELECT group_concat(name, ',') AS names FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)").get() as { names: string }).names;
  expect(tables.split(',')).toEqual(expect.arrayContaining(['blobs', 'files', 'idempotency', 'reports', 'saves', 'users']));
});
afterAll(() => t?.close());

const loginWith = (body: Record<string, string>) =>
  Promise.resolve(t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

describe('login fields', () => {
  it(`username and password: ${PAYLOADS.length} payloads each → 401 INVALID_CREDENTIALS, never a token`, async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const p of PAYLOADS) {
        for (const body of [
          { username: p, password: p, deviceName: '' },
          { username: p, password: AMINA.password, deviceName: '' },
          { username: AMINA.username, password: p, deviceName: '' },
          { username: `${AMINA.username}${p}`, password: AMINA.password, deviceName: '' },
          { username: AMINA.username, password: `${AMINA.password}${p}`, deviceName: '' },
        ]) {
          const res = await loginWith(body);
          const text = await res.clone().text();
          await expectError(res, 401, 'INVALID_CREDENTIALS');
          expect(text).not.toContain('jwt');
        }
      }
    });
    integrity();
  });

  it('LIKE wildcards are not patterns: "amin_", "%", "a%" match nobody', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const username of ['amin_', '%', 'a%', '_____', '%mina']) {
        await expectError(await loginWith({ username, password: AMINA.password, deviceName: '' }), 401, 'INVALID_CREDENTIALS');
      }
    });
  });

  it('deviceName: stored verbatim in the token, the claim and the listing, then released cleanly', async () => {
    const report = (await listing(amina)).find((p) => p.id === 1004)!;
    expect(report.claimedByDevice).toBeNull();
    const registered: string[] = [];
    for (const raw of PAYLOADS.filter((p) => p.trim().length > 0)) {
      const res = await loginWith({ username: AMINA.username, password: AMINA.password, deviceName: raw });
      // issue 31 item 8: names are NFKC-normalised, and one that looks like a tablet registered just
      // before (ʼ for ', full-width letters) is refused, naming it
      const device = raw.normalize('NFKC');
      if (res.status === 409) {
        const reply = await expectError(res, 409, 'DEVICE_NAME_CONFUSABLE');
        expect(registered, raw).toContain((reply.data as { similarTo: string }).similarTo);
        continue;
      }
      expect(res.status, device).toBe(200);
      registered.push(device.trim());
      const l = loginReply.parse(await res.json());
      expect(l.user.deviceName).toBe(device.trim());
      const claims = JSON.parse(Buffer.from(l.token.jwt.split('.')[1]!, 'base64url').toString()) as { dev: string };
      expect(claims.dev).toBe(device.trim());
      const u = client(t.app, l.token.jwt);
      const claim = await u.postJson(be(paths.claim(pirCallId(report))), { deviceIdentifier: device });
      expect(claim.status, device).toBe(200);
      expect(await claim.json()).toBe(report.id);
      const row = t.app.ctx.db.prepare('SELECT claimed_by_device FROM reports WHERE id = ?').get(report.id);
      expect(row).toEqual({ claimed_by_device: device.trim() });
      expect((await listing(u)).find((p) => p.id === report.id)!.claimedByDevice).toBe(device.trim());
      // only that exact device holds it: Amina's registered tablet does not
      expect(await (await amina.postJson(be(paths.claim(pirCallId(report))), { deviceIdentifier: amina.device })).json()).toBe(0);
      const release = await u.postJson(be(paths.release(pirCallId(report))), { deviceIdentifier: device });
      expect(release.status, device).toBe(200);
    }
    integrity();
  });
});

describe('path parameters', () => {
  const ids = ["1017' OR '1'='1", '1017 OR 1=1', '1017;DROP TABLE reports', '1017--', '(SELECT 1)', '1017%27', '%25', '_', '1017%20UNION%20SELECT%201', '0x3F9', '1e3'];

  it('ids in every report path → 400 INVALID_ID', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const raw of ids) {
        const bad = encodeURIComponent(raw);
        for (const res of [
          await amina.get(`/be/offline-api/pir/${bad}`),
          await amina.get(`/be/offline-api/pir/${bad}/complete-submit`),
          await amina.postJson(`/be/offline-api/pir/${bad}/device-claim`, { deviceIdentifier: amina.device }),
          await amina.postJson(`/be/offline-api/pir/${bad}/device-release`, { deviceIdentifier: amina.device }),
          await amina.post(`/be/offline-api/pir/${bad}/save`, formOf({})),
          await amina.post(`/be/offline-api/submit-file/${bad}/pic-1.jpg`, files.picture as BodyInit, { 'content-type': 'application/octet-stream' }),
          await amina.get(`/be/offline-api/files/pictures/${bad}`),
        ]) {
          await expectError(res, 400, 'INVALID_ID');
        }
      }
    });
    integrity();
  });

  it('dataset names → 404 UNKNOWN_DATASET', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const p of [...PAYLOADS, "flag' OR '1'='1", 'flag;--', 'flag%']) {
        await expectError(await amina.get(`/be/reference_data/${encodeURIComponent(p)}`), 404, 'UNKNOWN_DATASET');
      }
    });
  });

  it('file kinds → 404', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const p of ["pictures' OR '1'='1", 'pictures;--', '%', '_']) {
        await expectError(await amina.get(`/be/offline-api/files/${encodeURIComponent(p)}/1`), 404, 'NOT_FOUND');
      }
    });
  });

  it('fileUrl → 400 INVALID_FILE_URL, or 404 FILE_NOT_ANNOUNCED for a legal name (no wildcard match)', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const p of PAYLOADS) {
        const res = await amina.post(`/be/offline-api/submit-file/${id}/${encodeURIComponent(p)}`, files.picture as BodyInit, { 'content-type': 'application/octet-stream' });
        await expectError(res, [400, 404], /^(INVALID_FILE_URL|NOT_FOUND)$/);
      }
      // legal names that would match pic-1.jpg under LIKE
      for (const p of ['pic_1.jpg', 'pic-1.jp_', 'pic-1.jpg_']) {
        const res = await amina.post(`/be/offline-api/submit-file/${id}/${p}`, files.picture as BodyInit, { 'content-type': 'application/octet-stream' });
        await expectError(res, 404, 'FILE_NOT_ANNOUNCED');
      }
    });
  });
});

describe('JSON fields', () => {
  it('deviceIdentifier of claim and release → 403 DEVICE_MISMATCH, nothing changed', async () => {
    await unchanged(t.app.ctx.db, async () => {
      for (const p of PAYLOADS) {
        await expectError(await amina.postJson(be(paths.claim(id)), { deviceIdentifier: p }), [400, 403], /^(DEVICE_MISMATCH|INVALID_REQUEST)$/);
        await expectError(await amina.postJson(be(paths.release(id)), { deviceIdentifier: p }), [400, 403], /^(DEVICE_MISMATCH|INVALID_REQUEST)$/);
        await expectError(await amina.postJson(`${be(paths.claim(id))}?reclaim=${encodeURIComponent(p)}`, { deviceIdentifier: p }), [400, 403], /^(DEVICE_MISMATCH|INVALID_REQUEST)$/);
      }
    });
    integrity();
  });

  it('every free-text field of the save parts is stored verbatim and read back identical, then submitted as data', async () => {
    const all = PAYLOADS.join(' | ');
    const ext = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    const parts = saveParts(held, ext, files);
    const pir = {
      ...parts.pir,
      inspectionComment: all,
      extended: {
        ...parts.pir.extended,
        vessel: { ...ext.vessel, name: PAYLOADS[3]! },
        pir: {
          ...parts.pir.extended.pir,
          findingsByInspector: all,
          commentsByMaster: PAYLOADS.slice().reverse().join('\n'),
          infrigements: PAYLOADS[0]!,
          actionsTaken: PAYLOADS[4]!,
          purposeDetails: PAYLOADS[14]!,
          lastPortOfCallFreeForm: PAYLOADS[5]!,
          logBookExamination: { status: false, comments: PAYLOADS[15]! },
          monitoringDetails: { ...ext.pir.monitoringDetails, principalInspectorName: PAYLOADS[6]!, principalInspectorId: "' OR 1=1 --" },
        },
        pictures: [{ uid: 'p1', type: 'PWHO', author: PAYLOADS[2]!, description: all, date: null }],
      },
    };
    const vessel = { ...parts.vessel, name: PAYLOADS[3]!, registrationPort: PAYLOADS[9]!, vmsTypeOtherName: PAYLOADS[18]! };
    const pictures = [{ ...parts.pictures[0]!, description: all.slice(0, 1000), author: PAYLOADS[1]! }];
    const attachments = [{ ...parts.attachments[0]!, name: PAYLOADS[3]! }];
    const idemKey = "k' OR '1'='1; DROP TABLE idempotency --".replace(/ /g, '_');
    const signed = sealed({ pir, vessel, pictures, attachments, signatures: parts.signatures });

    const res = await amina.post(be(paths.save(id)), formOf(signed), { [IDEMPOTENCY_HEADER]: idemKey });
    expect(res.status, await res.clone().text()).toBe(200);
    integrity();

    // read back identical through the API
    const back = extendedReply.parse(await (await amina.get(be(paths.extended(id)))).json());
    expect(back.vessel).toEqual(vessel);
    expect(back.pir).toEqual(pir.extended.pir);
    expect(back.pictures).toEqual(pir.extended.pictures);
    // and in the row, as JSON text
    const row = t.app.ctx.db.prepare('SELECT pir, vessel, pictures, attachments FROM saves WHERE report_id = ?').get(held.id) as Record<string, string>;
    expect((JSON.parse(row.pir!) as Pir).inspectionComment).toBe(all);
    expect(JSON.parse(row.vessel!)).toEqual(vessel);
    expect(JSON.parse(row.pictures!)).toEqual(pictures);
    expect(JSON.parse(row.attachments!)).toEqual(attachments);

    // the Idempotency-Key with SQL in it is a key like any other: replayed exactly, no other key matches
    const again = await amina.post(be(paths.save(id)), formOf(signed), { [IDEMPOTENCY_HEADER]: idemKey });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const before = deepSnapshot(t.app.ctx.db);
    const other = await amina.post(be(paths.save(id)), formOf(signed), { [IDEMPOTENCY_HEADER]: "k'_OR_'1'='2" });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(deepSnapshot(t.app.ctx.db).idempotency).not.toBe(before.idempotency);

    // submitted: the attachment's name becomes a file name, stored verbatim
    for (const [name, bytes] of uploads(files)) {
      expect((await amina.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' })).status).toBe(200);
    }
    expect(await (await amina.get(be(paths.completeSubmit(id)))).json()).toMatchObject({ total: { files: expect.any(Number) } });
    const submitted = (await listing(amina)).find((p) => p.id === held.id)!;
    const form = submitted.submitedForms.find((f) => f.typeOfForm === 'PIR')!;
    expect(form.attachments.map((a) => a.name)).toContain(PAYLOADS[3]);
    expect(t.app.ctx.db.prepare('SELECT count(*) AS n FROM files WHERE name = ?').get(PAYLOADS[3])).toEqual({ n: 1 });
    integrity();

    // another user sees the same text, not an interpretation of it
    const rajesh = await asUser(t.app, RAJESH);
    const seen = extendedReply.parse(await (await rajesh.get(be(paths.extended(id)))).json());
    expect(seen.pir.findingsByInspector).toBe(all);
    expect(seen.vessel.name).toBe(PAYLOADS[3]);
  });
});
