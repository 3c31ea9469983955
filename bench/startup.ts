/**
 * 2. Start-up: from navigation start to the first frame showing report cards (with data).
 *  - cold: a fresh browser context (empty HTTP cache, no service worker, no IndexedDB), online,
 *    signed in (the session is in localStorage, as after a login); 200 reports on the server.
 *  - warm: the service worker installed and the 200 reports stored, offline (page and service
 *    worker requests fail), in a new tab of the running browser and after a browser restart.
 * Limit: a bare static HTML page (the list as plain text, no script) from the same server, cold and
 * from the HTTP cache. Times are the page's own clock (performance.now(), from navigation start) at
 * the first frame presented after the first card appears.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { log, mdTable, ms, numArg, ratio, rmrf, short, stats, tmpDir, type Row } from './lib/common';
import { countStored, freshContext, goOffline, launch, persistentContext, waitForServiceWorker, type BenchWindow } from './lib/browser';
import { apiLogin, BARE_PAGE, copyStatic, startServerProcess, tearDown } from './lib/server';
import { BENCH_USER, seedBenchData } from './lib/seed';
import path from 'node:path';

export const WARM_TARGET_MS = 1000;
/** A first visit on a slow tablet paints the list within 2.5 s. */
export const SLOW_TABLET_TARGET_MS = 2500;
const REPORTS = 200;

async function timeToList(page: Page, url: string): Promise<{ t: number; cards: number }> {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench?.firstList?.t != null, null, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => {
    const f = (window as unknown as BenchWindow).__bench.firstList!;
    return { t: f.t!, cards: f.cardsThen ?? f.cards };
  });
}

/** Lighthouse's mobile setting, applied for real (not simulated): slow 4G and a CPU 4× slower. */
export const SLOW_TABLET = { latencyMs: 150, downloadBytesPerS: (1638.4 * 1024) / 8, uploadBytesPerS: (750 * 1024) / 8, cpuSlowdown: 4 };

async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_TABLET.latencyMs,
    downloadThroughput: SLOW_TABLET.downloadBytesPerS,
    uploadThroughput: SLOW_TABLET.uploadBytesPerS,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_TABLET.cpuSlowdown });
}

