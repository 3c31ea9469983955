import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { confirmStartInspection, listingFor, login, waitForServiceWorker } from './helpers';

const [amina, rajesh] = DEMO_USERS as unknown as [(typeof DEMO_USERS)[0], (typeof DEMO_USERS)[0]];

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

/** Claims an unclaimed report, waits until it is on the tablet and starts its inspection. */
async function startInspecting(page: Page, reportId: number) {
  await page.locator(`[data-report-id="${reportId}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(page.locator(`[data-report-id="${reportId}"] [data-status]`)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await page.goto(`/pir/${reportId}/#inspection%20started`);
  await page.locator('section[aria-labelledby="step-title"]').getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);
}

test('the install prompt is captured early and offered in the user menu; once installed, a browser tab points to the app', async ({ page }) => {
  await login(page, amina);
  // Headless Chromium fires no beforeinstallprompt: a synthetic one, as the browser would send it.
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    e.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    e.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(e);
  });
  await openMenu(page);
  await page.getByTestId('install-app').click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(page.getByTestId('install-app')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('install-banner')).toContainText('open it from the home screen');
});

test.describe('updates', () => {
  test.use({ copyStatic: true });

  test('a new version deployed while the app is open is offered, held back while work is unsaved, then installed', async ({ page, request, server }) => {
    const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
    await login(page, amina);
    await waitForServiceWorker(page);
    await startInspecting(page, report.id);

    await openMenu(page);
    await page.getByRole('button', { name: 'Check for updates' }).click();
    await expect(page.getByText('No newer updates found')).toBeVisible();
    await page.keyboard.press('Escape');

    // Deploy: the server now serves a changed service worker.
    const sw = path.join(server.staticDir, 'sw.js');
    fs.appendFileSync(sw, `\n// deployed ${Date.now()}\n`);

    // Unsaved work: a new attachment without its first page.
    await page.goto(`/pir/${report.id}/#pirattachments`);
    await page.getByRole('button', { name: 'New attachment' }).click();
    await expect(page.getByTestId('attachment-draft')).toBeVisible();

    // The navigation above may already have had the browser find the new service worker itself.
    await openMenu(page);
    const check = page.getByRole('button', { name: 'Check for updates' });
    await expect(check.or(page.getByTestId('install-update'))).toBeVisible();
    if (await check.isVisible()) await check.click();
    await expect(page.getByTestId('install-update')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('update-marker')).toBeAttached();
    await page.getByTestId('install-update').click();
    await expect(page.getByTestId('update-held')).toContainText('an attachment not yet saved');
    await page.keyboard.press('Escape');

    // The inspector finishes (drops the half-made attachment), then installs.
    await page.getByRole('button', { name: 'Cancel the new attachment' }).click();
    await page.getByRole('alertdialog').getByRole('button').last().click();
    await expect(page.getByTestId('attachment-draft')).toBeHidden();
    await openMenu(page);
    await page.getByTestId('install-update').click();
    await expect(page.getByText('The application has been updated')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('update-marker')).toHaveCount(0);
  });
});

