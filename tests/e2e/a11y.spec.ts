import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import config from '../../playwright.config';
import { listingFor, login, waitForServiceWorker } from './helpers';
import enCore from '@/messages/en.json' with { type: 'json' };
import frCore from '@/messages/fr.json' with { type: 'json' };

const amina = DEMO_USERS[0]!;

/** Axe, WCAG 2.x A and AA rules; the page must have none of them broken. */
async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(summary, what).toEqual([]);
}

/** Interactive elements smaller than 44 px in either direction (inline text links excepted). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    // With a modal open, only the modal can be touched.
    const scope = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="menu"]')].at(-1) ?? document;
    for (const el of scope.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, textarea, [role="radio"], [role="switch"], [role="option"], [role="menuitem"]')) {
      const r = el.getBoundingClientRect();
      // Hidden (size 0) or visually hidden until focused (the skip link).
      if (r.width <= 1 || r.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (el.tagName === 'A' && style.display === 'inline') continue;
      if (el.closest('[data-sonner-toaster]')) continue;
      // A pseudo-element may widen the touch area beyond what is drawn (the switches do).
      const before = getComputedStyle(el, '::before');
      const grow = (a: string, b: string) => (before.position === 'absolute' && before.content !== 'none' ? -(parseFloat(a) || 0) - (parseFloat(b) || 0) : 0);
      const width = r.width + Math.max(0, grow(before.left, before.right));
      const height = r.height + Math.max(0, grow(before.top, before.bottom));
      if (width < 44 || height < 44) out.push(`${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}] ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  });
}

const settings = (language: 'en' | 'fr', darkMode: boolean) =>
  JSON.stringify({ darkMode, showAdvancedFeatures: true, onLine: true, updateAvailable: false, language, fontSize: 'medium', filters: { ports: [] }, application: { installed: false } });

for (const [language, dark] of [
  ['en', false],
  ['fr', true],
] as const) {
  test(`every route and modal passes axe, with 44 px touch targets (${language}, ${dark ? 'dark' : 'light'})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.addInitScript((s) => {
      if (!localStorage.getItem('pir-a11y-set')) {
        localStorage.setItem('settings', s);
        localStorage.setItem('pir-a11y-set', '1');
      }
    }, settings(language, dark));
    const listing = await listingFor(request, amina);
    const report = listing.find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting')!;

    await page.goto('/reports/');
    await axe(page, 'login');
    const password = page.locator('input[name=password]');
    await page.locator('input[name=username]').fill(amina.username);
    await password.fill(amina.password);
    await page.locator('button[type=submit]').click();
    await expect(page.locator('section[data-testid^="group-"]').first()).toBeVisible();
    // A new tablet downloads again the reports it holds; their steps open once the details are here
    // (this navigation may cut a download short; it resumes after the reload).
    await page.goto(`/pir/${report.id}/#updatevesselidentity`);
    await expect(page.locator('section[aria-labelledby="step-title"] input').first()).toBeVisible({ timeout: 60_000 });

    const visits: [string, string][] = [
      ['reports', '/reports/'],
      ['calendar', '/calendar/'],
      ['inspection', `/pir/${report.id}/`],
      ['vessel identity', `/pir/${report.id}/#updatevesselidentity`],
      ['catch on board', `/pir/${report.id}/#catchonboard`],
      ['signature', `/pir/${report.id}/#signature`],
      ['vessel files', `/pir/${report.id}/vessel/`],
      ['vessel files RAR', `/pir/${report.id}/vessel/category/RAR/`],
      ['pick a report', '/pir/_/'],
      ['not found', '/nowhere/'],
    ];
    const small: string[] = [];
    for (const [what, url] of visits) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await axe(page, what);
      small.push(...(await smallTargets(page)).map((s) => `${what}: ${s}`));
    }

    // Modals: the user menu, the multi-select modal, a confirmation.
    await page.goto('/reports/');
    await page.getByRole('button', { name: /User menu|Menu utilisateur/ }).click();
    await axe(page, 'user menu');
    small.push(...(await smallTargets(page)).map((s) => `user menu: ${s}`));

    // The menu's data dialogs: download (export), restore, and the erase confirmation.
    const core = language === 'en' ? enCore : frCore;
    const data = core.menu.data;
    const exportData = (language === 'en' ? enCore : frCore).exportData;
    for (const [what, button, role, title] of [
      ['download data dialog', data.download, 'dialog', exportData.download.title],
      ['restore data dialog', data.restore, 'dialog', exportData.restore.title],
      ['erase confirmation', data.erase, 'alertdialog', exportData.erase.title],
    ] as const) {
      const menu = page.getByRole('dialog', { name: core.menu.title });
      if (!(await menu.isVisible())) await page.getByRole('button', { name: /User menu|Menu utilisateur/ }).click();
      await menu.getByRole('button', { name: button }).click();
      await expect(page.getByRole(role, { name: title })).toBeVisible();
      await axe(page, what);
      small.push(...(await smallTargets(page)).map((s) => `${what}: ${s}`));
      await page.keyboard.press('Escape');
      await expect(page.getByRole(role, { name: title })).toBeHidden();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // The port filter modal and a group's info modal.
    await page.getByTestId('filters-button').click();
    await expect(page.getByTestId('filters-modal')).toBeVisible();
    await axe(page, 'filters modal');
    small.push(...(await smallTargets(page)).map((s) => `filters modal: ${s}`));
    await page.keyboard.press('Escape');
    await page.getByTestId('group-inspecting').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe(page, 'group info modal');
    await page.keyboard.press('Escape');

    // The file viewer.
    await page.goto(`/pir/${report.id}/vessel/`);
    await page.getByTestId('segment-pictures').locator('[data-file-key]').first().click();
    await expect(page).toHaveURL(/\/file\//);
    await page.waitForLoadState('networkidle');
    await axe(page, 'file viewer');
    small.push(...(await smallTargets(page)).map((s) => `file viewer: ${s}`));

    await page.goto(`/pir/${report.id}/#purposeandportofcall`);
    await page.locator('[data-field="purposes"] button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe(page, 'multi-select modal');
    small.push(...(await smallTargets(page)).map((s) => `multi-select: ${s}`));
    await page.keyboard.press('Escape');

    // The start-inspection modal, on a ready report held by this tablet.
    const ready = listing.find((r) => r.claimedByDevice === amina.deviceName && r.status === 'ready')!;
    await page.goto(`/pir/${ready.id}/#inspection%20started`);
    await page.getByRole('button', { name: /^(Start inspection|Commencer l’inspection)$/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe(page, 'start-inspection modal');
    small.push(...(await smallTargets(page)).map((s) => `start-inspection modal: ${s}`));
    await page.keyboard.press('Escape');

    await page.goto('/reports/');
    // Release is in a card's secondary menu: the menu, then its confirmation.
    await page.getByTestId('card-more').first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axe(page, 'card menu');
    small.push(...(await smallTargets(page)).map((s) => `card menu: ${s}`));
    await page.getByRole('menuitem', { name: /^(Release|Libérer)$/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axe(page, 'release confirmation');
    await page.keyboard.press('Escape');

    // The same screens and the menus most used on the quay, on a portrait tablet and a phone.
    for (const shape of [
      { width: 800, height: 1280 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(shape);
      const at = `${shape.width}×${shape.height}`;
      for (const [what, url] of visits) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        small.push(...(await smallTargets(page)).map((s) => `${what} at ${at}: ${s}`));
      }
      await page.goto('/reports/');
      await page.getByRole('button', { name: /User menu|Menu utilisateur/ }).click();
      await expect(page.getByRole('dialog', { name: core.menu.title })).toBeVisible();
      small.push(...(await smallTargets(page)).map((s) => `user menu at ${at}: ${s}`));
      await page.getByRole('dialog', { name: core.menu.title }).getByRole('button', { name: data.download }).click();
      await expect(page.getByRole('dialog', { name: exportData.download.title })).toBeVisible();
      small.push(...(await smallTargets(page)).map((s) => `download data dialog at ${at}: ${s}`));
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByTestId('filters-button').click();
      await expect(page.getByTestId('filters-modal')).toBeVisible();
      small.push(...(await smallTargets(page)).map((s) => `filters modal at ${at}: ${s}`));
      await page.keyboard.press('Escape');
    }

    expect(small).toEqual([]);
  });
}

test('at 200% text and at both tablet orientations nothing scrolls sideways', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting')!;
  await login(page, amina);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 800, height: 1280 },
  ]) {
    await page.setViewportSize(viewport);
    for (const url of ['/reports/', '/calendar/', `/pir/${report.id}/#updatevesselidentity`, `/pir/${report.id}/#catchonboard`, `/pir/${report.id}/vessel/`]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      for (const size of ['16px', '32px']) {
        await page.evaluate((s) => document.documentElement.style.setProperty('font-size', s, 'important'), size);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} at ${viewport.width}x${viewport.height}, root ${size}`).toBeLessThanOrEqual(0);
      }
      await page.evaluate(() => document.documentElement.style.removeProperty('font-size'));
    }
  }
});

test('the installed app is installable: Chrome reports no installability error', async ({ server }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...config.use!.launchOptions!, baseURL: server.url });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/reports/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

for (const language of ['en', 'fr'] as const) {
  test(`each screen names itself in the window's title, and a move between screens is announced by that name (${language})`, async ({ page }) => {
    const core = language === 'en' ? enCore : frCore;
    const named = (screen: string) => core.app.pageTitle.replace('{page}', screen).replace('{app}', core.app.name);
    await page.addInitScript((s) => {
      if (!localStorage.getItem('pir-title-set')) {
        localStorage.setItem('settings', s);
        localStorage.setItem('pir-title-set', '1');
      }
    }, settings(language, false));
    await page.goto('/reports/');
    await expect(page).toHaveTitle(named(core.login.title));
    await page.locator('input[name=username]').fill(amina.username);
    await page.locator('input[name=password]').fill(amina.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveTitle(named(core.reports.title));

    // Every title the window has while the inspector moves between screens: never none (with none,
    // the announcer falls back on reading the new screen's heading, and the page is laid out for it).
    await page.evaluate(() => {
      const w = window as unknown as { titles: string[] };
      w.titles = [];
      new MutationObserver(() => w.titles.push(document.title)).observe(document.head, { childList: true, subtree: true, characterData: true });
    });
    const announcer = page.locator('#__next-route-announcer__');
    const card = page.getByTestId('group-inspecting').getByTestId('report-card').first();
    const vessel = (await card.locator('[data-title="vessel"]').innerText()).trim();
    await card.locator('[data-title="vessel"] a').click();
    await expect(page.locator('section[aria-labelledby="step-title"]')).toBeVisible();
    await expect(page).toHaveTitle(named(vessel));
    await expect(announcer).toHaveText(named(vessel));

    await page.getByRole('link', { name: core.nav.calendar, exact: true }).click();
    await expect(page).toHaveTitle(named(core.calendar.title));
    await expect(announcer).toHaveText(named(core.calendar.title));

    const titles = await page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((t) => t.trim() === '')).toEqual([]);
  });
}
