import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ExtendedPir, Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { claimAndStart, goOffline, goOnline, listingFor, login, showStep, storedReport, waitForServiceWorker, isSamePage, markPage } from './helpers';

const amina = DEMO_USERS[0]!;

/** Writes the stored report straight into IndexedDB (data the tablet got from the vessel's earlier forms). */
function putReport(page: Page, report: Pir): Promise<void> {
  return page.evaluate(
    (r) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('reports', 'readwrite');
          tx.objectStore('reports').put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    report,
  );
}

/** Two donor-vessel entries of one transhipment (same date, vessel and place): one group of two products. */
function donorEntries(report: Pir): ExtendedPir['transhipmentInfo'] {
  // What the inspector chose for the catch on board: valid reference ids.
  const k = report.extended!.pir.catchOnboard[0]!;
  const header = {
    date: '2025-02-02T06:00:00.000Z',
    isAtPort: false,
    atPort: null,
    atSea: '-4.5-56.75',
    isReceived: false,
    name: 'Donor Reefer 3',
    flagState: report.vesselIdentity.flagStateId,
    idNumber: 'DR-0003',
    srcForm: 'RAR',
  };
  return [0, 1].map((i) => ({
    ...header,
    uid: `donor-${i}`,
    content: [{ uid: `donor-c-${i}`, species: k.species, productForm: k.productForm, catchArea: k.catchArea, quantity: 1000 + i, objection: false, comments: '' }],
  }));
}

