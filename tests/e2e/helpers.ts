import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import UTIF from 'utif2';
import { currentFilesReply, loginReply, type Pir } from '@/lib/contract';

export interface DemoLogin {
  username: string;
  password: string;
  deviceName: string;
  name: string;
}

export async function login(page: Page, who: Pick<DemoLogin, 'username' | 'password'>) {
  await page.goto('/reports/');
  await page.getByLabel(/^(Username|Nom d’utilisateur)$/).fill(who.username);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(who.password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^(Reports|Rapports)$/ })).toBeVisible();
}

/** The server's listing, as the demo user sees it (through the API, not the app). */
export async function listingFor(request: APIRequestContext, who: DemoLogin): Promise<Pir[]> {
  const reply = loginReply.parse(
    await (await request.post('/be/login', { data: { username: who.username, password: who.password, deviceName: '' } })).json(),
  );
  const res = await request.get('/be/offline-api/current-files', { headers: { Authorization: `Bearer ${reply.token.jwt}` } });
  return currentFilesReply.parse(await res.json());
}

/** Waits until the service worker controls the page and has precached the app. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return reg.active?.state;
  });
}

/**
 * A real outage: the page's requests fail (setOffline) and so do the service worker's own,
 * which Chromium does not block with setOffline alone (TOOLCHAIN.md).
 */
export async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback()));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/**
 * Completes every form step of a report being inspected, with the least each step needs on top of
 * the demo data (English labels). Works offline: it only touches the tablet.
 */
export async function completeFormSteps(page: Page, reportId: number) {
  const { FORM_STEPS } = await import('@/lib/inspection/steps');
  const panel = page.locator('section[aria-labelledby="step-title"]');
  const answer = async (label: string, yes: boolean, nth = 0) =>
    panel.getByRole('radiogroup', { name: label }).nth(nth).getByRole('radio', { name: yes ? 'Yes' : 'No' }).click();
  for (const step of FORM_STEPS) {
    await page.goto(`/pir/${reportId}/#${encodeURIComponent(step)}`);
    await expect(page.getByTestId(`step-${step}`)).toBeVisible();
    if ((await page.getByTestId(`stepper-${step}`).getAttribute('data-state')) === 'done') continue;
    if (step === 'inspectioninformation') {
      await panel.getByLabel("Inspector's identity number", { exact: true }).fill('INS-0042');
      await panel.getByLabel("Inspector's email", { exact: true }).fill('inspector@fisheries.example.org');
    }
    if (step === 'ControlledCatches') {
      for (const label of ['Monitored landed quantity (kg)', 'Monitored transhipped quantity (kg)']) {
        const inputs = panel.getByLabel(label, { exact: true });
        for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('0');
      }
    }
    if (step === 'monitoring') await answer('Landing or transhipment monitored', false);
    if (step === 'examinations') for (let i = 0; i < 4; i++) await answer('Examined and in order', true, i);
    if (step === 'infringement') await answer('Infringements found', false);
    await panel.getByRole('button', { name: 'Mark complete' }).click();
    await expect(page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
    // The finger leaves the screen: a mouse left resting where the step's toast shows would hold it
    // there (sonner pauses toasts under a pointer), which no tablet does.
    await page.mouse.move(0, 0);
  }
}

/** A w × h JPEG with a colour gradient (something to see in the screenshots). */
export function makeJpeg(width: number, height: number, tint = 120): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([(x / width) * 255, (y / height) * 255, tint, 255], (y * width + x) * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

/**
 * A w × h TIFF (uncompressed RGBA, as UTIF.js writes it) with a colour gradient: Chrome and Firefox
 * cannot decode TIFF themselves, so it shows only through the app's own decoder. `orientation` is
 * its Orientation tag (6: stored on its side, to be turned a quarter clockwise).
 */
export function makeTiff(width: number, height: number, orientation = 1): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgba.set([(x / width) * 255, 160, (y / height) * 255, 255], (y * width + x) * 4);
  return Buffer.from(UTIF.encodeImage(rgba, width, height, orientation === 1 ? undefined : ({ t274: [orientation] } as never)));
}

/** Clicks a button that opens a file chooser and gives it the files. */
export async function choose(page: Page, open: () => Promise<void>, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await open();
  await (await chooser).setFiles(files);
}

/** Draws a stroke on a signature pad (its test id), `offset` pixels lower. */
export async function drawOn(page: Page, testId: string, offset = 0) {
  const pad = page.getByTestId(testId).getByRole('application');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + box.width * 0.15, y + offset);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), y + Math.sin(i) * 20 + offset);
  await page.mouse.up();
}

/** The report as the tablet stores it (IndexedDB), to compare what shows with what is kept. */
export function storedReport(page: Page, id: number): Promise<Pir> {
  return page.evaluate(
    (reportId) =>
      new Promise<Pir>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('reports').objectStore('reports').get(reportId);
          req.onsuccess = () => resolve(req.result as Pir);
          req.onerror = () => reject(req.error);
        };
      }),
    id,
  );
}

/** Claims a report from the list, waits until it is prepared on the tablet, and starts its inspection (English). */
export async function claimAndStart(page: Page, report: Pick<Pir, 'id' | 'vesselIdentity'>) {
  const card = page.locator(`[data-report-id="${report.id}"]`);
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 90_000 });
  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);
}

/** Confirms the open start-inspection dialog and waits until the inspection has started and the app is back on the current step. */
export async function confirmStartInspection(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Start inspection' }).click();
  await expect(page.getByTestId('stepper-inspection started')).toHaveAttribute('data-state', 'done');
  // The dialog closes as the app returns to the current step (clearing the address's #step): a
  // test that goes to a step before then would see its #step cleared and wait for it in vain.
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** Shows a step by its address (`#step`), as the step list, the navigator and links do: the same in every shape. */
export async function showStep(page: Page, step: string) {
  await page.evaluate((s) => {
    location.hash = s;
  }, step);
  await expect(page.getByTestId(`step-${step}`)).toBeVisible();
}

/** Shifts the page's clock by `skewMs` (negative: the tablet is behind), before any of the app's scripts run. */
export async function skewTabletClock(page: Page, skewMs: number) {
  await page.addInitScript((skew) => {
    const RealDate = Date;
    class TabletDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + skew);
        else super(...(args as [string | number | Date]));
      }
      static now() {
        return RealDate.now() + skew;
      }
    }
    globalThis.Date = TabletDate as DateConstructor;
  }, skewMs);
}

/** Marks the page, so that `isSamePage` tells whether it has been loaded again since (a form sent, say). */
export async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __marked: boolean }).__marked = true));
}
export function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marked?: boolean }).__marked === true);
}
