import { openPuppeteerTablet } from './puppeteer-tablet';
import { ENGINES, type Engine, type Screen, type Tablet } from './tablet';
import { openWebKitTablet } from './webdriver-tablet';

/** Where each engine is met: Safari on an iPad held in portrait, Chrome and Firefox on a tablet in landscape. */
export const SCREENS: Record<Engine, Screen> = {
  chromium: { width: 1280, height: 800 },
  webkit: { width: 800, height: 1280 },
  firefox: { width: 1280, height: 800 },
};

/** `ENGINES=webkit npx playwright test engines` runs one engine alone. */
export const chosenEngines = (process.env.ENGINES?.split(',') as Engine[] | undefined) ?? ENGINES;

export function openTablet(engine: Engine, url: string, profile: string): Promise<Tablet> {
  return engine === 'webkit' ? openWebKitTablet(url, SCREENS.webkit) : openPuppeteerTablet(engine, url, profile, SCREENS[engine]);
}
