/**
 * The vessel files page and the file viewer (SPEC §2, §8, §9): every segment with the right files,
 * the external vessel file, a prepared report's picture and PDF opened offline with zoom limits and
 * download, a file that is not on the tablet fetched on demand, and pdf.js staying on the viewer
 * route, loaded from the app's own origin without a Content-Security-Policy violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Pir } from '@/lib/contract';
import { downloadName, formsOfType, picturesOf, vesselDocumentsOf, VESSEL_SEGMENTS, type VesselSegment } from '@/features/vessel/model/files';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { goOffline, goOnline, listingFor, login, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;

/** The file names of the built pdf.js chunks (the ones that set the worker). */
function pdfChunks(): string[] {
  const dir = path.resolve('out/_next/static/chunks');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'utf8').includes('GlobalWorkerOptions'));
}

/** Whether pdf.js is in the page: its global, or one of its chunks among the page's resources. */
function pdfJsLoaded(page: Page, chunks: string[]): Promise<boolean> {
  return page.evaluate(
    (names) =>
      'pdfjsLib' in globalThis || performance.getEntriesByType('resource').some((e) => names.some((n) => e.name.includes(n)) || e.name.includes('pdf.worker')),
    chunks,
  );
}

interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  column: number;
}

/** Collects Content-Security-Policy violations from the page's first script on. */
async function watchCsp(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push({ directive: 'console', blocked: m.text(), source: m.location().url, line: m.location().lineNumber, column: m.location().columnNumber });
  });
  await page.exposeFunction('__reportCsp', (v: CspViolation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCsp: (v: unknown) => void }).__reportCsp;
      report({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, column: e.columnNumber });
    });
  });
  return violations;
}

/**
 * zod's start-up probe `Function("")` (caught: zod then parses without its JIT) is reported as a
 * script-src eval violation on every page of the app; it is not pdf.js. Any other violation counts.
 */
function isZodEvalProbe(v: CspViolation, origin: string): boolean {
  if (v.directive !== 'script-src' || v.blocked !== 'eval' || !v.source.startsWith(`${origin}/_next/static/chunks/`)) return false;
  const file = path.resolve('out', v.source.slice(origin.length + 1));
  if (!fs.existsSync(file)) return false;
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes('GlobalWorkerOptions')) return false;
  const line = text.split('\n')[v.line - 1] ?? '';
  return line.slice(Math.max(0, v.column - 40), v.column + 40).includes('try{return Function(""),!0}');
}

/** The files a segment should list, in order, by their address id. */
function expectedKeys(report: Pir, segment: VesselSegment): string[] {
  if (segment === 'pictures') return [...picturesOf(report), ...vesselDocumentsOf(report)].map((f) => f.key);
  return formsOfType(report, segment).flatMap((f) => [f.file.key, ...f.attachments.map((a) => a.key)]);
}

/** A submitted report with forms of every type, attachments on its PIR and vessel-file documents. */
function richReport(listing: Pir[]): Pir {
  const types = (r: Pir) => new Set(r.submitedForms.map((f) => f.typeOfForm)).size;
  const r = [...listing]
    .filter((x) => x.status === 'submitted')
    .sort((a, b) => types(b) - types(a) || b.fileAttachements.length - a.fileAttachements.length || b.vesselPictures.length - a.vesselPictures.length)[0];
  if (!r || types(r) < 4) throw new Error('the demo data has no submitted report with every form type');
  return r;
}

const zoomLevel = (page: Page) => page.getByTestId('zoom-level');

