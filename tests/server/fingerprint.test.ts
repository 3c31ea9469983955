/**
 * Issue 22 items 3 and 4: complete-submit recomputes the fingerprint the tablet took when the
 * inspection was completed, refuses a report changed after its signing (nothing stored changes), and
 * answers a verified submission with a receipt of each file it holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeSubmitReply,
  errorReply,
  extended as extendedSchema,
  extendedReply,
  FINGERPRINT_MISMATCH,
  IDEMPOTENCY_HEADER,
  paths,
  pirCallId,
  submitReceipt,
  type Extended,
  type Pir,
} from '../../lib/contract/index';
import { computeFingerprint } from '../../lib/inspection/fingerprint';
import { AMINA, asUser, be, CLAIRE, formOf, listing, makeApp, makeFiles, pick, RAJESH, saveParts, sha256, snapshot, uploads, waitForReferenceData, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  await waitForReferenceData();
  t = await makeApp();
});
afterAll(() => t?.close());

type Parts = ReturnType<typeof saveParts>;

/** The fingerprint the tablet takes of these parts (lib/reports/actions.ts fingerprintOf). */
function fingerprintOfParts(parts: Parts): Promise<string> {
  const extended = extendedSchema.parse({ ...parts.pir.extended, vessel: parts.vessel }) as Extended;
  const files = [
    ...parts.pictures.map(({ fileUrl, size, sha256, contentType: _c, ...meta }) => ({ part: 'pictures' as const, fileUrl, size, sha256, meta })),
    ...parts.attachments.map(({ fileUrl, size, sha256, contentType: _c, ...meta }) => ({ part: 'attachments' as const, fileUrl, size, sha256, meta })),
    ...parts.signatures.map(({ fileUrl, size, sha256, contentType: _c, ...meta }) => ({ part: 'signatures' as const, fileUrl, size, sha256, meta })),
  ];
  return computeFingerprint({ reportId: parts.pir.id, extended, masterRefuses: parts.pir.inspectionSignatures.masterRefuses, files });
}

async function prepared(user: typeof AMINA, statuses: Pir['status'][], seed: number) {
  const c = await asUser(t.app, user);
  const report = pick(await listing(c), (p) => p.claimedByDevice === c.device && statuses.includes(p.status));
  const id = pirCallId(report);
  const ext = extendedReply.parse(await (await c.get(be(paths.extended(id)))).json());
  const files = makeFiles(seed);
  const parts = saveParts(report, ext, files);
  parts.pir.extended.pir.findingsByInspector = 'Écart de 12 % sur l’albacore débarqué';
  const save = (p: Parts, key: string) => c.post(be(paths.save(id)), formOf(p), { [IDEMPOTENCY_HEADER]: key });
  const uploadAll = async () => {
    for (const [name, bytes] of uploads(files)) {
      const res = await c.post(be(paths.submitFile(id, name)), bytes as BodyInit, { 'content-type': 'application/octet-stream' });
      expect((await res.text()).startsWith('ok')).toBe(true);
    }
  };
  return { c, report, id, files, parts, save, uploadAll };
}

