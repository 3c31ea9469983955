import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { choose, goOffline, listingFor, login, makeJpeg, waitForServiceWorker } from './helpers';
import enMessages from '@/messages/en.json' with { type: 'json' };
import frMessages from '@/messages/fr.json' with { type: 'json' };

/**
 * Issue 21, items 13 and 14: the picture viewer keeps the picture in the first screen on a phone,
 * and the inspector marks up a picture — the marked-up copy is a picture of its own beside the
 * untouched original, kept on the tablet through an offline reload.
 */
const amina = DEMO_USERS[0]!;
const SHOTS = '/tmp/shots-markup';
/** The three shapes (phone first), each light and dark. */
const LOOKS = ([
  [390, 844],
  [800, 1280],
  [1280, 800],
] as const).flatMap(([width, height]) => [false, true].map((dark) => ({ width, height, dark })));
const MESSAGES = { en: enMessages, fr: frMessages } as const;
type Language = keyof typeof MESSAGES;

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
  // The app writes its settings back whenever one of them changes (the service worker's state is one): a write made
  // behind its back just before the reload can be overwritten, so it is made again until it holds.
  await expect(async () => {
    await page.evaluate((d) => localStorage.setItem('settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('settings')!), darkMode: d })), dark);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** This tablet's report being inspected (claimed by Amina's device in the demo data). */
async function inspectedReport(request: Parameters<typeof listingFor>[0]): Promise<Pir> {
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting' && r.vesselPictures.length > 0);
  if (!report) throw new Error('the demo data has no report in inspection on this tablet');
  return report;
}

interface FileFacts {
  sha256: string;
  width: number | null;
  height: number | null;
  contentType: string;
  /** the colour at the picture's centre, decoded */
  centre: [number, number, number];
}

/** A stored file's hash, size and centre colour, straight from IndexedDB. */
function fileFacts(page: Page, id: string): Promise<FileFacts> {
  return page.evaluate(async (fileId) => {
    const record = await new Promise<{ content: ArrayBuffer | Blob; width: number | null; height: number | null; contentType: string }>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const req = open.result.transaction('files').objectStore('files').get(fileId);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      };
    });
    const bytes = record.content instanceof Blob ? await record.content.arrayBuffer() : record.content;
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const bitmap = await createImageBitmap(new Blob([bytes], { type: record.contentType }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const [r, g, b] = ctx.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data;
    return { sha256: hash, width: record.width, height: record.height, contentType: record.contentType, centre: [r!, g!, b!] as [number, number, number] };
  }, id);
}

function storedPictures(page: Page, reportId: number): Promise<NonNullable<Pir['extended']>['pictures']> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('reports').objectStore('reports').get(id);
          req.onsuccess = () => resolve((req.result as Pir).extended!.pictures);
          req.onerror = () => reject(req.error);
        };
      }),
    reportId,
  );
}

/** Draws a stroke through the points (fractions of the surface) with the mouse. */
async function draw(page: Page, points: [number, number][]) {
  const box = (await page.getByTestId('markup-surface').boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 4 });
  await page.mouse.up();
}

const circle = (cx: number, cy: number, r: number): [number, number][] =>
  Array.from({ length: 25 }, (_, i) => [cx + r * Math.cos((i / 24) * 2 * Math.PI), cy + r * Math.sin((i / 24) * 2 * Math.PI)]);