test('signing in as another inspector asks first, naming the reports with unsent work, and then clears the tablet', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
  await login(page, amina);
  await startInspecting(page, report.id);
  await openMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.getByLabel('Username').fill(rajesh.username);
  await page.getByLabel('Password').fill(rajesh.password);
  await page.getByRole('button', { name: 'Change tablet name' }).click();
  await page.getByLabel('Tablet name').fill(rajesh.deviceName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${rajesh.name} is not ${amina.name}`);
  await expect(dialog.getByTestId('unsent-work')).toContainText(report.vesselIdentity.vesselName);

  // Cancel keeps everything; confirm clears it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete local data and sign in' }).click();
  // The report page signed out from shows the report as the server lists it: nothing of Amina's inspection is left.
  await expect(page.getByRole('heading', { level: 1, name: report.vesselIdentity.vesselName })).toBeVisible();
  await expect(page.getByTestId('stepper-inspection started')).toHaveAttribute('data-state', 'todo');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('device-name')).toHaveText(rajesh.deviceName);
  // Amina's inspection is gone from this tablet; the server still lists the report, held by her tablet.
  await expect(page.locator(`[data-report-id="${report.id}"] [data-testid="claimed-by-other"]`)).toContainText(amina.deviceName);
});

test.describe('session', () => {
  test.use({ serverOptions: { tokenTtl: 60 } });

  test('a 60 s token is refreshed 30 s before it dies, counted from sign-in even when the app was closed in between', async ({ page }) => {
    test.setTimeout(120_000);
    // The tablet's clock is moved on; the server's is its real one (its tokens are signed and checked
    // with Date.now(), no test hook), so the end of the first token's life, below, is waited for.
    await page.clock.install();
    const signedIn = Date.now();
    await login(page, amina);
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string);
    // The inspector closes the app 3 s later and reopens it 35 s after signing in: the refresh,
    // due 30 s after sign-in, has passed, so it runs as the app opens (not 30 s after reopening,
    // when the token would already be dead).
    await page.clock.runFor(3_000);
    await page.goto('about:blank');
    await page.clock.fastForward(32_000);
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/be/refresh_token'), { timeout: 10_000 });
    await page.goto('/reports/');
    await refreshed;
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string)).not.toBe(first);
    // Past the first token's lifetime, calls still succeed and the inspector is still signed in.
    await page.waitForTimeout(Math.max(0, signedIn + 65_000 - Date.now()));
    const listing = page.waitForResponse((r) => r.url().endsWith('/be/offline-api/current-files'));
    await page.reload();
    expect((await listing).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });

  test('a tablet put to sleep refreshes its token as it wakes, from the token\'s expiry, not from a timer that stood still', async ({ page }) => {
    await page.clock.install();
    await login(page, amina);
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string);
    // The tablet sleeps 40 s: its wall clock moves on, the page's timers do not (Android, Linux).
    await page.clock.setSystemTime(Date.now() + 40_000);
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/be/refresh_token'), { timeout: 5_000 });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await refreshed;
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string)).not.toBe(first);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });

  test('SESSION_EXPIRED signs the inspector out but keeps the unsent work, which is there after signing in again', async ({ page, request }) => {
    const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
    await login(page, amina);
    await startInspecting(page, report.id);
    await page.goto(`/pir/${report.id}/#findings`);
    await page.getByLabel('Findings of the inspector').fill('Typed before the session expired');

    // The server no longer accepts the token.
    await page.evaluate(() => {
      const u = JSON.parse(localStorage.getItem('user')!);
      u.token.jwt = 'expired.or.revoked';
      localStorage.setItem('user', JSON.stringify(u));
    });
    await page.goto('/reports/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 40_000 });

    await page.getByLabel('Password').fill(amina.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.goto(`/pir/${report.id}/#findings`);
    await expect(page.getByLabel('Findings of the inspector')).toHaveValue('Typed before the session expired');
  });
});

test.describe('session with a 35 s token', () => {
  test.use({ serverOptions: { tokenTtl: 35 } });

  test('a refresh that fails for want of a network is tried again, backing off, before the token dies', async ({ page }) => {
    let refused = 0;
    await page.route('**/be/refresh_token', (route) => (refused++ < 2 ? route.abort('internetdisconnected') : route.fallback()));
    await login(page, amina);
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string);
    // Due 5 s after sign-in; refused twice, then answered, all well before the token dies at 35 s.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token.jwt as string), { timeout: 25_000 }).not.toBe(first);
    expect(refused).toBe(3);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });
});

