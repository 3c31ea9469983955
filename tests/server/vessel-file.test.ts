/** GET /vfd/{fileId}/vesselfile.html: the external vessel file the app links to (SPEC §1, §2). */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pir } from '../../lib/contract/index';
import { escapeHtml, VESSEL_FILE_CSP } from '../../server/routes/vessel-file';
import { asUser, be, listing, makeApp, waitForReferenceData, type TestApp } from './helpers';

let t: TestApp;
let reports: Pir[];

beforeAll(async () => {
  await waitForReferenceData();
  t = await makeApp();
  reports = await listing(await asUser(t.app));
});
afterAll(() => t?.close());

const get = (fileId: string | number, init?: RequestInit) => t.app.request(`/vfd/${fileId}/vesselfile.html`, init);

/** The report with the most form types on file. */
function richest(): Pir {
  return [...reports].sort((a, b) => new Set(b.submitedForms.map((f) => f.typeOfForm)).size - new Set(a.submitedForms.map((f) => f.typeOfForm)).size)[0]!;
}

describe('the vessel file page', () => {
  it('describes the vessel of a file id: identity and the forms on file, without a token', async () => {
    const r = richest();
    expect(new Set(r.submitedForms.map((f) => f.typeOfForm)).size).toBeGreaterThanOrEqual(3);
    const res = await get(r.fileId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    const v = r.vesselIdentity;
    for (const value of [v.vesselName, v.flagState, v.imoId, v.ircs, v.mmsi, v.iotcId, String(r.fileId)]) {
      expect(body).toContain(escapeHtml(value));
    }
    for (const f of r.submitedForms) {
      expect(body).toContain(`<span class="tag">${f.typeOfForm}</span></td><td>${escapeHtml(f.name)}</td><td>${f.submitDate.slice(0, 10)}</td>`);
    }
    for (const d of r.fileAttachements) expect(body).toContain(escapeHtml(d.name));
    // nothing downloadable, nothing that runs
    expect(body).not.toContain('/be/');
    expect(body).not.toMatch(/<script|<img|<link|<iframe|<form|\son[a-z]+=/i);
  });

  it('has a strict CSP that allows only its own inline style, by hash, and the usual security headers', async () => {
    const res = await get(reports[0]!.fileId);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(VESSEL_FILE_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/script-src/);
    const body = await res.text();
    const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = crypto.createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('escapes a hostile vessel name, form name and document name', async () => {
    const r = reports.find((x) => x.submitedForms.length > 0 && x.fileAttachements.length > 0) ?? reports[0]!;
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>'&"`;
    t.app.ctx.db
      .prepare(
        `UPDATE reports SET doc = json_set(doc, '$.vesselIdentity.vesselName', ?, '$.vesselIdentity.ircs', ?, '$.submitedForms[0].name', ?) WHERE id = ?`,
      )
      .run(hostile, `"><b>`, `</td></tr><script>1</script>`, r.fileId);
    const res = await get(r.fileId);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('<script');
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>');
    expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;&quot;');
    expect(body).toContain(`<title>${escapeHtml(hostile)} - vessel file ${r.fileId}</title>`);
    expect(body).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;script&gt;1&lt;/script&gt;');
  });

  it('answers an unknown or malformed id with a 404 page under the same CSP, echoing nothing', async () => {
    const known = new Set(reports.map((r) => r.fileId));
    let unknown = 999_999;
    while (known.has(unknown)) unknown++;
    for (const id of [String(unknown), '0', 'abc', '%3Cscript%3E', '12345678901']) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(VESSEL_FILE_CSP);
      const body = await res.text();
      expect(body).toContain('Vessel file not found');
      expect(body).not.toContain('<script');
    }
  });

  it('looks up the file id, not the call id, and lives outside /be', async () => {
    const r = reports.find((x) => x.offlinePendingForms.length > 0)!;
    expect((await get(r.offlinePendingForms[0]!.id)).status).toBe(404);
    expect((await t.app.request(be(`vfd/${r.fileId}/vesselfile.html`))).status).toBe(404);
    expect((await get(r.fileId)).status).toBe(200);
  });
});