/** Opens a reference field's picker and takes the first option (or the first match of `search`). */
async function pick(page: Page, scope: Locator, label: string, search?: string) {
  await scope.getByLabel(label, { exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (search) await dialog.getByRole('textbox').fill(search);
  await dialog.getByRole('option').first().click();
  const apply = dialog.getByRole('button', { name: 'Apply' });
  if (await apply.isVisible()) await apply.click();
  await expect(dialog).toBeHidden();
}

/**
 * Taps the button named `name` inside `within` and, before the next frame, counts the catch step's
 * entries: what a tap adds or deletes is on screen before a next tap can land on it.
 */
function entriesRightAfterTap(page: Page, within: string, name: string): Promise<number> {
  return page.evaluate(
    async ([within, name]) => {
      const button = [...document.querySelectorAll<HTMLButtonElement>(`${within} button`)].find((b) => b.textContent?.trim() === name)!;
      button.click();
      // React draws a tap's update in a microtask; a frame (requestAnimationFrame) never comes between microtasks.
      for (let i = 0; i < 5; i++) await new Promise<void>((r) => queueMicrotask(r));
      return document.querySelectorAll('[data-testid="step-catchonboard"] [data-testid="list-item"]').length;
    },
    [within, name] as const,
  );
}

async function openStep(page: Page, step: string, title: string) {
  // by its address: a portrait tablet shows the step navigator instead of the list
  await showStep(page, step);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Amina signs in (waiting for the service worker when the test goes offline later), claims an unclaimed report and starts it. */
async function startedReport(page: Page, request: APIRequestContext, { serviceWorker = false } = {}) {
  const listing = await listingFor(request, amina);
  const report = listing.find((r) => r.status === 'notready' && !r.claimedByDevice);
  if (!report) throw new Error('the demo data has no unclaimed report');
  await login(page, amina);
  if (serviceWorker) await waitForServiceWorker(page);
  await claimAndStart(page, report);
  return report;
}

test('catch on board deltas, required species, mark complete, transhipment at sea with its content, all kept across a reload', async ({ page, request }) => {
  test.setTimeout(180_000);
  const report = await startedReport(page, request, { serviceWorker: true });

  // ---- catch on board: the delta is verified − declared, red at 10 or more
  await openStep(page, 'catchonboard', 'Catch on board');
  const step = page.getByTestId('step-catchonboard');
  const complete = step.getByRole('button', { name: 'Mark complete' });
  await step.getByRole('button', { name: 'Add a catch' }).click();
  const entry = step.getByTestId('list-item').first();
  await expect(entry).toHaveAttribute('data-new', 'true');
  // A new catch opens without messages, its required fields marked; a field's message waits until it is left.
  await expect(entry.locator('[data-field$=".species"]')).toHaveAttribute('data-required', 'true');
  await expect(step.getByTestId('field-error')).toHaveCount(0);
  await entry.getByLabel('Quantity on board (kg)').fill('-1');
  await expect(step.getByTestId('field-error')).toHaveCount(0);
  await entry.getByLabel('Quantity on board (kg)').blur();
  await expect(step.getByTestId('field-error')).toHaveText(['Quantity on board (kg) cannot be lower than 0']);
  await entry.getByLabel('Quantity on board (kg)').fill('');
  await entry.getByLabel('Declared to land (kg)').fill('100');
  await entry.getByLabel('Verified landed (kg)').fill('112');
  const landed = entry.getByTestId('delta-landed');
  await expect(landed.getByRole('textbox')).toHaveValue('12');
  await expect(landed).toHaveAttribute('data-warning', 'true');
  await expect(landed.getByRole('textbox')).toHaveClass(/text-destructive/);
  await expect(landed.getByText('A difference of 10 kg or more')).toBeVisible();
  await entry.getByLabel('Verified landed (kg)').fill('105');
  await expect(landed.getByRole('textbox')).toHaveValue('5');
  await expect(landed).toHaveAttribute('data-warning', 'false');
  await expect(landed.getByRole('textbox')).not.toHaveClass(/text-destructive/);
  await expect(complete).toBeDisabled();

  // A second catch (listed first), deleted after confirmation: gone from the screen and the store, the
  // other keeps its values, and the deletion holds across a reload made straight after it.
  // The new catch is there in the tap's own frame: a tap right after it cannot land on the one below.
  expect(await entriesRightAfterTap(page, '[data-testid="step-catchonboard"]', 'Add a catch')).toBe(2);
  const items = step.getByTestId('list-item');
  await expect(items).toHaveCount(2);
  await items.first().getByLabel('Declared to land (kg)').fill('999');
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.catchOnboard.map((c) => c.quantityToLand)).toEqual([999, 100]);
  await items.first().getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  // Gone from the screen in the tap's own frame: a tap right after it cannot land in the deleted catch.
  expect(await entriesRightAfterTap(page, '[role="alertdialog"]', 'Delete')).toBe(1);
  await expect(items).toHaveCount(1);
  await expect(entry.getByLabel('Declared to land (kg)')).toHaveValue('100');
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(entry.getByLabel('Declared to land (kg)')).toHaveValue('100');
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.catchOnboard.map((c) => c.quantityToLand)).toEqual([100]);

  // What shows is what is stored.
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.catchOnboard[0]?.deltaLanded).toBe(5);

  // Species left empty: its message shows once the step is opened again (its errors are stored).
  await entry.getByLabel('Quantity on board (kg)').fill('500');
  await page.reload();
  await expect(step.getByText('Species cannot be empty')).toBeVisible();
  await expect(complete).toBeDisabled();
  await expect(entry.getByLabel('Declared to land (kg)')).toHaveValue('100');
  await expect(entry.getByLabel('Verified landed (kg)')).toHaveValue('105');
  await expect(landed.getByRole('textbox')).toHaveValue('5');

  await pick(page, entry, 'Species', 'yellowfin');
  await expect(step.getByText('Species cannot be empty')).toBeHidden();
  await pick(page, entry, 'Product form');
  await pick(page, entry, 'Catch areas');
  await entry.getByLabel('Declared to tranship (kg)').fill('0');
  await expect(complete).toBeDisabled();
  await entry.getByLabel('Verified transhipped (kg)').fill('0');
  await expect(entry.getByTestId('delta-transhipped').getByRole('textbox')).toHaveValue('0');
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.getByTestId('stepper-catchonboard')).toHaveAttribute('data-state', 'done');

  // ---- transhipment at sea: the position must be a valid latitude-longitude
  await openStep(page, 'transhipmentInfo', 'Transhipment information');
  const tStep = page.getByTestId('step-transhipmentInfo');
  await tStep.getByRole('button', { name: 'Add a transhipment' }).click();
  const trx = tStep.getByTestId('transhipment-entry').first();
  await expect(trx.getByRole('radio', { name: 'Offloaded' })).toHaveAttribute('aria-checked', 'true');
  await trx.getByLabel('Date and time').fill('2025-03-14T09:30');
  await trx.getByRole('radio', { name: 'At sea' }).click();
  await trx.getByLabel('Latitude').fill('95');
  await trx.getByLabel('Longitude').fill('55.25');
  await expect(trx.getByText('Insert valid latitude and longitude fields')).toBeVisible();
  await trx.getByLabel('Latitude').fill('-12.5');
  await expect(trx.getByText('Insert valid latitude and longitude fields')).toBeHidden();
  await trx.getByLabel('Other vessel name').fill('Ocean Carrier 7');
  await pick(page, trx, 'Other vessel flag state');
  await trx.getByLabel('Other vessel identification number').fill('IOTC012345');
  await trx.getByRole('button', { name: 'Add a product' }).click();
  const product = trx.getByTestId('list-item').first();
  await pick(page, product, 'Species', 'skipjack');
  await pick(page, product, 'Product form');
  await pick(page, product, 'Catch areas');
  await product.getByLabel('Quantity (kg)').fill('0');
  await product.getByLabel('Quantity (kg)').blur();
  await expect(product.getByText('Quantity (kg) cannot be lower than 1')).toBeVisible();
  await product.getByLabel('Quantity (kg)').fill('2500');
  await expect(tStep.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  // Each entry's fields are a form (Chrome's autofill then reads that entry alone); a product is in its
  // transhipment's form, as forms do not nest, and Enter in its field sends nothing anywhere.
  expect(await tStep.locator('form form').count()).toBe(0);
  expect(await product.getByLabel('Quantity (kg)').evaluate((el) => (el as HTMLInputElement).form === el.closest('[data-testid="transhipment-entry"]')?.querySelector('form'))).toBe(true);
  await markPage(page);
  await product.getByLabel('Quantity (kg)').press('Enter');
  await expect(product.getByLabel('Quantity (kg)')).toHaveValue('2500');
  expect(await isSamePage(page)).toBe(true);

  await expect
    .poll(async () => {
      const t = (await storedReport(page, report.id)).extended?.pir.transhipmentInfo[0];
      return t && { atSea: t.atSea, isAtPort: t.isAtPort, isReceived: t.isReceived, quantity: t.content[0]?.quantity };
    })
    .toEqual({ atSea: '-12.5-55.25', isAtPort: false, isReceived: false, quantity: 2500 });

  // ---- everything is kept across a reload
  await page.reload();
  await expect(trx.getByLabel('Latitude')).toHaveValue('-12.5');
  await expect(trx.getByLabel('Longitude')).toHaveValue('55.25');
  await expect(trx.getByRole('radio', { name: 'At sea' })).toHaveAttribute('aria-checked', 'true');
  await expect(trx.getByRole('radio', { name: 'Offloaded' })).toHaveAttribute('aria-checked', 'true');
  await expect(trx.getByLabel('Date and time')).toHaveValue('2025-03-14T09:30');
  await expect(trx.getByLabel('Other vessel name')).toHaveValue('Ocean Carrier 7');
  await expect(trx.getByLabel('Other vessel identification number')).toHaveValue('IOTC012345');
  await expect(product.getByLabel('Quantity (kg)')).toHaveValue('2500');
  await expect(product.getByLabel('Species', { exact: true })).toContainText(/skipjack/i);

  // Donor-vessel entries (from the vessel's earlier forms) show grouped and read-only, apart from the inspector's.
  await goOffline(page.context());
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pir-unsaved-edits'))).toBeNull();
  const stored = await storedReport(page, report.id);
  const donors = donorEntries(stored);
  stored.extended!.pir.transhipmentInfo.push(...donors);
  await putReport(page, stored);
  await page.reload();
  await goOnline(page.context());
  const donorGroups = tStep.getByTestId('donor-group');
  await expect(donorGroups).toHaveCount(1);
  await expect(donorGroups.first()).toContainText('Donor Reefer 3');
  await expect(donorGroups.first()).toContainText('2 products');
  await expect(donorGroups.first()).toContainText('4.5° S, 56.75° E');
  await expect(donorGroups.first().getByRole('textbox')).toHaveCount(0);
  await expect(tStep.getByTestId('transhipment-entry')).toHaveCount(1);
  await expect(tStep.getByRole('heading', { name: 'Transhipments (1)' })).toBeVisible();

  await tStep.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByTestId('stepper-transhipmentInfo')).toHaveAttribute('data-state', 'done');

  await openStep(page, 'catchonboard', 'Catch on board');
  await expect(entry.getByLabel('Quantity on board (kg)')).toHaveValue('500');
  await expect(entry.getByLabel('Declared to land (kg)')).toHaveValue('100');
  await expect(entry.getByLabel('Verified landed (kg)')).toHaveValue('105');
  await expect(landed.getByRole('textbox')).toHaveValue('5');
  await expect(entry.getByLabel('Species', { exact: true })).toContainText(/yellowfin/i);
  await expect(page.getByTestId('stepper-catchonboard')).toHaveAttribute('data-state', 'done');

  // ---- a retained catch and a controlled catch, for the screenshots
  await openStep(page, 'catchretained', 'Catch retained');
  const rStep = page.getByTestId('step-catchretained');
  await rStep.getByRole('button', { name: 'Add a retained catch' }).click();
  const retained = rStep.getByTestId('list-item').first();
  await retained.getByLabel('Declared quantity (kg)').fill('40');
  await retained.getByLabel('Actual quantity (kg)').fill('28.5');
  await expect(retained.getByTestId('delta-retained').getByRole('textbox')).toHaveValue('-11.5');
  await expect(retained.getByTestId('delta-retained')).toHaveAttribute('data-warning', 'true');

  await openStep(page, 'ControlledCatches', 'Controlled catches');
  const cStep = page.getByTestId('step-ControlledCatches');
  await cStep.getByRole('button', { name: 'Add a catch' }).click();
  const controlled = cStep.getByTestId('list-item').first();
  await expect(controlled).toHaveAttribute('data-new', 'true');
  await controlled.getByLabel('Quantity to land (kg)').fill('1200');
  // The new entry's highlight lasts 3 s.
  await expect(controlled).not.toHaveAttribute('data-new', 'true', { timeout: 5_000 });

  // ---- screenshots of the four steps: tablet landscape and portrait, light and dark (test artifacts)
  const steps = [
    ['ControlledCatches', 'Controlled catches'],
    ['transhipmentInfo', 'Transhipment information'],
    ['catchonboard', 'Catch on board'],
    ['catchretained', 'Catch retained'],
  ] as const;
  // Toasts about other reports would cover the step titles.
  await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('switch', { name: 'Dark mode' }).click();
      await page.keyboard.press('Escape');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    }
    for (const [w, h] of [
      [1280, 800],
      [800, 1280],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const [s, title] of steps) {
        await openStep(page, s, title);
        const panel = page.getByTestId(`step-${s}`);
        // No horizontal scroll at any of these widths.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`${s}-${w}x${h}-${theme}.png`), fullPage: true });
      }
    }
  }
});