test('the vessel files page: identity, the external vessel file, every segment with its files; pdf.js stays out', async ({ page, request, baseURL }) => {
  const chunks = pdfChunks();
  expect(chunks.length).toBeGreaterThan(0);
  const report = richReport(await listingFor(request, amina));
  expect(report.fileAttachements.length).toBeGreaterThan(0);
  await login(page, amina);
  expect(await pdfJsLoaded(page, chunks)).toBe(false);

  await page.goto(`/pir/${report.id}/vessel/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vessel files' })).toBeVisible();

  // Identity chips, from the listing (the report is not prepared on this tablet).
  const v = report.vesselIdentity;
  const chips: [string, string | null][] = [
    ['flagState', v.flagState],
    ['vesselFile', String(report.fileId)],
    ['imo', v.imoId],
    ['iotcId', v.iotcId],
    ['callSign', v.ircs],
    ['mmsi', v.mmsi],
  ];
  for (const [key, value] of chips) await expect(page.getByTestId(`chip-${key}`)).toContainText(value!);
  await expect(page.getByTestId('chip-iotcId')).toContainText('IOTC id');
  await expect(page.getByTestId('chip-callSign')).toContainText('Call sign');

  // The external vessel file: {host}/vfd/{fileId}/vesselfile.html, a new tab without opener or referrer.
  const link = page.getByTestId('vessel-file-link');
  const url = `${baseURL}/vfd/${report.fileId}/vesselfile.html`;
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(await res.text()).toContain(v.vesselName);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(url);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(v.vesselName);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();

  // The default segment is pictures; every segment lists exactly its files.
  await expect(page.getByRole('link', { name: /^Pictures/ })).toHaveAttribute('aria-current', 'page');
  for (const segment of VESSEL_SEGMENTS) {
    await page.getByTestId('vessel-segments').locator(`[data-segment="${segment}"]`).click();
    await expect(page).toHaveURL(`${baseURL}/pir/${report.id}/vessel/category/${segment}/`);
    await expect(page.getByTestId('vessel-segments').locator(`[data-segment="${segment}"]`)).toHaveAttribute('aria-current', 'page');
    const section = page.getByTestId(`segment-${segment}`);
    await expect(section).toBeVisible();
    const expected = expectedKeys(report, segment);
    expect(expected.length, segment).toBeGreaterThan(0);
    await expect(section.locator('[data-file-key]')).toHaveCount(expected.length);
    expect(await section.locator('[data-file-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-file-key')))).toEqual(expected);
    if (segment !== 'pictures') {
      await expect(section.getByTestId('form-card').first()).toHaveAttribute('data-form-type', segment);
      await expect(section.getByRole('heading', { level: 3, name: formsOfType(report, segment)[0]!.name })).toBeVisible();
    }
    // nothing of this report is on the tablet
    await expect(section.locator('[data-stored="yes"]')).toHaveCount(0);
  }
  // the PIR segment shows the attachments of the submitted PIR
  const pirForm = formsOfType(report, 'PIR')[0]!;
  await expect(page.getByRole('list', { name: `Attachments of ${pirForm.name}` }).getByRole('link')).toHaveCount(pirForm.attachments.length);

  // Reading the address directly works too, and an unknown type says so.
  await page.goto(`/pir/${report.id}/vessel/category/AREP/`);
  await expect(page.getByTestId('segment-AREP').locator('[data-file-key]')).toHaveCount(expectedKeys(report, 'AREP').length);
  await page.goto(`/pir/${report.id}/vessel/category/XYZ/`);
  await expect(page.getByText('There is no file type “XYZ”.')).toBeVisible();
  expect(await pdfJsLoaded(page, chunks)).toBe(false);

  await page.goto('/reports/');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(await pdfJsLoaded(page, chunks)).toBe(false);
});

test('a file not on the tablet: says so, cannot be fetched offline, fetch errors stop the spinner, then it is fetched and shown', async ({ page, context, request, baseURL }) => {
  const chunks = pdfChunks();
  const report = richReport(await listingFor(request, amina));
  const rar = formsOfType(report, 'RAR')[0]!.file;
  const picture = picturesOf(report)[0]!;
  const csp = await watchCsp(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  await login(page, amina);
  await waitForServiceWorker(page);
  await page.goto(`/pir/${report.id}/vessel/category/RAR/`);
  await page.locator(`[data-file-key="${rar.key}"]`).click();
  await expect(page).toHaveURL(`${baseURL}/pir/${report.id}/vessel/file/${rar.key}/`);
  await expect(page.getByRole('heading', { level: 1, name: rar.name })).toBeVisible();
  const notStored = page.getByTestId('not-stored');
  await expect(notStored).toContainText('This file is not available offline.');
  await expect(page.getByRole('button', { name: `Download ${rar.name}` })).toBeDisabled();

  // Offline: the fetch button is disabled and says why.
  await goOffline(context);
  const fetchButton = notStored.getByRole('button', { name: 'Download to this tablet' });
  await expect(fetchButton).toBeDisabled();
  await expect(notStored).toContainText('You are offline: connect to the network to download it.');
  await goOnline(context);
  await expect(fetchButton).toBeEnabled();

  // SPEC §8: a 500 with an empty body is error.fileDownload; the spinner stops and the button comes back.
  await context.route(`**${rar.link}`, (route) => route.fulfill({ status: 500, body: '' }));
  await fetchButton.click();
  await expect(notStored.getByTestId('viewer-error')).toHaveText('The file could not be downloaded.');
  await expect(fetchButton).toBeEnabled();
  await expect(notStored.getByText('Downloading…')).toHaveCount(0);
  await context.unroute(`**${rar.link}`);

  // Fetched with the token, stored, shown: the first page is drawn on a canvas.
  await fetchButton.click();
  await expect(page.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pdf-document')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('viewer-error')).toHaveCount(0);
  expect(await pdfJsLoaded(page, chunks)).toBe(true);
  expect(workers).toContain(`${baseURL}/pdf.worker.min.mjs`);

  // Stored now: it opens again after a reload, offline.
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 15_000 });
  await goOnline(context);

  // A PDF that is not one: the "preparing" state ends with a message and a retry.
  const broken = formsOfType(report, 'RAR')[0]!.attachments[0]!;
  await context.route(`**${broken.link}`, (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a PDF' }));
  await page.goto(`/pir/${report.id}/vessel/file/${broken.key}/`);
  await page.getByRole('button', { name: 'Download to this tablet' }).click();
  await expect(page.getByTestId('viewer-error')).toHaveText('The PDF could not be shown.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('pdf-preparing')).toHaveCount(0);

  // A picture whose bytes are not an image: "could not load image".
  await context.route(`**${picture.link}`, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: 'not a picture' }));
  await page.goto(`/pir/${report.id}/vessel/file/${picture.key}/`);
  await page.getByRole('button', { name: 'Download to this tablet' }).click();
  await expect(page.getByTestId('viewer-error')).toHaveText('could not load image');

  // Nothing left the app's origin; no CSP violation.
  expect(requests.filter((u) => !u.startsWith(`${baseURL}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(csp.filter((v) => !isZodEvalProbe(v, baseURL!))).toEqual([]);
});

test('offline, a prepared report: its picture and PDF open from the tablet, zoom 1 to 3 in steps of 0.5, pinch, download', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const chunks = pdfChunks();
  const listing = await listingFor(request, amina);
  const report = listing.find((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length > 0 && x.submitedForms.some((f) => f.typeOfForm === 'RAR'));
  if (!report) throw new Error('the demo data has no unclaimed report with pictures and a RAR');
  const csp = await watchCsp(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  await login(page, amina);
  await waitForServiceWorker(page);
  const card = page.locator(`[data-report-id="${report.id}"]`);
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 60_000 });

  await goOffline(context);
  await page.goto(`/pir/${report.id}/vessel/`);
  // The external vessel file cannot open offline: its button is disabled (issue 21: it looked enabled).
  await expect(page.getByTestId('vessel-file-link-offline')).toBeDisabled();
  await expect(page.getByTestId('vessel-file-link')).toHaveCount(0);
  const pictures = page.getByTestId('segment-pictures');
  await expect(pictures.locator('[data-stored="yes"]')).toHaveCount(picturesOf(report).length + vesselDocumentsOf(report).length);
  expect(await pdfJsLoaded(page, chunks)).toBe(false);

  // The picture.
  const picture = picturesOf(report)[0]!;
  await pictures.locator(`[data-file-key="${picture.key}"]`).click();
  const image = page.getByTestId('viewer-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await pdfJsLoaded(page, chunks)).toBe(false);
  const zoomOutButton = page.getByRole('button', { name: 'Zoom out' });
  const zoomInButton = page.getByRole('button', { name: 'Zoom in' });
  await expect(zoomLevel(page)).toHaveText('100 %');
  await expect(zoomOutButton).toBeDisabled();
  const width1 = (await image.boundingBox())!.width;
  for (const expected of ['150 %', '200 %', '250 %', '300 %']) {
    await zoomInButton.click();
    await expect(zoomLevel(page)).toHaveText(expected);
  }
  await expect(zoomInButton).toBeDisabled();
  await expect(zoomOutButton).toBeEnabled();
  const width3 = (await image.boundingBox())!.width;
  expect(width3 / width1).toBeGreaterThan(2.9);
  expect(width3 / width1).toBeLessThan(3.1);
  // the keyboard: − and +
  await page.keyboard.press('-');
  await expect(zoomLevel(page)).toHaveText('250 %');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(zoomLevel(page)).toHaveText('100 %');
  await expect(zoomOutButton).toBeDisabled();
  await page.keyboard.press('+');
  await expect(zoomLevel(page)).toHaveText('150 %');
  await page.keyboard.press('-');

  // Pinch: two fingers spread to twice their distance → 200 %.
  const box = (await page.getByTestId('viewer-viewport').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }],
    });
  await touch('touchStart', 50);
  for (const d of [60, 75, 90, 100]) await touch('touchMove', d);
  await touch('touchEnd', 0);
  await expect(zoomLevel(page)).toHaveText('200 %');

  // No share, no fullscreen; download saves the stored bytes under the file's name.
  await expect(page.getByRole('button', { name: /share|partager/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /full ?screen|plein écran/i })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${picture.name}` }).click()]);
  expect(download.suggestedFilename()).toBe(downloadName(picture.name, 'image/jpeg'));
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(saved.byteLength).toBe(report.vesselPictures[0]!.size);

  // The RAR, a PDF: "preparing", then its first page on a canvas.
  await page.getByRole('link', { name: 'Back to the vessel files' }).click();
  await page.getByTestId('vessel-segments').locator('[data-segment="RAR"]').click();
  const rar = formsOfType(report, 'RAR')[0]!.file;
  await page.locator(`[data-file-key="${rar.key}"]`).click();
  await expect(page).toHaveURL(`${baseURL}/pir/${report.id}/vessel/file/${rar.key}/`);
  const firstPage = page.getByTestId('pdf-page').first();
  await expect(firstPage.locator('canvas')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pdf-document')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pdf-preparing')).toHaveCount(0);
  expect(await pdfJsLoaded(page, chunks)).toBe(true);
  expect(workers).toContain(`${baseURL}/pdf.worker.min.mjs`);
  expect(workers.filter((u) => !u.startsWith(`${baseURL}/`))).toEqual([]);
  await expect(zoomLevel(page)).toHaveText('100 %');
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  const pageWidth1 = (await firstPage.boundingBox())!.width;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomLevel(page)).toHaveText('200 %');
  await expect.poll(async () => Math.round(((await firstPage.boundingBox())!.width / pageWidth1) * 10) / 10).toBe(2);
  // the zoom keeps the centre of the page in view
  expect(await page.getByTestId('viewer-viewport').evaluate((el) => el.scrollLeft / (el.scrollWidth - el.clientWidth))).toBeCloseTo(0.5, 1);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomLevel(page)).toHaveText('300 %');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await expect(firstPage.locator('canvas')).toBeVisible();
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${rar.name}` }).click()]);
  expect(pdfDownload.suggestedFilename()).toBe(downloadName(rar.name, 'application/pdf'));
  expect(fs.readFileSync((await pdfDownload.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // Everything came from the app's origin (the service worker, offline); no CSP violation.
  expect(requests.filter((u) => !u.startsWith(`${baseURL}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(csp.filter((v) => !isZodEvalProbe(v, baseURL!))).toEqual([]);
});
