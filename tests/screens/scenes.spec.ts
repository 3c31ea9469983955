import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { expect, test } from '../e2e/fixtures';
import { listingFor, login, skewTabletClock } from '../e2e/helpers';

const amina = DEMO_USERS[0]!;
const OUT = path.resolve('screens');
const SHAPES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '800x1280', width: 800, height: 1280 },
  { name: '390x844', width: 390, height: 844 },
];
const VARIANTS = SHAPES.flatMap((shape) => (['en', 'fr'] as const).flatMap((language) => [false, true].map((dark) => ({ shape, language, dark }))));

/** Photographs the page as it stands in every shape, language and theme; `again` brings the state back after a reload. */
async function photograph(page: Page, scene: string, again: (page: Page) => Promise<void>) {
  fs.mkdirSync(OUT, { recursive: true });
  const files: string[] = [];
  for (const v of VARIANTS) {
    await page.setViewportSize({ width: v.shape.width, height: v.shape.height });
    await page.evaluate((s) => {
      const held = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('settings', JSON.stringify({ ...held, language: s.language, darkMode: s.dark }));
    }, v);
    await page.reload();
    await again(page);
    const file = path.join(OUT, `${scene}-${v.shape.name}-${v.language}-${v.dark ? 'dark' : 'light'}.png`);
    await page.screenshot({ path: file });
    files.push(file);
  }
  // One sheet per scene, drawn by the browser: a row per shape, its four variants (en light, en dark,
  // fr light, fr dark) side by side.
  const sheet = await page.context().newPage();
  await sheet.setViewportSize({ width: 1960, height: 1500 });
  const cells = SHAPES.map(
    (shape) =>
      `<div style="display:flex;gap:6px;height:490px">${files
        .filter((f) => f.includes(`-${shape.name}-`))
        .map((f) => `<img style="max-width:484px;max-height:484px;object-fit:contain" src="data:image/png;base64,${fs.readFileSync(f).toString('base64')}">`)
        .join('')}</div>`,
  ).join('');
  await sheet.setContent(`<body style="margin:0;background:#888">${cells}</body>`);
  await sheet.screenshot({ path: path.join(OUT, `${scene}-sheet.png`), fullPage: true });
  await sheet.close();
}

test('the server unreachable: the badge, and a submission not sent yet', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
  await page.clock.install();
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#submit`);
  await expect(page.getByTestId('submit-status')).toHaveText(/ready to submit/, { timeout: 60_000 });
  await page.context().route('**/be/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  for (let i = 0; i < 5; i++) {
    await page.clock.fastForward(20_000);
    await page.waitForTimeout(150);
  }
  await photograph(page, 'not-sent-yet', async (p) => {
    // A reloaded page's clock starts again from the machine's time: a minute on, as before the reload.
    for (let i = 0; i < 4; i++) {
      await p.clock.fastForward(20_000);
      await p.waitForTimeout(100);
    }
    await expect(p.locator('[data-connection="no-server"]')).toBeVisible({ timeout: 20_000 });
    await expect(p.getByTestId('submit-status')).toHaveText(/^(Not sent yet|Pas encore envoyé)/, { timeout: 20_000 });
  });
});

test('a reference list missing', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  await page.context().route(/\/be\/reference_data\/imageType$/, (route) => route.abort('connectionreset'));
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#vesselpictures`);
  await photograph(page, 'missing-list', async (p) => {
    await expect(p.getByTestId('missing-list')).toBeVisible({ timeout: 30_000 });
  });
});

test('lists missing where reports are prepared', async ({ page }) => {
  await page.context().route(/\/be\/reference_data\/(imageType|species)$/, (route) => route.abort('connectionreset'));
  await login(page, amina);
  await photograph(page, 'lists-missing', async (p) => {
    await expect(p.getByTestId('lists-missing')).toBeVisible({ timeout: 30_000 });
  });
});

test('not enough space', async ({ page, request }) => {
  const free = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice)!;
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ quota: 108 * 1024 * 1024, usage: 100 * 1024 * 1024 }) });
  });
  await login(page, amina);
  await photograph(page, 'no-space', async (p) => {
    await p.locator(`[data-report-id="${free.id}"]`).first().getByRole('button', { name: /^(Claim|Réserver)$/ }).click();
    await expect(p.getByTestId('error-dialog')).toBeVisible();
  });
});

