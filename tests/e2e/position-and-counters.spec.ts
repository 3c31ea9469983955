/**
 * Issue 22 item 5: the at-sea position filled from the tablet's location (and a clear message when
 * location is refused), and limited free text that never cuts silently: a counter from 80 % of the
 * limit, and a paste past the limit says how much was not kept. English, then French.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { choose, confirmStartInspection, listingFor, login, makeJpeg, storedReport, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;

/** Pastes text as the inspector does (clipboard, then Ctrl+V), so the browser applies the field's limit. */
async function paste(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test('use my position fills the position at sea or says location is refused; limited text shows a counter and never cuts silently (en, fr)', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const report = (await listingFor(request, amina)).find((r) => r.status === 'notready' && !r.claimedByDevice);
  if (!report) throw new Error('the demo data has no unclaimed report');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await login(page, amina);
  await waitForServiceWorker(page);
  await page.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 90_000 });
  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);

  // ---- the position at sea: refused first (no permission), then filled from the device
  await page.goto(`/pir/${report.id}/#transhipmentInfo`);
  const tStep = page.getByTestId('step-transhipmentInfo');
  await tStep.getByRole('button', { name: 'Add a transhipment' }).click();
  const trx = tStep.getByTestId('transhipment-entry').first();
  await trx.getByLabel('Date and time').fill('2025-03-14T09:30');
  await trx.getByRole('radio', { name: 'At sea' }).click();
  await expect(trx.getByRole('radio', { name: 'At sea' })).toHaveAttribute('aria-checked', 'true');
  await trx.getByRole('button', { name: 'Use my position' }).click();
  await expect(trx.getByTestId('position-message')).toHaveText(
    'Location is refused for this app. Allow it in the browser’s site settings, or type the position.',
  );
  await expect(trx.getByLabel('Latitude')).toHaveValue('');

  await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write']);
  await context.setGeolocation({ latitude: -4.6191234, longitude: 55.4513, accuracy: 12 });
  await trx.getByRole('button', { name: 'Use my position' }).click();
  await expect(trx.getByLabel('Latitude')).toHaveValue('-4.61912');
  await expect(trx.getByLabel('Longitude')).toHaveValue('55.4513');
  await expect(trx.getByTestId('position-message')).toHaveText('Filled from this tablet’s location (within 12 m). Check it before completing the step.');
  await expect(trx.getByText('Insert valid latitude and longitude fields')).toBeHidden();
  // stored in the SPEC's form: latitude and longitude joined by a dash
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.transhipmentInfo[0]?.atSea).toBe('-4.61912-55.4513');

  // ---- findings (limit 4,000): no counter below 80 %, then the counter; a paste past the limit is announced
  await page.goto(`/pir/${report.id}/#findings`);
  const findings = page.getByLabel('Findings of the inspector');
  const findingsField = page.locator('[data-field="findingsByInspector"]');
  await findings.fill('é'.repeat(3000));
  await expect(findingsField.getByTestId('length-counter')).toHaveCount(0);
  await findings.fill('é'.repeat(3300));
  await expect(findingsField.getByTestId('length-counter')).toHaveText('3,300 / 4,000 characters');
  await findings.fill('');
  await findings.focus();
  await paste(page, 'x'.repeat(5000));
  await expect(findings).toHaveValue('x'.repeat(4000));
  await expect(findingsField.getByTestId('length-counter')).toContainText('4,000 / 4,000 characters: the limit is reached');
  await expect(findingsField.getByTestId('length-cut')).toHaveText('The pasted text was longer than 4,000 characters: its last 1,000 characters were not kept.');

  // ---- a picture description (limit 1,000): the 3,000-character paste of the issue
  await page.goto(`/pir/${report.id}/#vesselpictures`);
  const pStep = page.getByTestId('step-vesselpictures');
  await choose(page, () => pStep.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'bow.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(800, 600) }]);
  const card = pStep.getByTestId('picture-card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const description = card.getByLabel('Description');
  await description.focus();
  await paste(page, 'Étrave, côté bâbord. '.repeat(150));
  await expect(description).toHaveValue(/^Étrave/);
  expect((await description.inputValue()).length).toBe(1000);
  await expect(card.getByTestId('length-counter')).toContainText('1,000 / 1,000 characters: the limit is reached');
  await expect(card.getByTestId('length-cut')).toContainText('its last 2,150 characters were not kept');

  // ---- in French
  await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('settings') ?? '{}'), language: 'fr' })));
  await context.clearPermissions();
  await page.goto(`/pir/${report.id}/#findings`);
  // the same page with another fragment does not load again: reload it in French
  await page.reload();
  await expect(page.locator('[data-field="findingsByInspector"]').getByTestId('length-counter')).toHaveText(/^4\s000 \/ 4\s000 caractères : la limite est atteinte$/);
  await page.goto(`/pir/${report.id}/#transhipmentInfo`);
  const trxFr = page.getByTestId('step-transhipmentInfo').getByTestId('transhipment-entry').first();
  await trxFr.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(trxFr.getByTestId('position-message')).toHaveText(
    'La localisation est refusée pour cette application. Autorisez-la dans les paramètres du site du navigateur, ou saisissez la position.',
  );
});
