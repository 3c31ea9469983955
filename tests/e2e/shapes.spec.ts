import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { listingFor, login } from './helpers';
import { STEP_NAMES } from '@/lib/contract/constants';
import enMessages from '@/messages/en.json' with { type: 'json' };

/**
 * Portrait tablet and phone (issue 17): at the largest font size, in both languages, vessel names and
 * report numbers are never cut short, nothing scrolls sideways, and on a phone the inspection page
 * starts with the step (its step list folded into a navigator).
 */
const amina = DEMO_USERS[0]!;
const SHAPES = [
  { width: 1280, height: 800, phone: false },
  { width: 800, height: 1280, phone: false },
  { width: 390, height: 844, phone: true },
] as const;

const settings = (language: 'en' | 'fr') =>
  JSON.stringify({ darkMode: false, showAdvancedFeatures: false, onLine: true, updateAvailable: false, language, fontSize: 'large', filters: { ports: [] }, application: { installed: false } });

/** Axe (WCAG 2.x A and AA) finds nothing on the page. */
async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`), what).toEqual([]);
}

/** Buttons and links in `selector` smaller than 44 px either way. */
function smallTargets(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((scopes) =>
    scopes
      .flatMap((scope) => [...scope.querySelectorAll<HTMLElement>('a[href], button')])
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && (r.width < 44 || r.height < 44))
      .map(({ el, r }) => `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
}

/** Every vessel name and report number on the page (`data-title`), and those that do not show whole. */
function titles(page: Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('[data-title]')].filter((el) => el.getClientRects().length > 0);
    const cut = shown
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          el.scrollWidth > el.clientWidth ||
          el.scrollHeight > el.clientHeight ||
          style.textOverflow === 'ellipsis' ||
          style.webkitLineClamp !== 'none' ||
          el.clientWidth === 0
        );
      })
      .map((el) => `${el.dataset.title}: “${el.textContent}” ${el.scrollWidth}/${el.clientWidth} x ${el.scrollHeight}/${el.clientHeight}`);
    const count = (kind: string) => shown.filter((el) => el.dataset.title === kind && el.textContent!.trim() !== '').length;
    return { vessels: count('vessel'), codes: count('code'), cut, sideways: document.documentElement.scrollWidth - window.innerWidth };
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`vessel names and report numbers show whole and nothing scrolls sideways at 1280×800, 800×1280 and 390×844 (${language}, large text)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting')!;
    await page.addInitScript((s) => {
      if (!localStorage.getItem('shapes-set')) {
        localStorage.setItem('settings', s);
        localStorage.setItem('shapes-set', '1');
      }
    }, settings(language));
    await login(page, amina);
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // A new tablet downloads again the reports it holds; the steps open once the details are here.
    await page.goto(`/pir/${report.id}/#updatevesselidentity`);
    await expect(page.locator('section[aria-labelledby="step-title"] input').first()).toBeVisible({ timeout: 60_000 });

    const pages = [
      { name: 'reports', url: '/reports/', ready: page.getByTestId('report-card').first(), codes: 1 },
      { name: 'calendar', url: '/calendar/', ready: page.getByTestId('calendar-card').first(), codes: 0 },
      { name: 'inspection', url: `/pir/${report.id}/`, ready: page.locator('#step-title'), codes: 1 },
      { name: 'vessel files', url: `/pir/${report.id}/vessel/`, ready: page.getByTestId('vessel-files'), codes: 1 },
      // Steps with chosen reference values (issue 32: a long authority or area was cut off).
      ...['inspectioninformation', 'RelevantFishingauthorisation'].map((step) => ({
        name: step,
        url: `/pir/${report.id}/#${step}`,
        ready: page.locator(`[data-testid="step-${step}"] [data-title="chosen"]`).first(),
        codes: 1,
      })),
    ];
    let measured = 0;
    for (const shape of SHAPES) {
      await page.setViewportSize(shape);
      for (const p of pages) {
        const where = `${p.name} at ${shape.width}×${shape.height} (${language})`;
        await page.goto(p.url);
        // A step is chosen by its hash on the same page: load it afresh.
        if (p.url.includes('#')) await page.reload();
        await expect(p.ready, where).toBeVisible();
        await page.waitForLoadState('networkidle');
        const m = await titles(page);
        expect(m.vessels, `${where}: vessel names measured`).toBeGreaterThan(0);
        expect(m.codes, `${where}: report numbers measured`).toBeGreaterThanOrEqual(p.codes);
        expect(m.cut, `${where}: cut titles`).toEqual([]);
        expect(m.sideways, `${where}: sideways scroll`).toBeLessThanOrEqual(0);
        measured += m.vessels + m.codes;

        if (p.name === 'inspection') {
          const navigator = page.getByTestId('step-navigator');
          const stepper = page.getByTestId('stepper-claimedandprepared');
          if (shape.phone) {
            // The list is folded and the step's heading is on the first screen.
            await expect(navigator, where).toBeVisible();
            await expect(stepper, where).toBeHidden();
            const heading = await page.locator('#step-title').boundingBox();
            const tabBar = await page.getByRole('navigation', { name: language === 'en' ? 'Main' : 'Principale' }).boundingBox();
            expect(heading!.y, where).toBeGreaterThanOrEqual(0);
            expect(heading!.y + heading!.height, `${where}: the step's heading is above the tab bar`).toBeLessThanOrEqual(tabBar!.y);
          } else if (shape.width === 1280) {
            await expect(stepper, where).toBeVisible();
            await expect(navigator, where).toBeHidden();
          }
          // Each shape shows one of the two, never both or neither.
          expect((await navigator.isVisible()) !== (await stepper.isVisible()), where).toBe(true);
        }
      }
    }
    // 3 shapes × (cards, calendar, the inspection card's name and number, the vessel page's).
    expect(measured).toBeGreaterThanOrEqual(3 * 6);
  });
}