test('the tablet full while typing, and a report edited in another tab', async ({ page, context, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#findings`);
  await expect(page.locator('textarea').first()).toBeEditable({ timeout: 60_000 });
  const second = await context.newPage();
  await second.goto(`/pir/${report.id}/#findings`);
  await photograph(second, 'edited-elsewhere', async (p) => {
    await expect(p.getByTestId('edited-elsewhere')).toBeVisible({ timeout: 15_000 });
  });
  await second.close();
  await photograph(page, 'save-problem', async (p) => {
    await expect(p.locator('textarea').first()).toBeEditable({ timeout: 60_000 });
    await p.evaluate(() => {
      const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      for (const m of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[m];
        IDBObjectStore.prototype[m] = function (this: IDBObjectStore, ...args: unknown[]) {
          if (this.name === 'reports') throw full();
          return (original as (...a: unknown[]) => IDBRequest).apply(this, args);
        } as never;
      }
    });
    await p.locator('textarea').first().fill(`Écrit quand la tablette était pleine ${Date.now()}`);
    await expect(p.getByTestId('save-problem')).toBeVisible({ timeout: 15_000 });
  });
});

test('a tablet clock 3 days slow', async ({ page }) => {
  await skewTabletClock(page, -3 * 24 * 3600 * 1000);
  await login(page, amina);
  await photograph(page, 'clock', async (p) => {
    await expect(p.getByTestId('clock-banner')).toBeVisible({ timeout: 20_000 });
  });
});

test('the reports list and the user menu (group headings, outbox, switches)', async ({ page }) => {
  await login(page, amina);
  await photograph(page, 'reports', async (p) => {
    await expect(p.getByTestId('outbox')).toBeVisible();
    await p.getByRole('button', { name: /User menu|Menu utilisateur/ }).click();
    await expect(p.getByRole('switch').first()).toBeVisible();
  });
});

test('signing full screen on a phone held upright', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'signing' && !r.inspectionSignatures.masterSignature)!;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#signature`);
  await page.getByTestId('pad-master').getByRole('button', { name: 'Sign full screen' }).click({ timeout: 60_000 });
  await expect(page.getByTestId('turn-phone')).toBeVisible();
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, 'pad-390x844-en-light.png') });
});

test('the reports list as it opens (header, today, cards)', async ({ page }) => {
  await login(page, amina);
  await photograph(page, 'reports-plain', async (p) => {
    await expect(p.getByTestId('outbox')).toBeVisible();
  });
});

test('the download dialog (sliders)', async ({ page }) => {
  await login(page, amina);
  await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('settings') ?? '{}'), showAdvancedFeatures: true })));
  await photograph(page, 'download', async (p) => {
    await p.getByRole('button', { name: /User menu|Menu utilisateur/ }).click();
    await p.getByRole('button', { name: /^(Download data|Télécharger les données)$/ }).click({ timeout: 10_000 });
    await expect(p.getByRole('slider').first()).toBeVisible();
  });
});

test('a report’s own outbox, before and after its submission', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#submit`);
  await photograph(page, 'report-outbox', async (p) => {
    await expect(p.getByTestId('report-outbox')).toBeVisible({ timeout: 60_000 });
    await p.getByTestId('report-outbox').scrollIntoViewIfNeeded();
  });
  await page.getByRole('button', { name: /^(Submit|Soumettre)$/ }).click();
  await expect(page.getByTestId('submit-status')).toHaveText(/^(Submitted|Envoyé)/, { timeout: 60_000 });
  await photograph(page, 'report-outbox-sent', async (p) => {
    await expect(p.getByTestId('report-outbox')).toHaveAttribute('data-entries', 'confirmed', { timeout: 30_000 });
    await p.getByTestId('report-outbox').scrollIntoViewIfNeeded();
  });
});

test('the review before signing, Start signing in reach', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#signature`);
  await photograph(page, 'review', async (p) => {
    await expect(p.getByTestId('start-signing-bar')).toBeVisible({ timeout: 60_000 });
    await p.mouse.wheel(0, 2500);
  });
});

test('a step with fields that need attention, then kept', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/#updatevesselidentity`);
  await photograph(page, 'needs-attention', async (p) => {
    const mmsi = p.locator('[data-field="mmsi"] input');
    await mmsi.fill('12345', { timeout: 60_000 });
    await mmsi.blur();
    await expect(p.getByTestId('step-blocked')).toBeVisible();
    await p.getByTestId('step-blocked').scrollIntoViewIfNeeded();
  });
  await page.locator('[data-field="mmsi"] input').fill('664123456');
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByText(/is complete and kept/)).toBeVisible();
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, 'step-kept-1280x800-en-light.png') });
});

test('the vessel file’s tabs and a report card with the office comment', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName && r.inspectionComment)!;
  await login(page, amina);
  await page.goto(`/pir/${report.id}/vessel/`);
  await photograph(page, 'vessel-tabs', async (p) => {
    await expect(p.getByTestId('vessel-files')).toBeVisible({ timeout: 60_000 });
  });
  await page.goto('/reports/');
  await photograph(page, 'card-comment', async (p) => {
    const card = p.locator(`[data-report-id="${report.id}"]`).first();
    await card.scrollIntoViewIfNeeded({ timeout: 30_000 });
  });
});