async function waitStored(page: Page, n: number) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if ((await countStored(page, 'reports')) >= n) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`the app did not store ${n} reports within 2 minutes`);
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const runs = numArg('runs', 7);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-startup');
  const seeded = await seedBenchData(dataDir, { reports: REPORTS });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const browser = await launch();
  const cold: number[] = [];
  const coldBare: number[] = [];
  const slow: number[] = [];
  const slowBare: number[] = [];
  const warmTab: number[] = [];
  const warmRestart: number[] = [];
  const warmBare: number[] = [];
  let coldCards = 0;
  let warmCards = 0;
  const profiles: string[] = [];
  try {
    log(`cold start ×${runs} (fresh context each time), with the bare page alternately`);
    for (let i = 0; i < runs; i++) {
      for (const which of i % 2 ? ['bare', 'app'] : ['app', 'bare']) {
        const context = await freshContext(browser, origin, session);
        const page = await context.newPage();
        const r = await timeToList(page, which === 'app' ? `${origin}/reports/` : `${origin}${BARE_PAGE}`);
        if (which === 'app') {
          cold.push(r.t);
          coldCards = r.cards;
        } else coldBare.push(r.t);
        await context.close();
      }
    }

    log(`cold start on a slow tablet (slow 4G, CPU 4× slower) ×${runs}, with the bare page alternately`);
    for (let i = 0; i < runs; i++) {
      for (const which of i % 2 ? ['bare', 'app'] : ['app', 'bare']) {
        const context = await freshContext(browser, origin, session);
        const page = await context.newPage();
        await slowDown(page);
        const r = await timeToList(page, which === 'app' ? `${origin}/reports/` : `${origin}${BARE_PAGE}`);
        (which === 'app' ? slow : slowBare).push(r.t);
        await context.close();
      }
    }

    log('warm: installing the app and storing the reports');
    const { context: first, dir } = await persistentContext(origin, session);
    profiles.push(path.dirname(dir));
    let context: BrowserContext = first;
    {
      const page = await context.newPage();
      await page.goto(`${origin}/reports/`);
      await waitForServiceWorker(page);
      await waitStored(page, REPORTS);
      // the bare page once, so that it is in the HTTP cache like the app's files
      await page.goto(`${origin}${BARE_PAGE}`);
      await page.waitForTimeout(1500);
      await page.close();
    }
    log(`warm, bare page from the HTTP cache ×${runs}`);
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      warmBare.push((await timeToList(page, `${origin}${BARE_PAGE}`)).t);
      await page.close();
    }
    await goOffline(context);
    log(`warm offline, new tab ×${runs}`);
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      const r = await timeToList(page, `${origin}/reports/`);
      warmTab.push(r.t);
      warmCards = r.cards;
      await page.close();
    }
    log(`warm offline, after a browser restart ×${runs}`);
    for (let i = 0; i < runs; i++) {
      await context.close();
      context = (await persistentContext(origin, session, dir)).context;
      await goOffline(context);
      const page = context.pages()[0] ?? (await context.newPage());
      const r = await timeToList(page, `${origin}/reports/`);
      warmRestart.push(r.t);
      const stored = await countStored(page, 'reports');
      if (stored < REPORTS) throw new Error(`after a restart the tablet holds ${stored} reports, not ${REPORTS}`);
    }
    await context.close();
  } finally {
    await tearDown({ browser, server, staticDir, dataDir });
    for (const p of profiles) rmrf(p);
  }

  const c = stats(cold);
  const cb = stats(coldBare);
  const sl = stats(slow);
  const slb = stats(slowBare);
  const wt = stats(warmTab);
  const wr = stats(warmRestart);
  const wb = stats(warmBare);
  const rows: Row[] = [
    {
      benchmark: `Start-up cold (online, empty caches, ${REPORTS} reports)`,
      figure: short(c),
      limit: `${short(cb)} bare HTML`,
      ratio: ratio(c.median, cb.median),
      target: '–',
      met: null,
    },
    {
      benchmark: `Start-up cold on a slow tablet (slow 4G: 150 ms, 1.6 Mbit/s; CPU 4× slower; ${REPORTS} reports)`,
      figure: short(sl),
      limit: `${short(slb)} bare HTML`,
      ratio: ratio(sl.median, slb.median),
      target: `≤ ${SLOW_TABLET_TARGET_MS / 1000} s`,
      met: sl.median <= SLOW_TABLET_TARGET_MS,
    },
    {
      benchmark: `Start-up warm (offline, SW, ${REPORTS} reports stored), browser restart`,
      figure: short(wr),
      limit: `${short(wb)} bare HTML (cached)`,
      ratio: ratio(wr.median, wb.median),
      target: '< 1 s',
      met: wr.median < WARM_TARGET_MS,
    },
    {
      benchmark: `Start-up warm (offline, SW, ${REPORTS} reports stored), new tab`,
      figure: short(wt),
      limit: `${short(wb)} bare HTML (cached)`,
      ratio: ratio(wt.median, wb.median),
      target: '< 1 s',
      met: wt.median < WARM_TARGET_MS,
    },
  ];
  const d: string[] = [];
  d.push(
    `Navigation start → first frame presented after the first report card appeared (page clock). ${REPORTS} listing reports on the server (seeded in ${(seeded.ms / 1000).toFixed(1)} s), ` +
      `signed in as ${BENCH_USER.username}; ${runs} runs each; viewport 1280×800. Cards on screen at that frame: cold ${coldCards}, warm ${warmCards}.`,
  );
  d.push('');
  d.push(
    mdTable(
      ['case', 'median', 'p25', 'p75', 'min', 'max'],
      [
        ['cold: app, fresh context, online', c],
        ['cold: bare HTML page, fresh context', cb],
        ['cold on a slow tablet: app (slow 4G, CPU 4× slower, applied over CDP)', sl],
        ['cold on a slow tablet: bare HTML page', slb],
        ['warm: app offline, new tab (service worker may still be running)', wt],
        ['warm: app offline, after a browser restart', wr],
        ['warm: bare HTML page, HTTP cache (online: offline it is not cached)', wb],
      ].map(([label, s]) => {
        const st = s as ReturnType<typeof stats>;
        return [label as string, ms(st.median), ms(st.p25), ms(st.p75), ms(st.min), ms(st.max)];
      }),
    ),
  );
  d.push('');
  d.push(
    'Cold includes downloading and running the app, the service worker registering and precaching in the background, fetching the listing and reference data, storing the 200 reports in IndexedDB and rendering. ' +
      'The slow tablet is Lighthouse\'s mobile setting applied for real to the page (Network.emulateNetworkConditions: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up; Emulation.setCPUThrottlingRate 4): what a first visit costs on a modest tablet over a weak link. ' +
      'Warm reads the reports from IndexedDB; the page and its scripts come from the service worker.',
  );
  return { rows, details: d.join('\n') };
}
