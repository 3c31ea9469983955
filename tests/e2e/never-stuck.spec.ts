import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { remoteFilesOf } from '@/lib/reports/remote-files';
import { goOffline, goOnline, listingFor, login, storedReport, waitForServiceWorker } from './helpers';

const [amina] = DEMO_USERS as unknown as [(typeof DEMO_USERS)[0]];

/** The server stops answering while the tablet keeps its network (quay Wi-Fi with no internet, the server down). */
async function serverGone(context: BrowserContext) {
  await context.route('**/be/**', (route) => route.abort('connectionrefused'));
}

async function serverBack(context: BrowserContext) {
  await context.unroute('**/be/**');
}

/** Moves the page's clock on by `ms`, in steps, letting the requests due meanwhile fail for real. */
async function timePasses(page: Page, ms: number, step = 20_000) {
  for (let passed = 0; passed < ms; passed += step) {
    await page.clock.fastForward(step);
    await page.waitForTimeout(150);
  }
}

test('the server unreachable for 5 minutes, the browser online: the badge says so, the submission says it has not gone yet and never gives up, and it is submitted without a tap within a minute of the server\'s return', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const report = (await listingFor(request, amina)).find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
  await page.clock.install();
  await login(page, amina);
  await waitForServiceWorker(page);
  await page.goto(`/pir/${report.id}/#submit`);
  await expect(page.getByTestId('submit-status')).toHaveText(/ready to submit/, { timeout: 60_000 });
  const badge = page.getByRole('status', { name: /^Connection:/ });
  await expect(badge).toHaveAttribute('data-connection', 'online');

  await serverGone(page.context());
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('submit-status')).toHaveText(/^Submitting/);

  // SPEC §9: after 60 s the inspector is told it has not gone yet; 5 minutes on, it is still on its way.
  await timePasses(page, 70_000);
  await expect(page.getByTestId('submit-status')).toHaveText(/^Not sent yet: the server does not answer/);
  await expect(badge).toHaveAttribute('data-connection', 'no-server');
  await expect(badge).toHaveAccessibleName('Connection: Server unreachable');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await timePasses(page, 240_000);
  await expect(page.getByTestId('submit-status')).toHaveText(/^Not sent yet/);
  await expect(page.getByTestId('rejected-task')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry submission' })).toHaveCount(0);

  // The server is back: nothing is tapped, and within a minute it is submitted.
  await serverBack(page.context());
  await timePasses(page, 60_000, 5_000);
  await expect(page.getByTestId('submit-status')).toHaveText(/^Submitted on/, { timeout: 15_000 });
  await expect(badge).toHaveAttribute('data-connection', 'online');
  const sent = (await listingFor(request, amina)).find((r) => r.id === report.id)!;
  expect(sent.status).toBe('submitted');
});

test('a reference list that fails is fetched again by itself, alone, while the others are kept; the step says which list is missing and can ask now', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  // The picture types fail until `answered`; every other list is answered.
  let answered = false;
  const asked = { imageType: 0, flag: 0 };
  await page.context().route(/\/be\/.*\/(imageType|flag)$/, (route) => {
    const list = route.request().url().endsWith('/imageType') ? 'imageType' : 'flag';
    asked[list]++;
    return list === 'imageType' && !answered ? route.abort('connectionreset') : route.fallback();
  });
  await login(page, amina);
  // Where reports are prepared, before the inspector leaves coverage: which list is not here yet.
  await expect(page.getByTestId('lists-missing')).toContainText('One list the steps need is not on this tablet yet: picture types.', { timeout: 30_000 });
  await page.goto(`/pir/${report.id}/#vesselpictures`);
  await expect(page.getByTestId('missing-list')).toContainText('The list of picture types is not on this tablet yet', { timeout: 30_000 });
  // The other lists arrived and stay: a form step's lists are there.
  await page.goto(`/pir/${report.id}/#updatevesselidentity`);
  await expect(page.getByTestId('missing-list')).toHaveCount(0);
  const started = asked.flag;
  await page.goto(`/pir/${report.id}/#vesselpictures`);
  await expect(page.getByTestId('missing-list')).toBeVisible();
  // SPEC §4: every start refreshes the lists once, 2 s in. After that, the missing list is asked for
  // again by itself, alone: the lists that arrived are not fetched again.
  await expect.poll(() => asked.flag, { timeout: 10_000 }).toBe(started + 1);
  const [flag, imageType] = [asked.flag, asked.imageType];
  await expect.poll(() => asked.imageType, { timeout: 20_000 }).toBeGreaterThan(imageType);
  expect(asked.flag).toBe(flag);
  // Offline, the step does not claim the list is being fetched, and offers nothing that cannot work.
  await goOffline(page.context());
  await expect(page.getByTestId('missing-list')).toContainText('it is fetched once the tablet is back online');
  await expect(page.getByRole('button', { name: 'Try again now' })).toHaveCount(0);
  await goOnline(page.context());
  answered = true;
  await page.getByRole('button', { name: 'Try again now' }).click();
  await expect(page.getByTestId('missing-list')).toHaveCount(0, { timeout: 10_000 });
  await page.goto('/reports/');
  await expect(page.getByTestId('group-inspecting')).toBeVisible();
  await expect(page.getByTestId('lists-missing')).toHaveCount(0);
});

