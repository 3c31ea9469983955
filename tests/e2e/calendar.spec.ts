import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Pir } from '@/lib/contract';
import { calendarDays, dayKey, groupByDay } from '@/features/calendar/model/days';
import { isHeldHere } from '@/lib/reports/merge';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { goOffline, goOnline, listingFor, login, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;

/** The seven days the tablet should show, with each day's reports, computed in the browser's time zone. */
async function expectedDays(page: Page, listing: Pir[], language: 'en' | 'fr') {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The test runs in the browser's zone, so the same local days come out on both sides.
  expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const byDay = groupByDay(listing, (r) => r.startOfInspection, (r) => isHeldHere(r, amina.deviceName));
  return calendarDays(new Date()).map((d) => ({
    key: dayKey(d),
    weekday: new Intl.DateTimeFormat(language, { weekday: 'long' }).format(d),
    ids: (byDay.get(dayKey(d)) ?? []).map((r) => r.id),
  }));
}

async function checkDays(page: Page, listing: Pir[], language: 'en' | 'fr') {
  const days = page.getByTestId('calendar-day');
  await expect(days).toHaveCount(7);
  const expected = await expectedDays(page, listing, language);
  for (const [i, day] of expected.entries()) {
    const li = days.nth(i);
    await expect(li).toHaveAttribute('data-day', day.key);
    await expect(li.getByTestId('weekday')).toHaveText(day.weekday);
    // The demo data has inspections on each of the seven days.
    expect(day.ids.length, day.key).toBeGreaterThan(0);
    await expect(li.getByTestId('calendar-card')).toHaveCount(day.ids.length);
    const shown = await li.getByTestId('calendar-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-report-id'))));
    expect(shown, day.key).toEqual(day.ids);
  }
  // Today sits in the middle.
  await expect(days.nth(3)).toHaveAttribute('aria-current', 'date');
}

test('seven days around today, each with its reports by start of inspection, in English then French; a card opens its report', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  await login(page, amina);
  await expect(page.locator('section[data-testid^="group-"]').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await checkDays(page, listing, 'en');

  // A card: the first vessel picture (or its placeholder), the title and the status.
  const report = listing.find((r) => r.startOfInspection && dayKey(new Date(r.startOfInspection)) === dayKey(new Date()))!;
  const card = page.locator(`[data-testid="calendar-card"][data-report-id="${report.id}"]`);
  await expect(card.getByTestId('report-thumbnail')).toBeVisible();
  await expect(card).toContainText(report.vesselIdentity.vesselName);
  await expect(card.locator('[data-status]')).toBeVisible();
  await expect(card.getByTestId('calendar-time')).toHaveText(new Date(report.startOfInspection!).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' }));
  // This tablet's inspections stand apart from the others' (issue 21).
  const inProgressHere = (r: (typeof listing)[number]) => r.claimedByDevice === amina.deviceName && ['preparing', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting'].includes(r.status);
  const week = new Set(calendarDays(new Date()).map(dayKey));
  const shown = listing.filter((r) => r.startOfInspection && week.has(dayKey(new Date(r.startOfInspection))));
  expect(shown.some(inProgressHere) && shown.some((r) => !inProgressHere(r))).toBe(true);
  for (const r of shown) {
    await expect(page.locator(`[data-testid="calendar-card"][data-report-id="${r.id}"]`).getByTestId('calendar-mine'), r.vesselIdentity.vesselName).toHaveCount(inProgressHere(r) ? 1 : 0);
  }

  // French: weekday names and labels follow the language.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendrier' })).toBeVisible();
  await checkDays(page, listing, 'fr');
  await expect(page.getByTestId('calendar-day').nth(3)).toContainText('Aujourd’hui');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/pir/${report.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: report.vesselIdentity.vesselName })).toBeVisible();
});

test('offline, the calendar renders from the tablet', async ({ page, context, request }) => {
  const listing = await listingFor(request, amina);
  await login(page, amina);
  await expect(page.locator('section[data-testid^="group-"]').first()).toBeVisible();
  await waitForServiceWorker(page);
  await goOffline(context);
  await page.goto('/calendar/');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await checkDays(page, listing, 'en');
  await goOnline(context);
});

test('on a phone the calendar opens on today, this tablet\'s inspections first', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, amina);
  await page.goto('/calendar/');
  const today = page.locator('[data-testid="calendar-day"][aria-current="date"]');
  await expect(today).toBeInViewport();
  const first = listing.filter((r) => r.startOfInspection && dayKey(new Date(r.startOfInspection)) === dayKey(new Date()) && isHeldHere(r, amina.deviceName));
  expect(first.length).toBeGreaterThan(0);
  await expect(today.getByTestId('calendar-card').first()).toHaveAttribute('data-mine', 'true');
});
