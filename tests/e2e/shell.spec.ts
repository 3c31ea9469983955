import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { login } from './helpers';

const amina = DEMO_USERS[0]!;

/** Every report this tablet holds has its details, and no process is left in the queue (IndexedDB). */
function preparedHere(page: Page, device: string): Promise<boolean> {
  return page.evaluate(
    (device) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        // Not created yet: leave the creating to the app.
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['reports', 'processes']);
          const reports = tx.objectStore('reports').getAll();
          const processes = tx.objectStore('processes').count();
          tx.oncomplete = () => {
            db.close();
            const all = reports.result as { status: string; claimedByDevice: string | null; extended: unknown }[];
            const held = all.filter((r) => r.claimedByDevice === device && !['notready', 'claimed', 'submitted'].includes(r.status));
            resolve(all.length > 0 && processes.result === 0 && held.every((r) => r.extended));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    device,
  );
}

test('until the inspector chooses, the app is light or dark as the system is, and follows it; the toggle then wins and is remembered', async ({ page }) => {
  // Whether the page was dark before the app's scripts ran (the inline theme script, no flash).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => ((window as unknown as { darkAtStart: boolean }).darkAtStart = document.documentElement.classList.contains('dark'))),
  );
  const html = page.locator('html');
  const darkAtStart = () => page.evaluate(() => (window as unknown as { darkAtStart: boolean }).darkAtStart);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await darkAtStart()).toBe(true);
  await login(page, amina);
  await expect(html).toHaveClass(/\bdark\b/);

  // The system changes while the app is open.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);

  // The toggle shows what is on screen; once used, it wins over the system.
  await page.getByRole('button', { name: /User menu/ }).click();
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(await darkAtStart()).toBe(false);
  await expect(html).not.toHaveClass(/\bdark\b/);

  // SPEC §9: toasts are dark, over the light app too.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Refresh the list from the server' }).click();
  const shown = page.locator('[data-sonner-toast]').first();
  await expect(shown).toBeVisible();
  const lightness = await shown.evaluate((el) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(el).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });
  expect(lightness).toBeLessThan(0.3);
  await page.context().setOffline(false);
});

test('a fresh tablet signed in as any demo inspector opens calm: no error or warning toast, no alert', async ({ browser, server }) => {
  test.setTimeout(120_000);
  for (const who of DEMO_USERS) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Every toast and alert dialog that shows, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { alarms: string[] }).alarms = []);
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-sonner-toast][data-type="error"], [data-sonner-toast][data-type="warning"], [role="alertdialog"]')) {
          const text = `${el.getAttribute('data-type') ?? 'alertdialog'}: ${el.textContent}`;
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The page's clock runs as usual until the test moves it on.
    await page.clock.install();
    await login(page, who);
    await expect(page.getByTestId('report-card').first()).toBeVisible();
    // The held reports' details download (over the network, in real time) ...
    await expect.poll(() => preparedHere(page, who.deviceName), { timeout: 60_000 }).toBe(true);
    // ... then the queue's checks (every 5 s) run twice, without waiting for them.
    await page.clock.runFor(12_000);
    expect(await page.evaluate(() => (window as unknown as { alarms: string[] }).alarms), who.username).toEqual([]);
    await context.close();
  }
});

test('in a Safari tab, the inspector is told that Safari deletes the reports after 7 days unless the app is on the Home Screen', async ({ browser, server }) => {
  const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const context = await browser.newContext({ baseURL: server.url, userAgent: iPhone, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await login(page, amina);
  const notice = page.getByTestId('safari-storage-notice');
  await expect(notice).toContainText('deleted after 7 days without use unless it is on the Home Screen');
  await expect(notice).toContainText('Add to Home Screen');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // A day later the risk is the same: it is said again.
  await page.evaluate(() => localStorage.setItem('pir-safari-notice-dismissed', String(Date.now() - 25 * 3600 * 1000)));
  await page.reload();
  await expect(notice).toBeVisible();
  await context.close();
});

test.describe('on a tablet set to French', () => {
  test.use({ locale: 'fr-FR' });

  test('the login screen speaks the tablet\'s language until the inspector chooses, and offers the choice before signing in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const language = page.getByRole('combobox', { name: 'Langue' });
    await expect(language).toHaveValue('fr');
    await language.selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The choice is kept, and then wins over the tablet's language.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await login(page, amina);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });
});

test.describe('on a tablet in a language the app does not speak', () => {
  test.use({ locale: 'de-DE' });

  test('the app is in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
