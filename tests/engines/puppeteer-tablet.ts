/**
 * Chromium (over the DevTools protocol) and Firefox ESR (over WebDriver BiDi), both with puppeteer-core
 * and the system's browsers: Playwright's BiDi Firefox needs a newer Firefox than Debian's ESR (TOOLCHAIN.md).
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { chromiumPath } from '../../playwright.config';
import { ACTIONABLE, COMPOSE, composedWords, pageFunction, whenActionable, type Find, type Screen, type Tablet } from './tablet';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// The same in-page source every client sends.
const actionableFn = new Function('arg', ACTIONABLE) as (el: Element) => Promise<string>;
const actionable = (el: ElementHandle<Element>) => el.evaluate(actionableFn);

export async function openPuppeteerTablet(engine: 'chromium' | 'firefox', baseURL: string, profileDir: string, screen: Screen): Promise<Tablet> {
  const browser: Browser =
    engine === 'chromium'
      ? await puppeteer.launch({
          browser: 'chrome',
          executablePath: chromiumPath,
          headless: true,
          userDataDir: profileDir,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        })
      : await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, userDataDir: profileDir });
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport(screen);
  return tabletOn(engine, browser, page, baseURL, screen, () => browser.close());
}

/** The tab in front: a tab behind draws no frames (requestAnimationFrame waits), so a tap goes to the front one first. */
const inFront = new WeakMap<Browser, Page>();
async function toFront(browser: Browser, page: Page) {
  if (inFront.get(browser) === page) return;
  await page.bringToFront();
  inFront.set(browser, page);
}

function tabletOn(engine: 'chromium' | 'firefox', browser: Browser, page: Page, baseURL: string, screen: Screen, close: () => Promise<void>): Tablet {
  inFront.set(browser, page);
  const element = async (f: Find, timeout = 10_000): Promise<ElementHandle<Element>> => {
    await toFront(browser, page);
    const fn = pageFunction('return find(arg);');
    const deadline = Date.now() + timeout;
    for (;;) {
      const handle = await page.evaluateHandle(`${fn}(${JSON.stringify(f)})`).catch(() => null);
      const el = handle?.asElement() as ElementHandle<Element> | null | undefined;
      if (el) return el;
      await handle?.dispose();
      if (Date.now() > deadline) throw new Error(`${engine}: no element ${JSON.stringify(f)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  return {
    engine,
    async goto(path) {
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    async run<T>(body: string, arg?: unknown) {
      return (await page.evaluate(`${pageFunction(body)}(${JSON.stringify(arg ?? null)})`)) as T;
    },
    async click(f) {
      await whenActionable(() => element(f), actionable, async (el) => {
        await el.click();
        await el.dispose();
      });
    },
    async selectOption(f, label) {
      await whenActionable(() => element(f), actionable, async (el) => {
        const value = await el.evaluate((e, l) => [...(e as HTMLSelectElement).options].find((o) => o.label === l)?.value, label);
        if (value === undefined) throw new Error(`${engine}: no option "${label}"`);
        await el.select(value);
        await el.dispose();
      });
    },
    async type(f, text) {
      await whenActionable(() => element(f), actionable, async (el) => {
        await el.click();
        await el.evaluate((e) => (e as HTMLInputElement).select?.());
        await page.keyboard.press('Backspace');
        await el.type(text);
        await el.dispose();
      });
    },
    async compose(f, text) {
      await whenActionable(() => element(f), actionable, async (el) => {
        await el.click();
        if (engine === 'chromium') {
          // Real composition, as the keyboard's input method sends it.
          await el.evaluate((e) => {
            const input = e as HTMLInputElement;
            input.setSelectionRange(input.value.length, input.value.length);
          });
          const cdp = await page.createCDPSession();
          for (const [word, after] of composedWords(text)) {
            for (let i = 1; i <= word.length; i++) await cdp.send('Input.imeSetComposition', { text: word.slice(0, i), selectionStart: i, selectionEnd: i });
            if (word) await cdp.send('Input.insertText', { text: word });
            if (after) await cdp.send('Input.insertText', { text: after });
          }
          await cdp.detach();
        } else {
          const compose = new Function('el', 'words', `var arg = { el: el, words: words }; ${COMPOSE}`) as (e: Element, words: [string, string][]) => Promise<void>;
          await el.evaluate(compose, composedWords(text));
        }
        await el.dispose();
      });
    },
    async openTab(path) {
      const second = await browser.newPage();
      await second.setViewport(screen);
      const tab = tabletOn(engine, browser, second, baseURL, screen, () => second.close());
      await tab.goto(path);
      return tab;
    },
    async setFiles(f, paths) {
      const el = (await element({ ...f, hidden: true })) as ElementHandle<HTMLInputElement>;
      await el.uploadFile(...paths);
      await el.dispose();
    },
    async drag(f, points) {
      await whenActionable(() => element(f), actionable, async (el) => {
        const box = (await el.boundingBox())!;
        const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
        await page.mouse.move(...at(points[0]!));
        await page.mouse.down();
        for (const p of points.slice(1)) await page.mouse.move(...at(p));
        await page.mouse.up();
        await el.dispose();
      });
    },
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    async close() {
      await close();
    },
  };
}
