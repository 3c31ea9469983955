/**
 * Attack suite — script in every free-text field is rendered inert (SPEC §7 data shown by the app).
 * Hostile text is written into the test server's database before the page loads (vessel name, flag
 * state, creator, office comment, picture descriptions, form, attachment and document names, and in the
 * extended info: vessel name, findings, master's comments, infringements, actions, port of call,
 * examination comments) and typed through the app (findings). The reports list (and its search), the
 * inspection page (findings, comments, vessel identity), the vessel files page with every segment and
 * the external vessel-file page show it as text: `window.__xss` stays undefined, no element of the
 * payload exists in the DOM, no dialog opens, and no Content-Security-Policy violation is reported
 * (an HTML injection the CSP blocked would still be reported). Exported data keeps the text as data.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Extended, Pir } from '@/lib/contract';
import { formsOfType, VESSEL_SEGMENTS } from '@/features/vessel/model/files';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { confirmStartInspection, listingFor, login } from './helpers';

const amina = DEMO_USERS[0]!;

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg/onload=window.__xss=1>';
const evil = (label: string) => `${label} ${IMG}${SCRIPT}`;

/** Every hostile text put into the report, by where it goes. */
const TEXT = {
  vesselName: evil('Vessel'),
  flagState: `Flag ${IMG}`,
  creator: `Officer ${SCRIPT}`,
  comment: `Office note ${SCRIPT} ${IMG} ${SVG}`,
  picture: (i: number) => evil(`Picture ${i}`),
  form: (i: number) => evil(`Form ${i}`),
  attachment: (i: number) => evil(`Attachment ${i}`),
  document: (i: number) => evil(`Document ${i}`),
  extendedVessel: evil('Extended vessel'),
  findings: `Findings ${IMG} ${SCRIPT} ${SVG}`,
  masterComments: evil('Master'),
  infringements: evil('Infringements'),
  actions: evil('Actions'),
  lastPort: evil('Port'),
  examination: evil('Logbook'),
  typed: `Typed ${IMG}${SCRIPT}`,
};

/** Writes the hostile text into the report's row of the test server's database (before the page loads). */
function poison(dataDir: string, id: number): void {
  const db = new Database(path.join(dataDir, 'pir.sqlite'));
  try {
    const row = db.prepare('SELECT doc, extended FROM reports WHERE id = ?').get(id) as { doc: string; extended: string };
    const doc = JSON.parse(row.doc) as Pir;
    const ext = JSON.parse(row.extended) as Extended;
    doc.vesselIdentity.vesselName = TEXT.vesselName;
    doc.vesselIdentity.flagState = TEXT.flagState;
    // a flag state the reference list does not know: the card shows the server's text, not a list name
    doc.vesselIdentity.flagStateId = null;
    doc.creator.name = TEXT.creator;
    doc.inspectionComment = TEXT.comment;
    doc.vesselPictures = doc.vesselPictures.map((p, i) => ({ ...p, description: TEXT.picture(i) }));
    doc.submitedForms = doc.submitedForms.map((f, i) => ({ ...f, name: TEXT.form(i), attachments: f.attachments.map((a, j) => ({ ...a, name: TEXT.attachment(i * 10 + j) })) }));
    doc.fileAttachements = doc.fileAttachements.map((d, i) => ({ ...d, name: TEXT.document(i) }));
    ext.vessel.name = TEXT.extendedVessel;
    ext.pir.findingsByInspector = TEXT.findings;
    ext.pir.commentsByMaster = TEXT.masterComments;
    ext.pir.infrigements = TEXT.infringements;
    ext.pir.actionsTaken = TEXT.actions;
    ext.pir.lastPortOfCallFreeForm = TEXT.lastPort;
    ext.pir.logBookExamination = { ...ext.pir.logBookExamination, comments: TEXT.examination };
    db.prepare('UPDATE reports SET doc = ?, extended = ? WHERE id = ?').run(JSON.stringify(doc), JSON.stringify(ext), id);
  } finally {
    db.close();
  }
}

interface Watch {
  violations: string[];
  dialogs: string[];
}

/**
 * Collects CSP violations (events and console reports) and dialogs from the page's first script on.
 * zod probes `Function("")` once at start-up (caught; it then parses without its JIT): that eval
 * report from the app's own chunks is not an injection and is left out; every other one counts.
 */