test('a finding whose write is still on its way survives a reload, even when another report is stored meanwhile', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  const held = listing.find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting')!;
  const other = listing.find((r) => r.status === 'notready' && !r.claimedByDevice)!;
  await login(page, amina);
  await page.goto(`/pir/${held.id}/#findings`);
  const findings = page.getByLabel('Findings of the inspector');
  await expect(findings).toBeEditable({ timeout: 60_000 });

  // From here the reports' IndexedDB writes never land, as when a reload cuts them short.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      return this.name === 'reports' ? (new Promise(() => {}) as unknown as IDBRequest<IDBValidKey>) : put.apply(this, args);
    };
  });
  await findings.fill('Hold 3 at -18 °C; logbook matches');
  // Its write has started (within 300 ms) and hangs; meanwhile the inspector claims another report.
  await page.waitForTimeout(600);
  await page.getByRole('link', { name: 'Reports' }).click();
  await page.locator(`[data-report-id="${other.id}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(page.locator(`[data-report-id="${other.id}"] [data-status]`)).toHaveAttribute('data-status', 'preparing');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.goto(`/pir/${held.id}/#findings`);
  await expect(page.getByLabel('Findings of the inspector')).toHaveValue('Hold 3 at -18 °C; logbook matches');
});

test.describe('links to a report', () => {
  test('followed before signing in on a new tablet, it opens the report once the listing has brought it', async ({ page, request }) => {
    const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
    // The listing takes a moment, as on a slow link: the link must wait for it, not give up.
    await page.route('**/be/offline-api/current-files', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`/pir/${report.id}/#piravailable`);
    await page.getByLabel('Username').fill(amina.username);
    await page.getByLabel('Password').fill(amina.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(report.vesselIdentity.vesselName) })).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/pir/${report.id}/`);
    await expect(page.getByText(`You can't access the report with id ${report.id}.`)).toHaveCount(0);
  });

  test('to a report the server does not list, it goes back to the reports with a danger toast (SPEC §2)', async ({ page }) => {
    await login(page, amina);
    await page.goto('/pir/999999/');
    await expect(page.getByText("You can't access the report with id 999999.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/reports/');
  });
});

test('a submission left "submitting" with no work queued (the tablet switched off at the wrong moment) shows as failed on the Submit step, with its retry', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#submit`);
  await expect(page.getByTestId('submit-status')).toHaveText(/ready to submit/, { timeout: 60_000 });

  // Every write of the app has landed: none is left in its write-ahead (WRITE_AHEAD_KEY in
  // lib/local-data/reports-store.ts), which the next start would replay over the report stored below.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pir-unsaved-edits'))).toBeNull();
  // Stored as "submitting" two minutes ago, with no submit process: from a page of the app's origin
  // that does not run the app, so nothing writes the report back meanwhile.
  await page.goto('/manifest.webmanifest');
  await page.evaluate(async (id) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = database.transaction('reports', 'readwrite').objectStore('reports');
    const r = await new Promise<Record<string, unknown> & { lifecycle: Record<string, unknown> }>((resolve) => {
      const get = store.get(id);
      get.onsuccess = () => resolve(get.result);
    });
    const date = new Date(Date.now() - 120_000).toISOString();
    await new Promise((resolve) => {
      store.put({ ...r, status: 'submitting', lifecycle: { ...r.lifecycle, submitting: { date, previousStatus: 'readytosubmit' } } }).onsuccess = resolve;
    });
    database.close();
  }, report.id);

  await page.goto(`/pir/${report.id}/#submit`);
  // SPEC §4: more than 60 s with no active process counts as failed, and a retry is offered.
  await expect(page.getByText(`${report.vesselIdentity.vesselName} could not be submitted`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('submit-status')).toHaveText('The submission failed. Retry to continue where it stopped.');
  await expect(page.getByRole('button', { name: 'Retry submission' })).toBeEnabled();
});

test('the build ships what runs: no TypeScript source is copied into out/ (the workers run from their compiled chunks)', () => {
  const sources = fs.readdirSync('out', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  expect(sources).toEqual([]);
});