/** Buttons in the scope smaller than 44 px either way. */
function smallButtons(page: Page, selector: string) {
  return page.locator(selector).evaluate((scope) =>
    [...scope.querySelectorAll<HTMLElement>('button, a[href]')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && (r.width < 44 || r.height < 44))
      .map(({ el, r }) => `${el.getAttribute('aria-label') ?? el.textContent} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
}

for (const language of ['en', 'fr'] as const) {
  test(`a picture is marked up in strokes of two colours, kept beside its untouched original, and both survive an offline reload (${language})`, async ({ page, context, request }) => {
    test.setTimeout(300_000);
    const m = MESSAGES[language].media;
    const report = await inspectedReport(request);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await startWith(page, language);
    // Encoding on the page's own thread would go through canvas.toBlob (the fallback when no worker can start): counted.
    await page.addInitScript(() => {
      const w = window as unknown as { mainThreadEncodes: number };
      w.mainThreadEncodes = 0;
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (...args: Parameters<typeof toBlob>) {
        w.mainThreadEncodes++;
        return toBlob.apply(this, args);
      };
    });
    await login(page, amina);
    await waitForServiceWorker(page);
    await page.goto(`/pir/${report.id}/#vesselpictures`);
    const step = page.getByTestId('step-vesselpictures');
    await expect(step.getByRole('button', { name: m.takePicture })).toBeVisible({ timeout: 60_000 });

    await choose(page, () => step.getByRole('button', { name: m.takePicture }).click(), [{ name: 'hold.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(1600, 1200) }]);
    const cards = step.getByTestId('picture-card');
    await expect(cards).toHaveCount(1, { timeout: 20_000 });
    // the first type in the list (after the placeholder)
    await cards.first().getByRole('combobox', { name: m.pictures.type }).selectOption({ index: 1 });
    await cards.first().getByLabel(m.pictures.description).fill('Fish hold, starboard');
    await expect.poll(async () => (await storedPictures(page, report.id))[0]?.description).toBe('Fish hold, starboard');
    const [original] = await storedPictures(page, report.id);
    const originalId = `picture:${report.id}:${original!.uid}`;
    const before = await fileFacts(page, originalId);

    // ---------------------------------------------------------------- the editor
    await cards.first().getByRole('button', { name: m.markup.openLabel.replace('{n}', '1') }).click();
    const editor = page.getByTestId('markup-editor');
    await expect(editor.getByRole('heading', { name: m.markup.title.replace('{n}', '1') })).toBeVisible();
    const surface = editor.getByTestId('markup-surface');
    await expect(surface).toBeVisible();
    await expect(surface).toHaveCSS('touch-action', 'none');
    // Red is the default; nothing to save, undo or clear before a stroke.
    await expect(editor.getByRole('radio', { name: m.markup.colours.red })).toHaveAttribute('aria-checked', 'true');
    await expect(editor.getByRole('button', { name: m.markup.save })).toBeDisabled();
    await expect(editor.getByRole('button', { name: m.markup.undo })).toBeDisabled();
    expect(await smallButtons(page, '[data-testid="markup-editor"]')).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('[data-testid="markup-editor"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // A red stroke straight through the centre, then a yellow circle; a stray stroke is undone.
    await draw(page, [
      [0.3, 0.5],
      [0.5, 0.5],
      [0.7, 0.5],
    ]);
    await editor.getByRole('radio', { name: m.markup.colours.yellow }).click();
    await expect(editor.getByRole('radio', { name: m.markup.colours.yellow })).toHaveAttribute('aria-checked', 'true');
    await draw(page, circle(0.5, 0.5, 0.3));
    await expect(surface).toHaveAttribute('data-strokes', '2');
    await draw(page, [
      [0.1, 0.1],
      [0.2, 0.2],
    ]);
    await expect(surface).toHaveAttribute('data-strokes', '3');
    await editor.getByRole('button', { name: m.markup.undo }).click();
    await expect(surface).toHaveAttribute('data-strokes', '2');
    // Clear, then draw again: clear empties the picture.
    await editor.getByRole('button', { name: m.markup.clear }).click();
    await expect(surface).toHaveAttribute('data-strokes', '0');
    await editor.getByRole('radio', { name: m.markup.colours.red }).click();
    await draw(page, [
      [0.3, 0.5],
      [0.5, 0.5],
      [0.7, 0.5],
    ]);
    await editor.getByRole('radio', { name: m.markup.colours.yellow }).click();
    await draw(page, circle(0.5, 0.5, 0.3));
    const workersBefore = workers.length;
    await editor.getByRole('button', { name: m.markup.save }).click();
    await expect(editor).toBeHidden({ timeout: 20_000 });
    // Flattened in a worker started for it, not on the page's thread.
    expect(workers.length).toBeGreaterThan(workersBefore);
    expect(await page.evaluate(() => (window as unknown as { mainThreadEncodes: number }).mainThreadEncodes)).toBe(0);

    // ---------------------------------------------------------------- beside the original
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByTestId('markup-badge')).toHaveCount(0);
    await expect(cards.nth(1).getByTestId('markup-badge')).toHaveText(m.markup.badge);
    await expect(cards.nth(1).getByTestId('markup-from')).toHaveText(m.markup.from.replace('{n}', '1'));
    await expect(cards.nth(1).getByLabel(m.pictures.description)).toHaveValue(m.markup.descriptionWith.replace('{description}', 'Fish hold, starboard'));
    // The tablet's copy is written a moment after the screen shows it (edits are written together).
    await expect.poll(async () => (await storedPictures(page, report.id)).length, { timeout: 10_000 }).toBe(2);
    const pictures = await storedPictures(page, report.id);
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toEqual(original);
    expect(pictures[1]).toMatchObject({ type: original!.type, date: original!.date, markupOf: original!.uid });
    const copyId = `picture:${report.id}:${pictures[1]!.uid}`;
    const after = await fileFacts(page, originalId);
    const copy = await fileFacts(page, copyId);
    expect(after.sha256).toBe(before.sha256);
    expect(copy.sha256).not.toBe(before.sha256);
    expect({ w: copy.width, h: copy.height, type: copy.contentType }).toEqual({ w: before.width, h: before.height, type: 'image/jpeg' });
    // The red stroke is in the copy's pixels at the centre; the original's centre is the grey of its gradient.
    expect(copy.centre[0]).toBeGreaterThan(170);
    expect(copy.centre[1]).toBeLessThan(90);
    expect(Math.abs(before.centre[0] - before.centre[1])).toBeLessThan(30);

    // ---------------------------------------------------------------- offline, after a reload
    await goOffline(context);
    await page.reload();
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    for (const i of [0, 1]) {
      const img = cards.nth(i).getByRole('img');
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await expect(cards.nth(1).getByTestId('markup-from')).toHaveText(m.markup.from.replace('{n}', '1'));
    expect((await fileFacts(page, originalId)).sha256).toBe(before.sha256);
    expect((await fileFacts(page, copyId)).sha256).toBe(copy.sha256);

    // ---------------------------------------------------------------- screenshots (editor, light and dark)
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const { width, height, dark } of LOOKS) {
      await page.setViewportSize({ width, height });
      await setDark(page, dark);
      await expect(cards).toHaveCount(2, { timeout: 30_000 });
      await cards.first().getByRole('button', { name: m.markup.openLabel.replace('{n}', '1') }).click();
      await expect(surface).toBeVisible();
      // On every shape the whole picture and the toolbar are on the screen.
      const s = (await surface.boundingBox())!;
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.y + s.height).toBeLessThanOrEqual(height);
      const tools = (await editor.getByRole('toolbar', { name: m.markup.toolbar }).boundingBox())!;
      expect(tools.y).toBeGreaterThanOrEqual(s.y + s.height);
      expect(tools.y + tools.height).toBeLessThanOrEqual(height);
      await draw(page, circle(0.4, 0.45, 0.2));
      await draw(page, [
        [0.85, 0.85],
        [0.55, 0.6],
        [0.62, 0.6],
        [0.55, 0.6],
        [0.56, 0.68],
      ]);
      expect(await smallButtons(page, '[data-testid="markup-editor"]')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/editor-${language}-${width}x${height}-${dark ? 'dark' : 'light'}.png` });
      await editor.getByRole('button', { name: m.markup.clear }).click();
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();
      // The marked-up copy beside its original in the step.
      await cards.nth(1).getByTestId('markup-from').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/pictures-step-${language}-${width}x${height}-${dark ? 'dark' : 'light'}.png` });
    }
  });
}

test('the picture viewer shows the picture in the first screen on a phone, with a toolbar of 44 px targets, in every shape, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const report = await inspectedReport(request);
  await startWith(page, 'en');
  await login(page, amina);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const { width, height, dark } of LOOKS) {
    await page.setViewportSize({ width, height });
    await page.goto(`/pir/${report.id}/vessel/`);
    await setDark(page, dark);
    const pictures = page.getByTestId('segment-pictures');
    await pictures.locator('[data-file-key]').first().click({ timeout: 60_000 });
    // Not on the tablet yet (the demo's report was claimed elsewhere): fetched once, then stored.
    const fetch = page.getByRole('button', { name: enMessages.vessel.viewer.fetch });
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
    const toolbar = page.getByRole('toolbar', { name: enMessages.vessel.viewer.toolbar });
    await expect(toolbar).toBeVisible();
    expect(await smallButtons(page, '[role="toolbar"]')).toEqual([]);
    await expect(toolbar.getByRole('button', { name: enMessages.vessel.viewer.zoomIn })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: /^Download / })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/viewer-${width}x${height}-${dark ? 'dark' : 'light'}.png` });
  }
});
