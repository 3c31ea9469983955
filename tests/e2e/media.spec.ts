import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { encodePng } from '../../server/seed/png';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { choose, confirmStartInspection, goOffline, goOnline, listingFor, login, makeJpeg, makeTiff, showStep, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;

/** A w × h RGB PNG with stripes. */
function makePng(width: number, height: number): Buffer {
  return encodePng(width, height, 3, (x) => (Math.floor(x / 40) % 2 ? [20, 90, 170] : [240, 240, 240]));
}

interface StoredInfo {
  id: string;
  width: number | null;
  height: number | null;
  contentType: string;
  size: number;
  /** the stored bytes' first three: FF D8 FF for a JPEG */
  magic?: number[];
}

/** The files the tablet stores for a report, straight from IndexedDB. */
function storedFiles(page: Page, reportId: number, prefix: string): Promise<StoredInfo[]> {
  return page.evaluate(
    ({ id, prefix }) =>
      new Promise<StoredInfo[]>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('files').objectStore('files').index('byPir').getAll(id);
          req.onsuccess = async () => {
            const files = (req.result as (StoredInfo & { content: Blob | ArrayBuffer })[]).filter((f) => f.id.startsWith(prefix));
            const head = (c: Blob | ArrayBuffer) => (c instanceof Blob ? c.slice(0, 3).arrayBuffer() : Promise.resolve(c.slice(0, 3)));
            resolve(
              await Promise.all(files.map(async (f) => ({ id: f.id, width: f.width, height: f.height, contentType: f.contentType, size: f.size, magic: [...new Uint8Array(await head(f.content))] }))),
            );
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { id: reportId, prefix },
  );
}

/** The report as the tablet stores it, straight from IndexedDB. */
function storedReport(page: Page, reportId: number): Promise<Pir> {
  return page.evaluate(
    (id) =>
      new Promise<Pir>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('reports').objectStore('reports').get(id);
          req.onsuccess = () => resolve(req.result as Pir);
          req.onerror = () => reject(req.error);
        };
      }),
    reportId,
  );
}