test('catches show newest first, numbered from the oldest; a deletion in the middle and each message stay with their own entry, as stored', async ({ page, request }) => {
  test.setTimeout(120_000);
  const report = await startedReport(page, request);
  await openStep(page, 'catchonboard', 'Catch on board');
  const step = page.getByTestId('step-catchonboard');
  const items = step.getByTestId('list-item');
  const quantities = async () => (await storedReport(page, report.id)).extended?.pir.catchOnboard.map((c) => c.quantity);

  for (const quantity of ['100', '200', '300']) {
    await step.getByRole('button', { name: 'Add a catch' }).click();
    await expect(items.first()).toHaveAttribute('data-new', 'true');
    await items.first().getByLabel('Quantity on board (kg)').fill(quantity);
  }
  await expect(items.locator('h4')).toHaveText(['Catch 3', 'Catch 2', 'Catch 1']);
  await expect.poll(quantities).toEqual([300, 200, 100]);

  // A tap outside a confirmation or a picker presses nothing under it (here: another step in the list).
  const elsewhere = await page.getByTestId('stepper-monitoring').boundingBox();
  const tapElsewhere = () => page.mouse.click(elsewhere!.x + elsewhere!.width / 2, elsewhere!.y + elsewhere!.height / 2);
  await items.nth(1).getByRole('button', { name: 'Delete Catch 2' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await tapElsewhere();
  await page.waitForTimeout(300);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(step).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await items.nth(1).getByLabel('Species', { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await tapElsewhere();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(step).toBeVisible();
  await expect(items).toHaveCount(3);

  // The middle one goes; the others keep their values and their numbers.
  await items.nth(1).getByRole('button', { name: 'Delete Catch 2' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(items).toHaveCount(2);
  await expect(items.locator('h4')).toHaveText(['Catch 2', 'Catch 1']);
  await expect(items.nth(0).getByLabel('Quantity on board (kg)')).toHaveValue('300');
  await expect(items.nth(1).getByLabel('Quantity on board (kg)')).toHaveValue('100');
  await expect.poll(quantities).toEqual([300, 100]);

  // What was caught, for the newest only: the messages for it are on the oldest, the one without.
  await pick(page, items.nth(0), 'Species', 'yellowfin');
  await pick(page, items.nth(0), 'Product form');
  await pick(page, items.nth(0), 'Catch areas');
  await step.getByTestId('step-blocked').click();
  for (const field of ['species', 'productForm', 'catchArea']) {
    await expect(items.nth(1).locator(`[data-field$=".${field}"]`)).toHaveAttribute('data-invalid', 'true');
    await expect(items.nth(0).locator(`[data-field$=".${field}"]`)).not.toHaveAttribute('data-invalid', 'true');
  }
  await expect(items.nth(1).locator('[data-field$=".species"]')).toHaveAttribute('data-invalid', 'true');
  await expect(items.nth(0).locator('[data-field$=".species"]')).not.toHaveAttribute('data-invalid', 'true');
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.catchOnboard.map((c) => c.species !== null)).toEqual([true, false]);

  // The same after a reload, from what is stored.
  await page.reload();
  await expect(items.locator('h4')).toHaveText([/^Catch 2 · Yellowfin tuna/i, 'Catch 1']);
  await expect(items.nth(0).getByLabel('Quantity on board (kg)')).toHaveValue('300');
  await expect(items.nth(1).locator('[data-field$=".species"]')).toHaveAttribute('data-invalid', 'true');
});