async function watch(page: Page, origin: string): Promise<Watch> {
  const w: Watch = { violations: [], dialogs: [] };
  page.on('console', (m) => {
    const text = m.text();
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(text) && !/unsafe-eval|evaluate a string as JavaScript/i.test(text)) w.violations.push(`console: ${text}`);
  });
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.exposeFunction('__reportCsp', (v: { directive: string; blocked: string; source: string; sample: string }) => {
    const zodProbe = v.directive.startsWith('script-src') && v.blocked === 'eval' && v.source.startsWith(`${origin}/_next/static/`);
    if (!zodProbe) w.violations.push(`${v.directive} blocked ${v.blocked} in ${v.source}: ${v.sample}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: unknown) => void }).__reportCsp({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample });
    });
  });
  return w;
}

/** Nothing of a payload ran or became an element. */
async function expectInert(page: Page, w: Watch, where: string): Promise<void> {
  // let late renders, image loads and error handlers happen
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    imgX: document.querySelectorAll('img[src="x"], img[onerror], svg[onload], [onload], [onerror]').length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
  }));
  expect(state, where).toEqual({ xss: undefined, imgX: 0, scripts: 0 });
  expect(w.violations, where).toEqual([]);
  expect(w.dialogs, where).toEqual([]);
}

function pickReport(listing: Pir[]): Pir {
  const r = listing.find((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length >= 1 && x.submitedForms.some((f) => f.attachments.length > 0));
  if (!r) throw new Error('the demo data has no unclaimed report with pictures and forms with attachments');
  return r;
}

/** Poisons a report, logs in and claims it; the tablet then holds the hostile text too. */
async function setUp(page: Page, request: Parameters<typeof listingFor>[0], server: { url: string; dataDir: string }): Promise<{ report: Pir; w: Watch }> {
  const report = pickReport(await listingFor(request, amina));
  poison(server.dataDir, report.id);
  const w = await watch(page, server.url);
  await login(page, amina);
  const card = page.locator(`[data-report-id="${report.id}"]`).first();
  await expect(card).toContainText(TEXT.vesselName);
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.locator(`[data-report-id="${report.id}"] [data-status]`).first()).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  return { report: (await listingFor(request, amina)).find((r) => r.id === report.id)!, w };
}

test('script in every free-text field is rendered as text: reports list, inspection page, vessel files', async ({ page, request, server }) => {
  test.setTimeout(180_000);
  const { report, w } = await setUp(page, request, server);
  const id = report.id;

  // the reports list: card title, flag state, comment warning; and a search that matches the payload
  await page.goto('/reports/');
  const card = page.locator(`[data-report-id="${id}"]`).first();
  await expect(card).toContainText(TEXT.vesselName);
  await expect(card).toContainText(TEXT.flagState);
  await expect(card.getByTestId('comment-warning')).toBeVisible();
  await expectInert(page, w, 'reports list');
  await page.getByTestId('report-search').fill('onerror');
  await expect(page.locator(`[data-report-id="${id}"]`).first()).toContainText(TEXT.vesselName);
  await expectInert(page, w, 'reports list, searching');

  // the inspection page: start, then the findings (as field values), the office's comment, the vessel identity
  await page.goto(`/pir/${id}/`);
  await page.locator('section[aria-labelledby="step-title"]').getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);
  await expectInert(page, w, 'inspection page');

  await page.goto(`/pir/${id}/#findings`);
  await expect(page.getByLabel('Findings of the inspector')).toHaveValue(TEXT.findings);
  await expect(page.getByLabel('Comments of the master')).toHaveValue(TEXT.masterComments);
  await expectInert(page, w, 'findings step');
  // typed through the app, kept across a reload
  await page.getByLabel('Findings of the inspector').fill(TEXT.typed);
  await page.reload();
  await expect(page.getByLabel('Findings of the inspector')).toHaveValue(TEXT.typed);
  await expectInert(page, w, 'findings step, typed and reloaded');

  await page.goto(`/pir/${id}/#comments`);
  await expect(page.getByTestId('inspection-comment')).toHaveText(TEXT.comment);
  await expectInert(page, w, 'comments step');

  await page.goto(`/pir/${id}/#updatevesselidentity`);
  await expect(page.locator('section[aria-labelledby="step-title"]').getByLabel('Vessel name', { exact: true })).toHaveValue(TEXT.extendedVessel);
  await expectInert(page, w, 'vessel identity step');

  for (const step of ['infringement', 'purposeandportofcall', 'examinations']) {
    await page.goto(`/pir/${id}/#${step}`);
    await expect(page.getByTestId(`step-${step}`)).toBeVisible();
    await expectInert(page, w, `${step} step`);
  }

  // the vessel files page: pictures, then every form segment
  await page.goto(`/pir/${id}/vessel/`);
  await expect(page.getByTestId('vessel-files')).toBeVisible();
  await expect(page.getByTestId('picture-list')).toContainText(TEXT.picture(0));
  await expectInert(page, w, 'vessel files: pictures');
  for (const segment of VESSEL_SEGMENTS.filter((s) => s !== 'pictures')) {
    const forms = formsOfType(report, segment);
    if (forms.length === 0) continue;
    await page.goto(`/pir/${id}/vessel/category/${segment}/`);
    const list = page.getByTestId('form-list');
    for (const f of forms) {
      await expect(list).toContainText(f.name);
      for (const a of f.attachments) await expect(list).toContainText(a.name);
    }
    await expectInert(page, w, `vessel files: ${segment}`);
  }
  // a file page (the viewer) of a poisoned picture
  await page.getByTestId('vessel-segments').getByRole('link').first().click();
  await page.getByTestId('picture-list').locator('a').first().click();
  await expect(page).toHaveURL(/\/vessel\/file\//);
  await expectInert(page, w, 'vessel file viewer');

  // the external vessel-file page the app links to
  await page.goto(`/vfd/${report.fileId}/vesselfile.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.vesselName);
  await expectInert(page, w, 'external vessel file page');
});

test('exported data keeps the hostile text as data: manifest and report JSON hold it verbatim, no HTML', async ({ page, request, server }) => {
  test.setTimeout(180_000);
  const { report, w } = await setUp(page, request, server);

  await page.getByRole('button', { name: `User menu — ${amina.deviceName}` }).click();
  const menu = page.getByRole('dialog', { name: 'Settings' });
  const advanced = menu.getByRole('switch', { name: 'Show advanced features' });
  if ((await advanced.getAttribute('aria-checked')) !== 'true') await advanced.click();
  await menu.getByRole('button', { name: 'Download data' }).click();
  const dialog = page.getByTestId('download-data-dialog');
  await expect(dialog.getByRole('heading', { name: 'Download data' })).toBeVisible();
  await expect(dialog).toContainText(/Estimated size/);
  await expectInert(page, w, 'download dialog');
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pir-xss-export-')), download.suggestedFilename());
  await download.saveAs(file);
  await expectInert(page, w, 'after the export');

  const entries = unzipSync(new Uint8Array(fs.readFileSync(file)));
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const names = Object.keys(entries);
  // entry names are built from safe characters only, whatever the descriptions say
  for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_./-]+$/);
  expect(names.some((n) => /\.html?$/i.test(n))).toBe(false);

  const manifestText = strFromU8(entries['manifest.json']!);
  const manifest = JSON.parse(manifestText) as { reports: { id: number; title: string; path: string }[]; files: { record: { filename: string } }[] };
  const entry = manifest.reports.find((r) => r.id === report.id)!;
  expect(entry.title).toBe(TEXT.vesselName);
  // JSON, not markup: no entity-escaping, no stripped tags
  expect(manifestText).not.toContain('&lt;');

  const saved = JSON.parse(strFromU8(entries[entry.path]!)) as Pir;
  expect(saved.vesselIdentity.vesselName).toBe(TEXT.vesselName);
  expect(saved.vesselIdentity.flagState).toBe(TEXT.flagState);
  expect(saved.inspectionComment).toBe(TEXT.comment);
  expect(saved.creator.name).toBe(TEXT.creator);
  expect(saved.vesselPictures.map((p) => p.description)).toEqual(report.vesselPictures.map((_, i) => TEXT.picture(i)));
  expect(saved.submitedForms.map((f) => f.name)).toEqual(report.submitedForms.map((_, i) => TEXT.form(i)));
  expect(saved.extended?.vessel.name).toBe(TEXT.extendedVessel);
  expect(saved.extended?.pir.findingsByInspector).toBe(TEXT.findings);
  expect(saved.extended?.pir.commentsByMaster).toBe(TEXT.masterComments);
});
