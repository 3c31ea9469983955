/**
 * Issue 29 item 6: a tablet whose clock is wrong. Its clock is checked against the server's (the
 * `Date` of its replies): the inspector is warned, and what goes into the record is the server's time.
 * The page's `Date` is shifted by an init script (the server, and this test, keep the machine's time).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { expect, test } from './fixtures';
import { claimAndStart, completeFormSteps, drawOn, listingFor, login, skewTabletClock, storedReport } from './helpers';

const amina = DEMO_USERS[0]!;
const DAY = 24 * 3600 * 1000;
/** How far a recorded time may be from the machine's (the server's) time: the test's own length, plus slack. */
const NEAR = 10 * 60 * 1000;

const near = (iso: string | null | undefined, to: number) => {
  expect(iso, 'a recorded time').toBeTruthy();
  expect(Math.abs(Date.parse(iso!) - to), `${iso} is not near ${new Date(to).toISOString()}`).toBeLessThan(NEAR);
};

test('a tablet 3 days slow is warned, and the server stores the inspection dated on its own time', async ({ page, request, server }) => {
  test.setTimeout(240_000);
  const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice) as Pir;
  await skewTabletClock(page, -3 * DAY);

  await login(page, amina);
  expect(Math.abs((await page.evaluate(() => Date.now())) - (Date.now() - 3 * DAY))).toBeLessThan(NEAR);
  const banner = page.getByTestId('clock-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("This tablet's clock is 3 days behind the server's.");
  await expect(banner).toContainText("Dates in reports use the server's time; set the tablet's clock.");

  await claimAndStart(page, report);
  const started = Date.now();
  // what the tablet records is the server's time, not its own
  const stored = await storedReport(page, report.id);
  near(stored.extended?.pir.startOfInspection, started);
  near(stored.lifecycle.inspecting?.date, started);

  await completeFormSteps(page, report.id);
  await page.getByTestId('stepper-signature').click();
  await page.getByRole('button', { name: 'Start signing' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start signing' }).click();
  await drawOn(page, 'pad-master');
  await page.getByTestId('pad-master').getByRole('button', { name: "Save the master's signature" }).click();
  await expect(page.getByTestId('pad-master')).toHaveAttribute('data-state', 'registered');
  await drawOn(page, 'pad-inspector', 10);
  await page.getByTestId('pad-inspector').getByRole('button', { name: 'Save my signature' }).click();
  await expect(page.getByTestId('pad-inspector')).toHaveAttribute('data-state', 'registered');
  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  await expect(page.getByTestId('stepper-signature')).toHaveAttribute('data-state', 'done');

  await page.getByTestId('stepper-submit').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('submit-status')).toContainText('Submitted on', { timeout: 90_000 });
  // submitted today by the server's clock: not "due for archiving"
  await expect(page.getByText('due for archiving')).toHaveCount(0);
  // the banner is on every screen, this one included
  await expect(banner).toBeVisible();

  const db = new Database(path.join(server.dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const saved = JSON.parse((db.prepare('SELECT pir FROM saves WHERE report_id = ?').get(report.id) as { pir: string }).pir) as Pir;
    const now = Date.now();
    near(saved.extended?.pir.startOfInspection, started);
    near(saved.extended?.pir.endOfInspection, now);
    near(saved.lifecycle.inspecting?.date, started);
    near(saved.lifecycle.signing?.date, now);
  } finally {
    db.close();
  }
});

test('a tablet 30 days fast is warned in French, and a tablet on time is not warned', async ({ page, browser, server }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('settings'))
      localStorage.setItem('settings', JSON.stringify({ darkMode: false, showAdvancedFeatures: false, onLine: true, updateAvailable: false, language: 'fr', fontSize: 'medium', filters: { ports: [] }, application: { installed: false } }));
  });
  await skewTabletClock(page, 30 * DAY);
  await login(page, amina);
  const banner = page.getByTestId('clock-banner');
  await expect(banner).toContainText('L’horloge de cette tablette avance de 30 jours sur celle du serveur.');
  await expect(banner).toContainText('Les dates des rapports suivent l’heure du serveur ; réglez l’horloge de la tablette.');
  // the calendar's "today" is the server's: the machine's date
  await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
  const today = new Date();
  const key = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await expect(page.locator('[data-testid="calendar-day"][aria-current="date"]')).toHaveAttribute('data-day', key);

  // The same browser with its own clock: no banner.
  const context = await browser.newContext({ baseURL: server.url });
  const onTime = await context.newPage();
  await login(onTime, amina);
  await expect(onTime.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(onTime.getByTestId('clock-banner')).toHaveCount(0);
  await context.close();
});