test('the same inspector on two tablets gets a report back: the submission refused on the first tablet gives way to its reclaim, its entries stay', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.setTimeout(150_000);
  const report = (await listingFor(request, amina)).find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#submit`);
  await expect(page.getByTestId('submit-status')).toHaveText(/ready to submit/, { timeout: 60_000 });

  // Tablet B: Amina signs in on another tablet and reclaims the report.
  const other = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const b = await other.newPage();
  await b.goto('/reports/');
  await b.getByLabel('Username').fill(amina.username);
  await b.getByLabel('Password').fill(amina.password);
  await b.getByLabel('Tablet name').fill('SFA-TAB-SPARE');
  await b.getByRole('button', { name: 'Sign in' }).click();
  const theirs = b.locator(`[data-report-id="${report.id}"]`).first();
  await theirs.getByRole('button', { name: 'Reclaim' }).click();
  await b.getByRole('alertdialog', { name: 'Reclaim this report?' }).getByRole('button', { name: 'Reclaim' }).click();
  await expect.poll(async () => (await listingFor(request, amina)).find((r) => r.id === report.id)!.claimedByDevice, { timeout: 30_000 }).toBe('SFA-TAB-SPARE');
  await other.close();

  // Tablet A submits: refused, since it no longer holds the claim. Its entries stay.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('rejected-task')).toContainText('This tablet does not hold the claim', { timeout: 30_000 });
  const before = await storedReport(page, report.id);

  // Reclaim on A takes effect at once: the refused submission no longer holds it back.
  await page.goto('/reports/');
  const card = page.locator(`[data-report-id="${report.id}"]`).first();
  await card.getByRole('button', { name: 'Reclaim' }).click();
  await page.getByRole('alertdialog', { name: 'Reclaim this report?' }).getByRole('button', { name: 'Reclaim' }).click();
  await expect.poll(async () => (await listingFor(request, amina)).find((r) => r.id === report.id)!.claimedByDevice, { timeout: 30_000 }).toBe(amina.deviceName);

  // Back on this tablet, ready to inspect again (SPEC §4: a reclaim prepares the report again), with
  // every entry of the inspection kept and no refused submission left to retry.
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const back = await storedReport(page, report.id);
  expect(back.extended!.pir).toEqual(before.extended!.pir);
  expect(back.inspectionstatus).toEqual(before.inspectionstatus);
  await page.goto(`/pir/${report.id}/#submit`);
  await expect(page.getByRole('heading', { name: 'Submit' })).toBeVisible();
  await expect(page.getByTestId('rejected-task')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry submission' })).toHaveCount(0);
});

test('the cards\' pictures load a few at a time and never hold back a claim, even when they stall', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  const free = listing.find((r) => r.status === 'notready' && !r.claimedByDevice && r.vesselPictures.length > 0)!;
  // The files this tablet downloads for itself: the claimed report's, and those of the reports it holds.
  const downloaded = [free, ...listing.filter((r) => r.claimedByDevice === amina.deviceName)];
  const itsFiles = new Set(downloaded.flatMap((r) => remoteFilesOf(r)).map((f) => f.link.replace(/^.*offline-api/, 'offline-api')));
  // Every other file (a card's picture) stalls: asked for, never answered (a quay link at its worst).
  let stalled = 0;
  await page.context().route('**/be/offline-api/files/**', (route) => {
    if (itsFiles.has(new URL(route.request().url()).pathname.replace(/^.*offline-api/, 'offline-api'))) return route.fallback();
    stalled++;
    return undefined;
  });
  await login(page, amina);
  await expect.poll(() => stalled, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  // Dozens of cards, two pictures on their way.
  expect(stalled).toBeLessThanOrEqual(2);

  const card = page.locator(`[data-report-id="${free.id}"]`).first();
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.locator(`[data-report-id="${free.id}"] [data-status]`).first()).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
});

test('a claim refused for want of space says what the report needs, what the app keeps free, what is free and what to do, with no stack trace', async ({ page, request }) => {
  const free = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
  // 8 MiB free on the tablet.
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ quota: 108 * 1024 * 1024, usage: 100 * 1024 * 1024 }) });
  });
  await login(page, amina);
  await page.locator(`[data-report-id="${free.id}"]`).first().getByRole('button', { name: 'Claim' }).click();
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog).toContainText('Not enough space on this tablet to claim this report');
  await expect(dialog).toContainText('the app keeps 20 MiB more free for the inspection’s pictures and signatures, but only 8 MiB is free');
  await expect(dialog).toContainText('Free some space');
  await expect(dialog.getByText('Details')).toHaveCount(0);
  await expect(dialog.locator('pre')).toHaveCount(0);
});