/** Amina signed in on a 390×844 phone, in English at large text (set once, so a test may change it). */
async function signInOnAPhone(page: Page) {
  await page.addInitScript((s) => {
    if (!localStorage.getItem('shapes-set')) {
      localStorage.setItem('settings', s);
      localStorage.setItem('shapes-set', '1');
    }
  }, settings('en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, amina);
}

test('on a phone the step navigator moves to the previous and next step and jumps to any step through its sheet', async ({ page, request }) => {
  const m = enMessages;
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'inspecting')!;
  await signInOnAPhone(page);
  await page.goto(`/pir/${report.id}/#updatevesselidentity`);
  await expect(page.locator('section[aria-labelledby="step-title"] input').first()).toBeVisible({ timeout: 60_000 });

  const position = page.getByTestId('step-position');
  const heading = page.locator('#step-title');
  const at = async (step: (typeof STEP_NAMES)[number]) => {
    const index = STEP_NAMES.indexOf(step);
    await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(step)}$`));
    await expect(position).toHaveText(`Step ${index + 1} of ${STEP_NAMES.length}`);
    await expect(page.getByTestId('step-navigator-current')).toHaveText(m.steps[step].title);
    await expect(heading).toHaveText(m.steps[step].title);
  };
  await at('updatevesselidentity');
  // The tab bar keeps its labels at phone width; every target there and on the navigator is 44 px.
  for (const label of ['Reports', 'Inspection', 'Calendar']) await expect(page.getByRole('navigation', { name: 'Main' }).getByText(label, { exact: true })).toBeVisible();
  expect(await smallTargets(page, 'nav')).toEqual([]);
  await axe(page, 'inspection page on a phone');

  await page.getByTestId('step-next').click();
  await at('inspectioninformation');
  await page.getByTestId('step-next').click();
  await at('purposeandportofcall');
  await page.getByTestId('step-previous').click();
  await page.getByTestId('step-previous').click();
  await page.getByTestId('step-previous').click();
  await at('vesselpictures');

  // The sheet lists every step with the stepper's states, the shown one marked and focused.
  await page.getByTestId('step-sheet-open').click();
  const sheet = page.getByRole('dialog', { name: m.inspection.allSteps });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-testid^="stepnav-"]')).toHaveCount(STEP_NAMES.length);
  for (const step of STEP_NAMES) {
    const state = await page.getByTestId(`stepper-${step}`).getAttribute('data-state');
    await expect(sheet.getByTestId(`stepnav-${step}`), step).toHaveAttribute('data-state', state!);
  }
  await expect(sheet.getByTestId('stepnav-vesselpictures')).toHaveAttribute('aria-current', 'step');
  await expect(sheet.getByTestId('stepnav-vesselpictures')).toBeFocused();
  expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
  await axe(page, 'step sheet');
  await sheet.getByTestId('stepnav-findings').click();
  await expect(sheet).toBeHidden();
  await at('findings');
  await expect(page.getByTestId('step-findings')).toBeVisible();

  // The ends: no step before the first, none after the last.
  await page.getByTestId('step-sheet-open').click();
  await sheet.getByTestId('stepnav-submit').click();
  await at('submit');
  await expect(page.getByTestId('step-next')).toBeDisabled();
  await page.getByTestId('step-sheet-open').click();
  await sheet.getByTestId('stepnav-claimedandprepared').click();
  await at('claimedandprepared');
  await expect(page.getByTestId('step-previous')).toBeDisabled();
});

test('on a phone held upright the master signs full screen on a pad turned to landscape: a stroke down the screen runs along the pad', async ({ page, request }) => {
  const report = (await listingFor(request, amina)).find((r) => r.claimedByDevice === amina.deviceName && r.status === 'signing' && !r.inspectionSignatures.masterSignature)!;
  expect(report).toBeTruthy();
  await signInOnAPhone(page);
  await page.goto(`/pir/${report.id}/#signature`);
  const pad = page.getByTestId('pad-master');
  await expect(pad.getByRole('application')).toBeVisible({ timeout: 60_000 });
  // The small pad is about 120 px tall on a phone: the full-screen one is as long as the screen allows.
  await pad.getByRole('button', { name: 'Sign full screen' }).click();
  const full = page.getByTestId('pad-master-full');
  // The signer is told to turn the phone: the pad's line then runs along its long edge.
  await expect(full.getByTestId('turn-phone')).toHaveText('Turn the phone on its side to sign: the line runs along its long edge.');
  const surface = full.getByRole('application');
  const box = (await surface.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width * 2);
  expect(box.height).toBeGreaterThan(580);
  // A stroke straight down the screen, near its middle.
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + box.height * 0.15);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + Math.sin(i) * 3, box.y + box.height * (0.15 + i * 0.055));
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-state', 'drawn');
  // On the pad itself (500×200 units) it runs along the long side.
  const bbox = await surface.locator('path').first().evaluate((p: SVGPathElement) => {
    const b = p.getBBox();
    return { width: b.width, height: b.height };
  });
  expect(bbox.width).toBeGreaterThan(300);
  expect(bbox.height).toBeLessThan(60);
  await full.getByRole('button', { name: "Save the master's signature" }).click();
  await expect(full).toBeHidden();
  await expect(pad).toHaveAttribute('data-state', 'registered');
  await expect(pad.getByTestId('signed-by')).toContainText(`Master of ${report.vesselIdentity.vesselName}`);
});