describe('complete-submit checks the signed fingerprint', () => {
  it('accepts a matching fingerprint and answers with a receipt of each file it holds', async () => {
    const { c, report, id, files, parts, save, uploadAll } = await prepared(RAJESH, ['readytosubmit', 'signing'], 31);
    const fingerprint = await fingerprintOfParts(parts);
    parts.pir.inspectionSignatures = { ...parts.pir.inspectionSignatures, fingerprint };
    expect((await save(parts, `fp-save-${id}`)).status).toBe(200);
    await uploadAll();

    const res = await c.get(be(paths.completeSubmit(id)));
    expect(res.status).toBe(200);
    const reply = completeSubmitReply.parse(await res.json());
    expect(reply).toBeTruthy();
    const receipt = submitReceipt.parse(reply);
    expect(receipt.reportId).toBe(report.id);
    expect(receipt.fingerprint).toBe(fingerprint);
    const expected = uploads(files).map(([fileUrl, bytes]) => ({ fileUrl, size: bytes.byteLength, sha256: sha256(bytes) }));
    expect(receipt.files.map(({ fileUrl, size, sha256: h }) => ({ fileUrl, size, sha256: h })).sort((a, b) => a.fileUrl.localeCompare(b.fileUrl))).toEqual(
      expected.sort((a, b) => a.fileUrl.localeCompare(b.fileUrl)),
    );
    expect(receipt.files.find((f) => f.fileUrl === 'sig-master.png')?.part).toBe('signatures');
    expect(receipt.total).toEqual({ files: 4, bytes: expected.reduce((n, f) => n + f.size, 0) });
    expect((await listing(c)).find((p) => p.id === report.id)?.status).toBe('submitted');

    // a repeated complete-submit (the reply was lost on a bad network) gets the same receipt
    const again = await c.get(be(paths.completeSubmit(id)));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(receipt);
  });

  it('refuses a report changed after its signing, and nothing stored changes', async () => {
    const { c, report, id, parts, save, uploadAll } = await prepared(CLAIRE, ['inspecting', 'signing', 'readytosubmit'], 32);
    const fingerprint = await fingerprintOfParts(parts);
    parts.pir.inspectionSignatures = { ...parts.pir.inspectionSignatures, fingerprint };
    expect((await save(parts, `fp-save-a-${id}`)).status).toBe(200);
    await uploadAll();
    // saved again with a finding changed, but the fingerprint taken when it was signed
    parts.pir.extended.pir.findingsByInspector = 'Aucun écart constaté';
    expect((await save(parts, `fp-save-b-${id}`)).status).toBe(200);

    const before = snapshot(t.app.ctx.db);
    const res = await c.get(be(paths.completeSubmit(id)));
    expect(res.status).toBe(409);
    const body = errorReply.parse(await res.json());
    expect(body.message).toBe(FINGERPRINT_MISMATCH);
    expect(body.data).toMatchObject({ expected: fingerprint });
    expect(snapshot(t.app.ctx.db)).toBe(before);
    const row = (await listing(c)).find((p) => p.id === report.id)!;
    expect(row.status).toBe(report.status);
    expect(row.claimedByDevice).toBe(c.device);
    expect(row.submitedForms).toEqual(report.submitedForms);
    // and asking again does not wear it down
    expect((await c.get(be(paths.completeSubmit(id)))).status).toBe(409);

    // a changed file is refused the same way: the master's signature replaced after signing
    parts.pir.extended.pir.findingsByInspector = 'Écart de 12 % sur l’albacore débarqué';
    const other = makeFiles(99).master;
    parts.signatures[0] = { ...parts.signatures[0]!, size: other.byteLength, sha256: sha256(other) };
    expect((await save(parts, `fp-save-c-${id}`)).status).toBe(200);
    await c.post(be(paths.submitFile(id, 'sig-master.png')), other as BodyInit, { 'content-type': 'application/octet-stream' });
    const refused = await c.get(be(paths.completeSubmit(id)));
    expect(refused.status).toBe(409);
    expect(errorReply.parse(await refused.json()).message).toBe(FINGERPRINT_MISMATCH);
  });

  // issue 31 item 4: once signed, a save without the fingerprint is refused (it was accepted before)
  it('refuses a signed save made without a fingerprint, and nothing stored changes', async () => {
    const { id, parts, save } = await prepared(AMINA, ['inspecting', 'signing', 'readytosubmit', 'ready'], 33);
    delete (parts.pir.inspectionSignatures as { fingerprint?: string | null }).fingerprint;
    const before = snapshot(t.app.ctx.db);
    const res = await save(parts, `fp-save-none-${id}`);
    expect(res.status).toBe(409);
    expect(errorReply.parse(await res.json()).message).toBe('FINGERPRINT_MISSING');
    expect(snapshot(t.app.ctx.db)).toBe(before);
  });
});
