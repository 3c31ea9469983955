import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { listingFor, login } from './helpers';
import enScreens from '@/messages/screens/en.json' with { type: 'json' };

/**
 * Issue 21, items 13 and 14: the picture viewer keeps the picture in the first screen on a phone,
 * and the inspector marks up a picture — the marked-up copy is a picture of its own beside the
 * untouched original, kept on the tablet through an offline reload.
 */
const amina = DEMO_USERS[0]!;
const SHOTS = '/tmp/shots-markup';
type Language = 'en' | 'fr';

const settings = (language: Language, darkMode: boolean) =>
  JSON.stringify({ darkMode, showAdvancedFeatures: false, onLine: true, updateAvailable: false, language, fontSize: 'medium', filters: { ports: [] }, application: { installed: false } });

/** The settings the app starts with (set once: the app's own changes stay). */
async function startWith(page: Page, language: Language, dark = false) {
  await page.addInitScript((s) => {
    if (!localStorage.getItem('markup-set')) {
      localStorage.setItem('settings', s);
      localStorage.setItem('markup-set', '1');
    }
  }, settings(language, dark));
}

/** Dark or light, through the stored settings and a reload (offline too: the shell is cached). */
async function setDark(page: Page, dark: boolean) {
  await page.evaluate((d) => localStorage.setItem('settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('settings')!), darkMode: d })), dark);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** This tablet's report being inspected (claimed by Amina's device in the demo data). */
async function inspectedReport(request: Parameters<typeof listingFor>[0]): Promise<Pir> {
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting' && r.vesselPictures.length > 0);
  if (!report) throw new Error('the demo data has no report in inspection on this tablet');
  return report;
}

/** Buttons in the scope smaller than 44 px either way. */
function smallButtons(page: Page, selector: string) {
  return page.locator(selector).evaluate((scope) =>
    [...scope.querySelectorAll<HTMLElement>('button, a[href]')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && (r.width < 44 || r.height < 44))
      .map(({ el, r }) => `${el.getAttribute('aria-label') ?? el.textContent} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
}

test('the picture viewer shows the picture in the first screen on a phone, with a toolbar of 44 px targets, in every shape, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const report = await inspectedReport(request);
  await startWith(page, 'en');
  await login(page, amina);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [800, 1280],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await page.goto(`/pir/${report.id}/vessel/`);
      await setDark(page, dark);
      const pictures = page.getByTestId('segment-pictures');
      await pictures.locator('[data-file-key]').first().click({ timeout: 60_000 });
      // Not on the tablet yet (the demo's report was claimed elsewhere): fetched once, then stored.
      const fetch = page.getByRole('button', { name: enScreens.vessel.viewer.fetch });
      await expect(page.getByTestId('viewer-image').or(fetch)).toBeVisible();
      if (await fetch.isVisible()) await fetch.click();
      const image = page.getByTestId('viewer-image');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // The picture starts within the first screen; at zoom 1 all of it shows there, above the tab bar.
      const box = (await image.boundingBox())!;
      const tabBar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      expect(box.y, `${width}x${height}`).toBeGreaterThanOrEqual(0);
      expect(box.y, `${width}x${height}`).toBeLessThan(height);
      expect(box.y + box.height, `${width}x${height}`).toBeLessThanOrEqual(tabBar.y + 1);
      // The toolbar stays usable: named, 44 px targets, labelled buttons; nothing scrolls sideways.
      const toolbar = page.getByRole('toolbar', { name: enScreens.vessel.viewer.toolbar });
      await expect(toolbar).toBeVisible();
      expect(await smallButtons(page, '[role="toolbar"]')).toEqual([]);
      await expect(toolbar.getByRole('button', { name: enScreens.vessel.viewer.zoomIn })).toBeVisible();
      await expect(toolbar.getByRole('button', { name: /^Download / })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/viewer-${width}x${height}-${dark ? 'dark' : 'light'}.png` });
    }
  }
});