async function setDarkMode(page: Page, on: boolean) {
  const dark = await page.locator('html').evaluate((el) => el.classList.contains('dark'));
  if (dark === on) return;
  await page.getByRole('button', { name: /User menu/ }).click();
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
  await page.keyboard.press('Escape');
  await expect(toggle).toBeHidden();
  await expect(page.locator('html')).toHaveClass(on ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** The last unclaimed, not-ready report: far from the ones the other browser tests take first. */
function pickReport(listing: Pir[]): Pir {
  const free = listing.filter((r) => r.status === 'notready' && !r.claimedByDevice);
  const r = free[free.length - 1];
  if (!r) throw new Error('the demo data has no unclaimed report');
  return r;
}

test('vessel pictures and a two-page attachment are added, resized, kept across a reload; a text file is refused', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const report = pickReport(await listingFor(request, amina));
  // Pictures are resized in a module worker, off the main thread.
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  await login(page, amina);
  const card = page.locator(`[data-report-id="${report.id}"]`);
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 60_000 });

  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);

  // ---------------------------------------------------------------- vessel pictures
  await page.getByTestId('stepper-vesselpictures').click();
  const step = page.getByTestId('step-vesselpictures');
  // The inspection's pictures and the vessel's photos on file, told apart in the same words as the card.
  const onFile = report.vesselPictures.length;
  const sentence = onFile === 0 ? '' : onFile === 1 ? ' The vessel’s 1 photo on file is in Vessel files.' : ` The vessel’s ${onFile} photos on file are in Vessel files.`;
  await expect(step.getByText(`No pictures taken during this inspection yet.${sentence}`, { exact: true })).toBeVisible();

  // A large camera picture (4000 × 3000) is stored at most 3000 wide.
  await choose(page, () => step.getByRole('button', { name: 'Take a picture' }).click(), [{ name: 'bow.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(4000, 3000) }]);
  const cards = step.getByTestId('picture-card');
  await expect(cards).toHaveCount(1, { timeout: 20_000 });
  // The new picture is highlighted for 3 s.
  await expect(cards.first()).toHaveAttribute('data-highlighted', 'true');
  await expect(cards.first()).not.toHaveAttribute('data-highlighted', { timeout: 6_000 });
  await expect(cards.first().getByRole('img')).toBeVisible();
  // SPEC §5 through the step's rule: a picture needs a type before the step can be completed.
  await expect(cards.first().getByTestId('field-error')).toHaveText('Picture type cannot be empty');
  await expect(step.getByRole('button', { name: 'Mark complete' })).toBeDisabled();
  await expect(page.getByTestId('stepper-vesselpictures')).toHaveAttribute('data-state', 'errors');

  await choose(page, () => step.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'bridge.png', mimeType: 'image/png', buffer: makePng(800, 600) }]);
  await expect(cards).toHaveCount(2, { timeout: 20_000 });
  await expect(step.getByTestId('picture-count')).toHaveText('2 pictures');

  const pictures = await storedFiles(page, report.id, `picture:${report.id}:`);
  expect(pictures).toHaveLength(2);
  for (const p of pictures) {
    expect(p.contentType).toBe('image/jpeg');
    expect(p.width).toBeLessThanOrEqual(3000);
    expect(p.height).toBeLessThanOrEqual(5000);
  }
  expect(pictures.map((p) => `${p.width}x${p.height}`).sort()).toEqual(['3000x2250', '800x600']);
  expect(workers.some((u) => /worker/.test(u))).toBe(true);

  // Type (label in the current language), description; the date defaults to now.
  await cards.nth(0).getByRole('combobox', { name: 'Picture type' }).selectOption({ label: 'Picture: whole vessel' });
  await expect(cards.nth(0).getByTestId('picture-tag')).toHaveText('PWHO');
  await cards.nth(0).getByLabel('Description').fill('Whole vessel from the quay, port side');
  await expect(cards.nth(0).getByLabel('Date taken')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await cards.nth(1).getByRole('combobox', { name: 'Picture type' }).selectOption({ label: 'Picture: bridge, port side' });
  await expect(cards.nth(1).getByTestId('picture-tag')).toHaveText('PPBR');
  await expect(step.getByTestId('field-error')).toHaveCount(0);
  await expect(step.getByRole('button', { name: 'Mark complete' })).toBeEnabled();

  // Delete the second one, after confirmation (cancel first: nothing changes).
  await cards.nth(1).getByRole('button', { name: 'Delete picture 2' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Delete this vessel picture?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(2);
  await cards.nth(1).getByRole('button', { name: 'Delete picture 2' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect.poll(async () => (await storedFiles(page, report.id, `picture:${report.id}:`)).length).toBe(1);

  // A text file is refused with a message; nothing changes.
  await choose(page, () => step.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') }]);
  await expect(step.getByTestId('media-error')).toHaveText('“notes.txt” was not added: only pictures can be added (JPG, JPEG, PNG or TIFF).');
  await expect(cards).toHaveCount(1);
  expect(await storedFiles(page, report.id, `picture:${report.id}:`)).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('vesselpictures-refused.png') });

  // ---------------------------------------------------------------- attachments
  await page.getByTestId('stepper-pirattachments').click();
  const att = page.getByTestId('step-pirattachments');
  const attCards = att.getByTestId('attachment-card');
  // Counted once the step is drawn (its screen loads with it).
  await expect(att.getByRole('button', { name: 'New attachment' })).toBeVisible();
  const remote = await att.locator('[data-testid="attachment-card"][data-offline="false"]').count();

  await att.getByRole('button', { name: 'New attachment' }).click();
  const draft = att.getByTestId('attachment-draft');
  await expect(draft).toBeVisible();
  await expect(draft.getByRole('button', { name: 'First page from a file' })).toBeDisabled();

  // Leaving the half-made attachment asks first; staying keeps it.
  await page.getByTestId('stepper-findings').click();
  await expect(confirm.getByRole('heading', { name: 'Unsaved changes' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(draft).toBeVisible();
  await expect(page).not.toHaveURL(/#findings$/);

  await draft.getByRole('combobox', { name: 'Document type' }).selectOption({ label: 'Crew list' });
  await page.screenshot({ path: testInfo.outputPath('pirattachments-draft.png') });
  await choose(page, () => draft.getByRole('button', { name: 'First page from a file' }).click(), [{ name: 'crew-1.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(1240, 1754, 40) }]);
  await expect(confirm.getByRole('heading', { name: 'Add another page?' })).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toContainText('Page 1 was added.');
  await page.screenshot({ path: testInfo.outputPath('pirattachments-another-page.png') });
  await choose(page, () => confirm.getByRole('button', { name: 'Add another page' }).click(), [{ name: 'crew-2.png', mimeType: 'image/png', buffer: makePng(1240, 1754) }]);
  await expect(confirm).toContainText('Page 2 was added.', { timeout: 20_000 });
  await confirm.getByRole('button', { name: 'No, done' }).click();
  await expect(draft).toHaveCount(0);

  const local = att.locator('[data-testid="attachment-card"][data-offline="true"]');
  await expect(local).toHaveCount(1);
  await expect(local.getByTestId('attachment-type')).toHaveText('Crew list');
  await expect(local.getByTestId('attachment-page')).toHaveCount(2);
  await expect(local).toContainText(/CRLI_[0-9a-f-]{36}\.pdf/);

  // A third page, then deleted again after confirmation.
  await choose(page, () => local.getByRole('button', { name: 'Add a page from a file' }).click(), [{ name: 'crew-3.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(600, 800, 200) }]);
  await expect(confirm).toContainText('Page 3 was added.', { timeout: 20_000 });
  await confirm.getByRole('button', { name: 'No, done' }).click();
  await expect(local.getByTestId('attachment-page')).toHaveCount(3);
  await local.getByRole('button', { name: 'Delete page 3' }).click();
  await expect(confirm.getByRole('heading', { name: 'Delete this attachment page?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(local.getByTestId('attachment-page')).toHaveCount(2);
  await expect(attCards).toHaveCount(remote + 1);

  // ---------------------------------------------------------------- after a reload
  await page.reload();
  await expect(local.getByTestId('attachment-page')).toHaveCount(2);
  await expect(local.getByTestId('attachment-page').getByRole('img')).toHaveCount(2);
  await expect(attCards).toHaveCount(remote + 1);
  await expect.poll(async () => (await storedFiles(page, report.id, `attachment-page:${report.id}:`)).length).toBe(2);

  await page.getByTestId('stepper-vesselpictures').click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('picture-tag')).toHaveText('PWHO');
  await expect(cards.first().getByLabel('Description')).toHaveValue('Whole vessel from the quay, port side');
  await expect(cards.first().getByRole('img')).toBeVisible();

  // Marking complete sets the flag; an edit clears it again.
  await step.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByTestId('stepper-vesselpictures')).toHaveAttribute('data-state', 'done');
  await page.getByTestId('stepper-vesselpictures').click();
  await cards.first().getByLabel('Description').fill('Whole vessel from the quay, port side (bow to stern)');
  await expect(page.getByTestId('stepper-vesselpictures')).toHaveAttribute('data-state', 'todo');

  // ---------------------------------------------------------------- screenshots
  for (const [width, height] of [
    [1280, 800],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await setDarkMode(page, dark);
      for (const s of ['vesselpictures', 'pirattachments'] as const) {
        // by its address: a portrait tablet shows the step navigator instead of the list
        await showStep(page, s);
        const img = page.getByTestId(`step-${s}`).getByRole('img').first();
        await expect(img).toBeVisible();
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
        for (const close of await page.getByRole('button', { name: 'Close the message' }).all()) await close.click({ timeout: 2_000 }).catch(() => {});
        // No horizontal scroll.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const file = testInfo.outputPath(`${s}-${width}x${height}-${dark ? 'dark' : 'light'}.png`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: file });
        await testInfo.attach(`${s} ${width}x${height} ${dark ? 'dark' : 'light'}`, { path: file, contentType: 'image/png' });
      }
    }
  }
});

test('an authorisation\'s document (SPEC §3 AUTF, TRAU): made from the authorisation, linked, kept across an offline reload, an existing one linked', async ({ page, context, request }, testInfo) => {
  test.setTimeout(180_000);
  const free = (await listingFor(request, amina)).filter((r) => r.status === 'notready' && !r.claimedByDevice);
  const report = free[free.length - 2] ?? pickReport(free);
  await login(page, amina);
  await page.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 60_000 });
  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);
  await waitForServiceWorker(page);
  const confirm = page.getByRole('alertdialog');

  /** A new authorisation, filled so that its step can be completed, then marked complete. */
  const addAuthorisation = async (step: string, identifier: string) => {
    const panel = page.getByTestId(`step-${step}`);
    await panel.getByRole('button', { name: 'Add an authorisation' }).click();
    const item = panel.getByTestId('list-item').first();
    await item.getByLabel('Identifier', { exact: true }).fill(identifier);
    await item.getByRole('button', { name: 'Issued by', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Seychelles');
    await dialog.getByRole('option').first().click();
    await expect(dialog).toBeHidden();
    await item.getByLabel('Valid from', { exact: true }).fill('2026-01-01');
    await item.getByLabel('Valid to', { exact: true }).fill('2026-12-31');
    await panel.getByRole('button', { name: 'Mark complete' }).click();
    await expect(page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
    await page.getByTestId(`stepper-${step}`).click();
    return panel.getByTestId('list-item').first();
  };

  /** Makes a one-page document of `type` from the authorisation's picker; returns its uid. */
  const newDocument = async (item: ReturnType<Page['locator']>, type: string, file: string) => {
    const picker = item.getByTestId('attachment-picker');
    await choose(page, () => picker.getByRole('button', { name: `New ${type} document from a file` }).click(), [{ name: file, mimeType: 'image/jpeg', buffer: makeJpeg(1240, 1754, 60) }]);
    await expect(confirm.getByRole('heading', { name: 'Add another page?' })).toBeVisible({ timeout: 20_000 });
    await confirm.getByRole('button', { name: 'No, done' }).click();
    const chosen = picker.getByRole('checkbox', { checked: true });
    await expect(chosen).toHaveCount(1);
    return (await chosen.getAttribute('value'))!;
  };

  // ---------------------------------------------------------------- AUTF on a fishing authorisation, offline
  await page.getByTestId('stepper-RelevantFishingauthorisation').click();
  const fishing = await addAuthorisation('RelevantFishingauthorisation', 'ATF/SC/2026/31');
  await goOffline(context);
  const fishingPicker = fishing.getByTestId('attachment-picker');
  await expect(fishingPicker).toHaveAccessibleName('Attached document (Fishing authorisation)');
  // Only documents of its type are offered (the demo's remote AUTF licences, if any), no pictures.
  const offered = await fishingPicker.getByRole('checkbox').count();
  await expect(fishingPicker.getByRole('checkbox', { checked: true })).toHaveCount(0);
  const autf = await newDocument(fishing, 'AUTF', 'licence.jpg');
  await expect(fishingPicker.getByRole('checkbox')).toHaveCount(offered + 1);
  await expect(fishingPicker.locator(`li[data-uid="${autf}"]`)).toContainText('AUTF');
  // Linking a document is an edit of the step: its done flag is cleared.
  await expect(page.getByTestId('stepper-RelevantFishingauthorisation')).not.toHaveAttribute('data-state', 'done');
  await page.screenshot({ path: testInfo.outputPath('fishing-authorisation-autf.png'), fullPage: true });

  await page.reload();
  await expect(fishingPicker.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(fishingPicker.getByRole('checkbox', { checked: true })).toHaveAttribute('value', autf);
  await expect(fishing.getByLabel('Identifier', { exact: true })).toHaveValue('ATF/SC/2026/31');

  // ---------------------------------------------------------------- TRAU on a transhipment authorisation
  await page.getByTestId('stepper-RelevantTranshipmentAuthorisation').click();
  const first = await addAuthorisation('RelevantTranshipmentAuthorisation', 'TRX/SC/2026/4');
  const trau = await newDocument(first, 'TRAU', 'transhipment.jpg');
  // The fishing authorisation's AUTF document is not offered here.
  await expect(first.getByTestId('attachment-picker').locator(`li[data-uid="${autf}"]`)).toHaveCount(0);
  await expect(page.getByTestId('stepper-RelevantTranshipmentAuthorisation')).not.toHaveAttribute('data-state', 'done');

  // A second authorisation links the existing TRAU document; unlinking and linking again, one at most.
  await page.getByTestId('step-RelevantTranshipmentAuthorisation').getByRole('button', { name: 'Add an authorisation' }).click();
  const second = page.getByTestId('step-RelevantTranshipmentAuthorisation').getByTestId('list-item').first();
  const secondPicker = second.getByTestId('attachment-picker');
  await secondPicker.locator(`li[data-uid="${trau}"]`).getByRole('checkbox').check();
  await expect(secondPicker.getByRole('checkbox', { checked: true })).toHaveAttribute('value', trau);
  await page.screenshot({ path: testInfo.outputPath('transhipment-authorisation-trau.png'), fullPage: true });

  await page.reload();
  const items = page.getByTestId('step-RelevantTranshipmentAuthorisation').getByTestId('list-item');
  for (const i of [0, 1]) {
    await expect(items.nth(i).getByTestId('attachment-picker').getByRole('checkbox', { checked: true })).toHaveAttribute('value', trau);
  }
  await items.nth(0).getByTestId('attachment-picker').getByRole('checkbox', { checked: true }).uncheck();
  await expect(items.nth(0).getByTestId('attachment-picker').getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(items.nth(1).getByTestId('attachment-picker').getByRole('checkbox', { checked: true })).toHaveAttribute('value', trau);

  // What the tablet stores: the links, and each document with its type.
  await expect.poll(async () => (await storedReport(page, report.id)).extended?.pir.transhipmentAuthorizations.slice(0, 2).map((a) => a.attachment)).toEqual([null, trau]);
  const stored = await storedReport(page, report.id);
  expect(stored.extended?.pir.fishingAuthorizations.find((a) => a.identifier === 'ATF/SC/2026/31')?.attachment).toBe(autf);
  expect(stored.extended?.attachments.filter((a) => [autf, trau].includes(a.uid)).map((a) => [a.uid, a.type, a.offline])).toEqual([
    [autf, 'AUTF', true],
    [trau, 'TRAU', true],
  ]);
  await goOnline(context);

  // ---------------------------------------------------------------- screenshots
  await items.nth(1).scrollIntoViewIfNeeded();
  for (const [width, height] of [
    [1280, 800],
    [800, 1280],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await setDarkMode(page, dark);
      for (const close of await page.getByRole('button', { name: 'Close the message' }).all()) await close.click({ timeout: 2_000 }).catch(() => {});
      await items.nth(1).getByTestId('attachment-picker').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const file = testInfo.outputPath(`authorisation-${width}x${height}-${dark ? 'dark' : 'light'}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(`authorisation ${width}x${height} ${dark ? 'dark' : 'light'}`, { path: file, contentType: 'image/png' });
    }
  }
});

test('a TIFF picture and a TIFF attachment page are decoded in the worker, stored as resized JPEGs and shown; a damaged TIFF is refused', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const report = pickReport(await listingFor(request, amina));
  await login(page, amina);
  await page.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 60_000 });
  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);

  // Chromium itself cannot decode TIFF: the page's own decoder refuses it.
  const tiff = makeTiff(3600, 1200);
  expect(
    await page.evaluate(async (bytes) => {
      try {
        await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/tiff' }));
        return 'decoded';
      } catch {
        return 'refused';
      }
    }, [...makeTiff(4, 4)]),
  ).toBe('refused');

  // ---- a vessel picture: 3600 × 1200 is stored as a 3000 × 1000 JPEG (SPEC §9) and shown
  await page.getByTestId('stepper-vesselpictures').click();
  const step = page.getByTestId('step-vesselpictures');
  await expect(step.getByText('No pictures taken during this inspection yet.', { exact: false })).toBeVisible();
  await choose(page, () => step.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'hull-scan.tiff', mimeType: 'image/tiff', buffer: tiff }]);
  const cards = step.getByTestId('picture-card');
  await expect(cards).toHaveCount(1, { timeout: 30_000 });
  await expect(step.getByTestId('media-error')).toHaveCount(0);
  const stored = await storedFiles(page, report.id, `picture:${report.id}:`);
  expect(stored.map(({ width, height, contentType, magic }) => ({ width, height, contentType, magic }))).toEqual([
    { width: 3000, height: 1000, contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  ]);
  const img = cards.first().getByRole('img');
  await expect(img).toBeVisible();
  // The card draws a copy 800 px on its longer side, made in the worker; opened, the picture is shown as stored.
  const drawnSize = (i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && `${i.naturalWidth}x${i.naturalHeight}`;
  await expect.poll(() => img.evaluate(drawnSize)).toBe('800x267');
  await cards.first().getByRole('button', { name: 'Show picture 1 full size' }).click();
  await expect.poll(() => page.getByRole('dialog').getByRole('img').evaluate(drawnSize)).toBe('3000x1000');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A TIFF stored on its side (Orientation 6) stands upright, as a camera JPEG does.
  await choose(page, () => step.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'turned.tif', mimeType: 'image/tiff', buffer: makeTiff(1200, 600, 6) }]);
  await expect(cards).toHaveCount(2, { timeout: 30_000 });
  expect((await storedFiles(page, report.id, `picture:${report.id}:`)).map((p) => `${p.width}x${p.height}`).sort()).toEqual(['3000x1000', '600x1200']);

  // ---- a damaged TIFF (its pages cut off): a clear message, nothing added
  await choose(page, () => step.getByRole('button', { name: 'Choose a file' }).click(), [{ name: 'broken.tif', mimeType: 'image/tiff', buffer: tiff.subarray(0, 5000) }]);
  await expect(step.getByTestId('media-error')).toHaveText('“broken.tif” could not be read as a picture. Try another photo, or a JPG or PNG file.', { timeout: 20_000 });
  await expect(cards).toHaveCount(2);
  expect(await storedFiles(page, report.id, `picture:${report.id}:`)).toHaveLength(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('vesselpictures-tiff.png') });

  // ---- an attachment page from a TIFF goes the same way
  await page.getByTestId('stepper-pirattachments').click();
  const att = page.getByTestId('step-pirattachments');
  await att.getByRole('button', { name: 'New attachment' }).click();
  const draft = att.getByTestId('attachment-draft');
  await draft.getByRole('combobox', { name: 'Document type' }).selectOption({ label: 'Crew list' });
  await choose(page, () => draft.getByRole('button', { name: 'First page from a file' }).click(), [{ name: 'crew-list.tif', mimeType: 'image/tiff', buffer: makeTiff(1240, 1754) }]);
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Page 1 was added.', { timeout: 30_000 });
  await confirm.getByRole('button', { name: 'No, done' }).click();
  const local = att.locator('[data-testid="attachment-card"][data-offline="true"]');
  await expect(local.getByTestId('attachment-page')).toHaveCount(1);
  const pages = await storedFiles(page, report.id, `attachment-page:${report.id}:`);
  expect(pages.map(({ width, height, contentType, magic }) => ({ width, height, contentType, magic }))).toEqual([
    { width: 1240, height: 1754, contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  ]);
  const pageImg = local.getByTestId('attachment-page').getByRole('img');
  await expect.poll(() => pageImg.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('pirattachments-tiff.png') });
});
