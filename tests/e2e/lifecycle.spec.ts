import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteFilesOf } from '@/lib/reports/remote-files';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import config from '../../playwright.config';
import { startServerWithFaults } from '../../server/testing/with-faults';
import { readBlob } from '../../server/db/blob-store';
import { choose, completeFormSteps, confirmStartInspection, drawOn, goOffline, goOnline, listingFor, login, makeJpeg, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;
const launch = config.use!.launchOptions!;

async function openProfile(dir: string, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, {
    ...launch,
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Counts the files the tablet stores for a report, straight from IndexedDB. */
function storedFileCount(page: Page, reportId: number): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('files').objectStore('files').index('byPir').count(id);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
    reportId,
  );
}

function pickReport(listing: Pir[]): Pir {
  const r = listing.find((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length >= 2 && x.submitedForms.length >= 1);
  if (!r) throw new Error('the demo data has no unclaimed report with pictures and forms');
  return r;
}

interface Target {
  baseURL: string;
  dataDir: string;
}

/**
 * The inspector's day: claim and prepare online, go offline, inspect across a reload and a
 * browser restart, sign, submit while still offline, come back online; then the server holds
 * exactly what was entered, each file once.
 *
 * `patience`: how long a transfer may take. With faults, one request can fail several times in a row and
 * wait out the runner's backoff (1, 2, 4, 8, 16, 30, 30 s before its 8th and last try: 91 s).
 */
async function journey(target: Target, report: Pir, patience = 60_000) {
  const files = remoteFilesOf(report);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-profile-'));
  const findings = `Logbook pages 12-14 missing; hold 3 temperature −18 °C (${Date.now()})`;

  let { context, page } = await openProfile(profile, target.baseURL);
  await login(page, amina);
  await waitForServiceWorker(page);

  // Claim and prepare, online.
  const card = page.locator(`[data-report-id="${report.id}"]`);
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'preparing');
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: patience });
  await expect(page.getByTestId('group-ready').locator(`[data-report-id="${report.id}"] [data-status]`)).toHaveAttribute('data-status', 'ready');
  expect(await storedFileCount(page, report.id)).toBe(files.length);
  // The steps' lists are on the tablet too (the reports page says which are not, until they are).
  await expect(page.getByTestId('lists-missing')).toHaveCount(0, { timeout: patience });

  // Offline from here: page and service worker requests fail.
  await goOffline(context);
  await page.goto(`/pir/${report.id}/`);
  await expect(page.getByRole('heading', { name: 'Inspection started' })).toBeVisible();
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await expect(page.getByLabel('Inspector name')).toHaveValue(amina.name);
  await confirmStartInspection(page);

  await page.getByTestId('stepper-findings').click();
  await page.getByLabel('Findings of the inspector').fill(findings);
  await page.getByLabel('Comments of the master').fill('Master agrees with the count.');
  await page.reload();
  await expect(page.getByLabel('Findings of the inspector')).toHaveValue(findings);
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByTestId('stepper-findings')).toHaveAttribute('data-state', 'done');

  // The tablet is switched off and on again, still with no network.
  await context.close();
  ({ context, page } = await openProfile(profile, target.baseURL));
  await goOffline(context);
  await page.goto(`/pir/${report.id}/#findings`);
  await expect(page.getByLabel('Findings of the inspector')).toHaveValue(findings);
  await expect(page.getByTestId('stepper-findings')).toHaveAttribute('data-state', 'done');

  // A one-page crew list, photographed on board: submitted as an A4 PDF.
  await page.getByTestId('stepper-pirattachments').click();
  const attachments = page.getByTestId('step-pirattachments');
  await attachments.getByRole('button', { name: 'New attachment' }).click();
  const draft = attachments.getByTestId('attachment-draft');
  await draft.getByRole('combobox', { name: 'Document type' }).selectOption({ label: 'Crew list' });
  await choose(page, () => draft.getByRole('button', { name: 'First page from a file' }).click(), [{ name: 'crew.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(620, 877) }]);
  await page.getByRole('alertdialog').getByRole('button', { name: 'No, done' }).click({ timeout: 20_000 });
  await expect(attachments.locator('[data-testid="attachment-card"][data-offline="true"]')).toHaveCount(1);

  // Every other step, then sign, still offline.
  await completeFormSteps(page, report.id);
  await page.getByTestId('stepper-signature').click();
  await page.getByRole('button', { name: 'Start signing' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start signing' }).click();
  await expect(page.getByTestId('pad-inspector').getByRole('button', { name: 'Save my signature' })).toBeDisabled();
  await drawOn(page, 'pad-master');
  await page.getByTestId('pad-master').getByRole('button', { name: "Save the master's signature" }).click();
  await expect(page.getByTestId('pad-master')).toHaveAttribute('data-state', 'registered');
  await drawOn(page, 'pad-inspector', 10);
  await page.getByTestId('pad-inspector').getByRole('button', { name: 'Save my signature' }).click();
  await expect(page.getByTestId('pad-inspector')).toHaveAttribute('data-state', 'registered');
  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  await expect(page.getByTestId('stepper-signature')).toHaveAttribute('data-state', 'done');

  // Submit while offline: queued until the network returns.
  await page.getByTestId('stepper-submit').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('submit-status')).toContainText('Submitting');
  await expect(page.getByTestId('process').getByText('Waiting for the network')).toBeVisible();
  // The report's own outbox says the same of its entries and of each file it sends.
  const outbox = page.getByTestId('report-outbox');
  await expect(outbox.getByTestId('outbox-entries')).toContainText('Waiting for the network · not sent');
  for (const file of await outbox.getByTestId('outbox-file').all()) await expect(file).toContainText('Waiting for the network · not sent');

  await goOnline(context);
  await expect(page.getByTestId('submit-status')).toContainText('Submitted on', { timeout: patience });

  // Issue 22: the server's receipt, checked against the three files sent, shown on the submit step and
  // the card, and still there after a reload with no network, in English and in French.
  await expectReceipt(page, report.id, report.code, 'The server holds 3 of 3 files, checked');
  await goOffline(context);
  await page.reload();
  await expectReceipt(page, report.id, report.code, 'The server holds 3 of 3 files, checked');
  await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('settings') ?? '{}'), language: 'fr' })));
  await page.reload();
  await expectReceipt(page, report.id, report.code, 'Le serveur détient 3 fichiers sur 3, vérifiés');
  await context.close();

  // The server holds exactly what was entered, each file once.
  const db = new Database(path.join(target.dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT status, doc FROM reports WHERE id = ?').get(report.id) as { status: string; doc: string };
    expect(row.status).toBe('submitted');
    const doc = JSON.parse(row.doc) as Pir;
    expect(doc.submitedForms.filter((f) => f.typeOfForm === 'PIR')).toHaveLength(1);
    const save = db.prepare('SELECT pir FROM saves WHERE report_id = ?').get(report.id) as { pir: string };
    const saved = JSON.parse(save.pir) as Pir;
    // the fingerprint taken when the inspection was completed travelled with the save, and matched
    expect(saved.inspectionSignatures.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.extended?.pir.findingsByInspector).toBe(findings);
    expect(saved.extended?.pir.commentsByMaster).toBe('Master agrees with the count.');
    expect(saved.extended?.pir.monitoringDetails.principalInspectorName).toBe(amina.name);
    const announced = db.prepare('SELECT file_url, size, received_at FROM announced WHERE report_id = ? ORDER BY file_url').all(report.id) as {
      file_url: string;
      size: number;
      received_at: string | null;
    }[];
    expect(announced.map((a) => a.file_url)).toEqual([expect.stringMatching(/^CRLI_[0-9a-f-]{36}\.pdf$/), 'signature_inspector.png', 'signature_master.png']);
    for (const a of announced) {
      expect(a.received_at).not.toBeNull();
      expect(a.size).toBeGreaterThan(500);
    }
    // The attachment arrived as a one-page PDF, built on the tablet (in a worker) from the page picture.
    const pdf = db.prepare('SELECT sha256 FROM announced WHERE report_id = ? AND part = ?').get(report.id, 'attachments') as { sha256: string };
    const text = readBlob(db, pdf.sha256)!.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page(?!s)/g)).toHaveLength(1);
  } finally {
    db.close();
  }
}

