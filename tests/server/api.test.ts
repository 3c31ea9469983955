/** Every /be call answered with the contract's shape, and the claim → save → upload → submit flow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherTablet } from '../../server/seed/index';
import {
  claimReply,
  completeSubmitReply,
  currentFilesReply,
  errorReply,
  extendedReply,
  IDEMPOTENCY_HEADER,
  loginReply,
  paths,
  pirCallId,
  REFERENCE_DATASETS,
  referenceSchemas,
  refreshReply,
  releaseReply,
  saveReply,
  SESSION_EXPIRED,
  type Pir,
} from '../../lib/contract/index';
import {
  AMINA,
  asUser,
  be,
  CLAIRE,
  formOf,
  listing,
  login,
  makeApp,
  makeFiles,
  pick,
  RAJESH,
  saveParts,
  sealed,
  snapshot,
  uploads,
  waitForReferenceData,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  await waitForReferenceData();
  t = await makeApp();
});
afterAll(() => t?.close());

describe('login and token', () => {
  it('logs in with the registered device when deviceName is empty', async () => {
    const res = await t.app.request('/be/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: AMINA.username, password: AMINA.password, deviceName: '' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = loginReply.parse(await res.json());
    expect(body.user).toMatchObject({ username: 'amina', name: AMINA.name, deviceName: AMINA.deviceName, inspector: true });
    expect(body.token.expire).toBe(3600);
    const [, payload] = body.token.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.sub).toBe(String(body.user.id));
    expect(claims.dev).toBe(AMINA.deviceName);
  });

  it('logs in on another named device', async () => {
    const l = await login(t.app, RAJESH, 'SPARE-TAB-09');
    expect(l.user.deviceName).toBe('SPARE-TAB-09');
  });

  it('refresh_token gives a fresh token for the same user and device', async () => {
    const u = await asUser(t.app, CLAIRE);
    const res = await u.get(be(paths.refreshToken()));
    expect(res.status).toBe(200);
    const { token } = refreshReply.parse(await res.json());
    expect(token.jwt).not.toBe(u.login.token.jwt);
    const again = await t.app.request(be(paths.refreshToken()), { headers: { authorization: `Bearer ${token.jwt}` } });
    expect(again.status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.dev).toBe(CLAIRE.deviceName);
  });
});

describe('reports', () => {
  it('current-files parses with the contract and lists reports claimed by any device', async () => {
    const u = await asUser(t.app);
    const res = await u.get(be(paths.currentFiles()));
    expect(res.status).toBe(200);
    const list = currentFilesReply.parse(await res.json());
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list.every((p) => p.extended === null)).toBe(true);
    const devices = new Set(list.map((p) => p.claimedByDevice).filter(Boolean));
    // The demo tablets, and the other tablets two inspectors submit from (server/seed: a calm first sign-in).
    expect(devices).toEqual(new Set([AMINA.deviceName, RAJESH.deviceName, CLAIRE.deviceName, anotherTablet(RAJESH), anotherTablet(CLAIRE)]));
  });

  it('current-files carries an entity tag: a tablet holding that listing is answered 304 with no body until a report changes', async () => {
    const u = await asUser(t.app);
    const first = await u.get(be(paths.currentFiles()));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const body = await first.text();
    // the same bytes again: the same tag, for any inspector
    const other = await asUser(t.app, CLAIRE);
    const again = await other.get(be(paths.currentFiles()));
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);

    const unchanged = await u.get(be(paths.currentFiles()), { 'if-none-match': etag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    // compressed, the tag is weak (W/), and a tablet that sends it back is answered 304 as well
    const gzip = await u.get(be(paths.currentFiles()), { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).toBe(`W/${etag}`);
    expect((await u.get(be(paths.currentFiles()), { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await u.get(be(paths.currentFiles()), { 'if-none-match': '"other", ' + etag })).status).toBe(304);
    expect((await u.get(be(paths.currentFiles()), { 'if-none-match': '"other"' })).status).toBe(200);

    // a claim changes the listing: a full reply with a new tag, which shows the claim
    const free = pick(currentFilesReply.parse(JSON.parse(body)), (p) => p.claimedByDevice === null && p.status === 'notready');
    expect(claimReply.parse(await (await u.postJson(be(paths.claim(free.fileId)), { deviceIdentifier: u.device })).json())).toBe(free.fileId);
    const changed = await u.get(be(paths.currentFiles()), { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(currentFilesReply.parse(await changed.json()).find((p) => p.id === free.id)?.claimedByDevice).toBe(u.device);
    await u.postJson(be(paths.release(free.fileId)), { deviceIdentifier: u.device });
  });

  it('extended info by pending form id and by file id', async () => {
    const u = await asUser(t.app);
    const list = await listing(u);
    const report = pick(list, (p) => p.offlinePendingForms.length > 0 && p.rarLink !== null);
    const byForm = await u.get(be(paths.extended(pirCallId(report))));
    expect(byForm.status).toBe(200);
    const ext = extendedReply.parse(await byForm.json());
    expect(ext.vessel.name).toBe(report.vesselIdentity.vesselName);
    expect(ext.vessel.imoId).toBe(report.vesselIdentity.imoId);
    expect(ext.pir.fishingAuthorizations.length).toBe(2);
    expect(ext.pir.fishingAuthorizations[0]!.srcForm).toBe('RAR');
    expect(ext.pir.monitoringDetails.inspectingAuthority).not.toBeNull();
    const byFile = await u.get(be(paths.extended(report.fileId)));
    expect(await byFile.json()).toEqual(ext);
  });

  it('claim, repeat claim, release and reclaim', async () => {
    const amina = await asUser(t.app, AMINA);
    const rajesh = await asUser(t.app, RAJESH);
    const list = await listing(amina);
    const free = pick(list, (p) => p.status === 'notready' && p.claimedByDevice === null);
    const id = pirCallId(free);

    const claim = await amina.postJson(be(paths.claim(id)), { deviceIdentifier: amina.device });
    expect(claim.status).toBe(200);
    const won = claimReply.parse(await claim.json());
    expect(won).not.toBe(0);
    // idempotent for the same device
    expect(claimReply.parse(await (await amina.postJson(be(paths.claim(id)), { deviceIdentifier: amina.device })).json())).not.toBe(0);
    // another device gets 0
    const lost = await rajesh.postJson(be(paths.claim(id)), { deviceIdentifier: rajesh.device });
    expect(lost.status).toBe(200);
    expect(claimReply.parse(await lost.json())).toBe(0);
    let row = (await listing(amina)).find((p) => p.id === free.id)!;
    expect(row.claimedByDevice).toBe(amina.device);
    expect(row.status).toBe('notready'); // the server keeps the status; the app tracks preparing/ready

    // release by someone else: 403; by the holder: 1
    const badRelease = await rajesh.postJson(be(paths.release(id)), { deviceIdentifier: rajesh.device });
    expect(badRelease.status).toBe(403);
    expect(errorReply.parse(await badRelease.json()).message).toBe('NOT_CLAIMED_BY_DEVICE');
    const release = await amina.postJson(be(paths.release(id)), { deviceIdentifier: amina.device });
    expect(release.status).toBe(200);
    expect(releaseReply.parse(await release.json())).toBe(1);
    row = (await listing(amina)).find((p) => p.id === free.id)!;
    expect(row.claimedByDevice).toBeNull();
    expect(row.lifecycle).toEqual({});

    // releasing a report that was in progress clears its step flags too
    const busy = pick(list, (p) => p.claimedByDevice === amina.device && p.status === 'inspecting');
    expect(Object.keys(busy.inspectionstatus).length).toBeGreaterThan(0);
    expect(await (await amina.postJson(be(paths.release(pirCallId(busy))), { deviceIdentifier: amina.device })).json()).toBe(1);
    const released = (await listing(amina)).find((p) => p.id === busy.id)!;
    expect(released).toMatchObject({ status: 'notready', claimedByDevice: null, lifecycle: {}, inspectionstatus: {} });
    // releasing again (e.g. a retry) is harmless
    expect(await (await amina.postJson(be(paths.release(pirCallId(busy))), { deviceIdentifier: amina.device })).json()).toBe(1);

    // reclaim: a report held by another device
    const held = pick(list, (p) => p.claimedByDevice === CLAIRE.deviceName && p.status !== 'submitted');
    const plain = await amina.postJson(be(paths.claim(pirCallId(held))), { deviceIdentifier: amina.device });
    expect(claimReply.parse(await plain.json())).toBe(0);
    const reclaim = await amina.postJson(`${be(paths.claim(pirCallId(held)))}?reclaim=1`, { deviceIdentifier: amina.device });
    expect(reclaim.status).toBe(200);
    expect(claimReply.parse(await reclaim.json())).toBe(held.id);
    row = (await listing(amina)).find((p) => p.id === held.id)!;
    expect(row.claimedByDevice).toBe(amina.device);
    expect(row.status).toBe(held.status);
  });

  it('a submitted report cannot be claimed, even with reclaim', async () => {
    const amina = await asUser(t.app);
    const done = pick(await listing(amina), (p) => p.status === 'submitted');
    for (const q of ['', '?reclaim=1']) {
      const res = await amina.postJson(`${be(paths.claim(pirCallId(done)))}${q}`, { deviceIdentifier: amina.device });
      expect(claimReply.parse(await res.json())).toBe(0);
    }
  });

  it('claim with a deviceIdentifier other than the token device is refused (403)', async () => {
    const amina = await asUser(t.app);
    const free = pick(await listing(amina), (p) => p.claimedByDevice === null && p.status === 'notready', 1);
    const before = snapshot(t.app.ctx.db);
    const res = await amina.postJson(be(paths.claim(pirCallId(free))), { deviceIdentifier: 'SOMEONE-ELSE' });
    expect(res.status).toBe(403);
    expect(errorReply.parse(await res.json()).message).toBe('DEVICE_MISMATCH');
    expect(snapshot(t.app.ctx.db)).toBe(before);
  });
});

describe('save, upload and complete-submit', () => {
  let report: Pir;
  let id: number;
  const files = makeFiles(3);

  it('runs the whole submission', async () => {
    const rajesh = await asUser(t.app, RAJESH);
    report = pick(await listing(rajesh), (p) => p.claimedByDevice === rajesh.device && p.status === 'readytosubmit' || (p.claimedByDevice === rajesh.device && p.status === 'signing'));
    id = pirCallId(report);
    const ext = extendedReply.parse(await (await rajesh.get(be(paths.extended(id)))).json());

    // nothing saved yet: complete-submit is false
    const early = await rajesh.get(be(paths.completeSubmit(id)));
    expect(early.status).toBe(200);
    expect(completeSubmitReply.parse(await early.json())).toBe(false);

    const parts = saveParts(report, ext, files);
    parts.vessel.name = 'Renamed During Inspection';
    // SPEC §3 "VMS on board", as the inspector answered it
    parts.vessel.vmsOnBoard = 'yes-rmfo';
    // SPEC §3: the AUTF document a1 announced with this save is an authorisation's attachment
    const authorisation = { uid: 'fa-new', identifier: 'ATF/SC/2026/9', isTypeATF: true, issuedBy: null, validFrom: null, validTo: null, fishingAreas: [], species: [], gear: [], attachment: 'a1', srcForm: 'PIR', objection: false, comments: '' };
    parts.pir.extended.pir.fishingAuthorizations = [authorisation, ...ext.pir.fishingAuthorizations];
    // the tablet takes the fingerprint of what it signed (issue 22, 31)
    const save = await rajesh.post(be(paths.save(id)), formOf(sealed(parts)), { [IDEMPOTENCY_HEADER]: `save-${id}` });
    expect(save.status).toBe(200);
    const saved = saveReply.parse(await save.json());
    expect(saved.announced.sort()).toEqual(['att-1.pdf', 'pic-1.jpg', 'sig-inspector.png', 'sig-master.png']);

    // the extended info now reflects the save
    const after = extendedReply.parse(await (await rajesh.get(be(paths.extended(id)))).json());
    expect(after.vessel.name).toBe('Renamed During Inspection');
    expect(after.vessel.vmsOnBoard).toBe('yes-rmfo');
    expect(after.pir.fishingAuthorizations[0]).toMatchObject({ uid: 'fa-new', attachment: 'a1' });

    // still false before the uploads, and after only some of them
    expect(await (await rajesh.get(be(paths.completeSubmit(id)))).json()).toBe(false);
    const all = uploads(files);
    for (const [name, bytes] of all.slice(0, 2)) {
      const res = await rajesh.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe(`ok ${bytes.byteLength}`);
    }
    expect(await (await rajesh.get(be(paths.completeSubmit(id)))).json()).toBe(false);
    for (const [name, bytes] of all.slice(2)) {
      const res = await rajesh.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });
      expect((await res.text()).startsWith('ok')).toBe(true);
    }
    const done = await rajesh.get(be(paths.completeSubmit(id)));
    expect(done.status).toBe(200);
    // truthy: the receipt of the four files (issue 22)
    const receipt = completeSubmitReply.parse(await done.json());
    expect(receipt).toMatchObject({ reportId: report.id, total: { files: 4 } });
    // repeating complete-submit from the same device is still a success, with the same receipt
    expect(await (await rajesh.get(be(paths.completeSubmit(id)))).json()).toEqual(receipt);

    const row = (await listing(rajesh)).find((p) => p.id === report.id)!;
    expect(row.status).toBe('submitted');
    expect(row.claimedByDevice).toBeNull();
    expect(row.lifecycle.submitted?.previousStatus).toBe('submitting');
    expect(row.offlinePendingForms).toEqual([]);
    const pirForm = row.submitedForms.find((f) => f.typeOfForm === 'PIR')!;
    expect(pirForm.id).toBe(id);
    expect(pirForm.attachments.length).toBe(2);
    // the authorisation's document arrived tagged with its type
    expect(pirForm.attachments.find((a) => a.name === 'Licence.pdf')?.documentTag).toBe('AUTF');
    const pdf = await rajesh.get(pirForm.downloadLink);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    for (const a of pirForm.attachments) {
      const res = await rajesh.get(a.downloadLink);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(a.contentType);
    }
    // the old pending form id still finds the report
    expect((await rajesh.get(be(paths.extended(id)))).status).toBe(200);
    // and it is no longer claimable
    expect(await (await rajesh.postJson(be(paths.claim(id)), { deviceIdentifier: rajesh.device })).json()).toBe(0);
  });

  it('another device cannot complete-submit the submitted report', async () => {
    const amina = await asUser(t.app, AMINA);
    const res = await amina.get(be(paths.completeSubmit(id)));
    expect(res.status).toBe(403);
  });
});

describe('idempotency', () => {
  it('the same save twice with one key stores once and replies the same', async () => {
    const claire = await asUser(t.app, CLAIRE);
    const report = pick(await listing(claire), (p) => p.claimedByDevice === claire.device && p.status === 'inspecting');
    const id = pirCallId(report);
    const ext = extendedReply.parse(await (await claire.get(be(paths.extended(id)))).json());
    const files = makeFiles(11);
    const parts = saveParts(report, ext, files);
    const first = await claire.post(be(paths.save(id)), formOf(parts), { [IDEMPOTENCY_HEADER]: 'key-save-1' });
    const firstBody = await first.text();
    const savedAt = t.app.ctx.db.prepare('SELECT saved_at FROM saves WHERE report_id = ?').get(report.id);
    const before = snapshot(t.app.ctx.db);
    // a different body with the same key: the stored reply comes back and nothing changes
    parts.vessel.name = 'Should Not Be Stored';
    const second = await claire.post(be(paths.save(id)), formOf(parts), { [IDEMPOTENCY_HEADER]: 'key-save-1' });
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(snapshot(t.app.ctx.db)).toBe(before);
    expect(t.app.ctx.db.prepare('SELECT saved_at FROM saves WHERE report_id = ?').get(report.id)).toEqual(savedAt);

    // the same upload twice with one key
    const upload = () =>
      claire.post(be(paths.submitFile(id, 'pic-1.jpg')), files.picture as BodyInit, { 'content-type': 'application/octet-stream', [IDEMPOTENCY_HEADER]: 'key-up-1' });
    const u1 = await upload();
    const b1 = await u1.text();
    const mid = snapshot(t.app.ctx.db);
    const u2 = await upload();
    expect(u2.status).toBe(200);
    expect(await u2.text()).toBe(b1);
    expect(snapshot(t.app.ctx.db)).toBe(mid);
    const blobs = t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM blobs WHERE sha256 = ?').get(parts.pictures[0]!.sha256) as { n: number };
    expect(blobs.n).toBe(1);
  });

  it('keys are per user: another user with the same key is not replayed', async () => {
    const amina = await asUser(t.app, AMINA);
    const rajesh = await asUser(t.app, RAJESH);
    const list = await listing(amina);
    const a = pick(list, (p) => p.claimedByDevice === null && p.status === 'notready', 2);
    const r1 = await amina.postJson(be(paths.claim(pirCallId(a))), { deviceIdentifier: amina.device }, { [IDEMPOTENCY_HEADER]: 'shared-key' });
    expect(await r1.json()).toBe(a.id);
    const r2 = await rajesh.postJson(be(paths.claim(pirCallId(a))), { deviceIdentifier: rajesh.device }, { [IDEMPOTENCY_HEADER]: 'shared-key' });
    expect(r2.headers.get('idempotent-replayed')).toBeNull();
    expect(await r2.json()).toBe(0);
  });
});

describe('files', () => {
  it('downloads each kind with type, length and cache headers', async () => {
    const u = await asUser(t.app);
    const list = await listing(u);
    const withAll = pick(list, (p) => p.fileAttachements.length > 0 && p.vesselPictures.length > 0 && p.rarLink !== null);
    const checks: [string, string][] = [
      [withAll.vesselPictures[0]!.downloadLink, 'image/jpeg'],
      [withAll.rarLink!.downloadLink, 'application/pdf'],
      [withAll.fileAttachements[0]!.downloadLink, 'application/pdf'],
    ];
    expect(checks.map(([l]) => l.split('/')[4])).toEqual(['pictures', 'documents', 'attachments']);
    for (const [link, type] of checks) {
      const res = await u.get(link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    }
  });

  it('unknown file → 404 JSON; bad kind → 404; non-numeric id → 400', async () => {
    const u = await asUser(t.app);
    const missing = await u.get(be(paths.file('pictures', 999_999)));
    expect(missing.status).toBe(404);
    expect(errorReply.parse(await missing.json()).message).toBe('FILE_NOT_FOUND');
    expect((await u.get('/be/offline-api/files/secrets/1')).status).toBe(404);
    expect((await u.get('/be/offline-api/files/pictures/abc')).status).toBe(400);
    // a picture id asked as a document is not found
    const pic = (await listing(u))[0]!.vesselPictures[0]!;
    expect((await u.get(be(paths.file('documents', pic.id)))).status).toBe(404);
  });
});

describe('reference data', () => {
  it('serves all 15 datasets, each parsing with its schema', async () => {
    const u = await asUser(t.app);
    for (const name of REFERENCE_DATASETS) {
      const res = await u.get(be(paths.referenceData(name)));
      expect(res.status, name).toBe(200);
      const list = referenceSchemas[name].parse(await res.json());
      expect(list.length, name).toBeGreaterThan(0);
    }
  });

  it('unknown dataset → 404 with a message', async () => {
    const u = await asUser(t.app);
    const res = await u.get('/be/reference_data/unicorns');
    expect(res.status).toBe(404);
    expect(errorReply.parse(await res.json()).message).toBe('UNKNOWN_DATASET');
  });

  it('requires a token', async () => {
    const res = await t.app.request('/be/reference_data/flag');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: SESSION_EXPIRED });
  });
});

describe('listing file sizes', () => {
  it('gives the size of every downloadable file, matching the bytes served', async () => {
    const t = await makeApp();
    try {
      const a = await asUser(t.app, AMINA);
      const reports = await listing(a);
      const links = reports.flatMap((r) => [...r.vesselPictures, ...r.submitedForms, ...r.submitedForms.flatMap((f) => f.attachments), ...r.fileAttachements]);
      expect(links.length).toBeGreaterThan(20);
      for (const l of links.slice(0, 25)) {
        expect(l.size, l.downloadLink).toBeGreaterThan(0);
        const res = await a.get(l.downloadLink);
        expect((await res.arrayBuffer()).byteLength).toBe(l.size);
      }
    } finally {
      t.close();
    }
  });
});
