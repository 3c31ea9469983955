/** Headless Chromium (Debian's, /usr/bin/chromium) driven by Playwright, as the browser tests do. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Session } from './server';
import { tmpDir } from './common';

// Lets a context see (and block) the service worker's own requests, to simulate a real outage.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p)) ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-features=Translate,MediaRouter',
];
/** The tablet the app is made for (landscape). */
const VIEWPORT = { width: 1280, height: 800 };
const HOOKS = path.join(import.meta.dirname, 'hooks.js');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** localStorage entries of a signed-in user, as the app writes them at login (lib/session/session-store.ts). */
export function loginStorage(origin: string, session: Session) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'user', value: JSON.stringify({ ...session.reply.user, loggedIn: true, token: session.reply.token }) },
          { name: 'deviceName', value: JSON.stringify(String(session.reply.user.deviceName ?? '')) },
        ],
      },
    ],
  };
}

/** A fresh context: empty caches, no service worker, no IndexedDB; signed in when a session is given. */
export async function freshContext(browser: Browser, origin: string, session?: Session): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    hasTouch: true,
    serviceWorkers: 'allow',
    storageState: session ? loginStorage(origin, session) : undefined,
  });
  await context.addInitScript({ path: HOOKS });
  return context;
}

/**
 * A persistent profile (IndexedDB, the service worker and the HTTP cache survive a page close and a
 * browser restart), signed in by writing the session before the app's first script runs.
 */
export async function persistentContext(origin: string, session?: Session, dir = path.join(tmpDir('profile'), 'p')): Promise<{ context: BrowserContext; dir: string }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: VIEWPORT,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript({ path: HOOKS });
  if (session) {
    const storage = loginStorage(origin, session).origins[0]!.localStorage;
    await context.addInitScript((entries: { name: string; value: string }[]) => {
      if (localStorage.getItem('user') === null) for (const e of entries) localStorage.setItem(e.name, e.value);
    }, storage);
  }
  return { context, dir };
}

/** Waits until the service worker controls the page (it then has precached the app). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** A real outage: the page's requests fail and so do the service worker's own (TOOLCHAIN.md). */
export async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback()));
  await context.setOffline(true);
}

/** How many records a store of the app's database holds (0 when the database does not exist yet). */
export async function countStored(page: Page, store: 'reports' | 'files' | 'processes'): Promise<number> {
  return page.evaluate(
    (s) =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('pir-app');
        req.onupgradeneeded = () => {
          req.transaction?.abort();
          resolve(0);
        };
        req.onerror = () => resolve(0);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains(s)) {
            db.close();
            return resolve(0);
          }
          const c = db.transaction(s).objectStore(s).count();
          c.onsuccess = () => {
            db.close();
            resolve(c.result);
          };
          c.onerror = () => resolve(0);
        };
      }),
    store,
  );
}

export interface BenchWindow {
  __bench: {
    idb: { db: string; store: string; op: string; key?: string; id?: unknown; status?: string; bytes: number; t: number; done: number | null }[];
    ls: { key: string; bytes: number; t: number }[];
    longtasks: { start: number; duration: number }[];
    keys: number[];
    trackKeys: boolean;
    countBytes: boolean;
    timerFired: Record<string, number>;
    firstList: { t: number | null; cards: number; cardsThen?: number } | null;
    afterNextFrame(): Promise<number>;
    sizeOf(v: unknown): number;
  };
}