/** The receipt on the submit step (with each file, its size and SHA-256) and on the report's card. */
async function expectReceipt(page: Page, reportId: number, code: string, summary: string) {
  await page.goto(`/pir/${reportId}/#submit`);
  const receipt = page.getByTestId('submit-receipt');
  await expect(receipt.getByTestId('receipt-summary')).toHaveText(summary);
  await expect(receipt).toHaveAttribute('data-checked', 'true');
  await expect(receipt.getByTestId('receipt-file')).toHaveCount(3);
  await expect(receipt.getByTestId('receipt-fingerprint')).toContainText(/[0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}/);
  await page.goto('/reports/');
  // the submitted group is a carousel: find the card by its code
  await page.getByRole('searchbox').fill(code);
  await expect(page.locator(`[data-report-id="${reportId}"]`).getByTestId('card-receipt')).toHaveText(summary);
}

test('claimed online, inspected offline across a reload and a browser restart, submitted once when back online', async ({ request, server }) => {
  test.setTimeout(150_000);
  await journey({ baseURL: server.url, dataDir: server.dataDir }, pickReport(await listingFor(request, amina)));
});

test('the same journey ends the same way when 30% of the server replies fail or drop mid-body', async ({ playwright }) => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-faults-'));
  const server = await startServerWithFaults({
    port: 0,
    dataDir,
    staticDir: path.resolve('out'),
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    faults: 'rate=0.3,modes=500+drop,paths=^/be/offline-api/,seed=11',
  });
  try {
    const request = await playwright.request.newContext({ baseURL: server.url });
    // The listing itself may fail: ask until it answers.
    let listing: Pir[] | null = null;
    for (let i = 0; i < 20 && !listing; i++) listing = await listingFor(request, amina).catch(() => null);
    await request.dispose();
    await journey({ baseURL: server.url, dataDir }, pickReport(listing!), 100_000);
    expect(server.app.faults.stats().injected).toBeGreaterThan(0);
  } finally {
    await server.close();
  }
});
