/**
 * Lighthouse 12.8 (performance, accessibility, best practices; its default settings: mobile
 * emulation, simulated slow 4G and 4× CPU slow-down) on /reports, /calendar and /pir/{id}, served by
 * the reference server, signed in.
 *
 * Signing in: Chromium runs with a remote-debugging port; Playwright connects to it, opens the bare
 * page of the same origin (no script, no service worker) and writes the session into localStorage
 * as the app does at login. Lighthouse then runs on the same browser with `disableStorageReset`
 * (its own reset would sign out); before each run the origin's service worker, caches, IndexedDB and
 * the HTTP cache are cleared over CDP, localStorage kept: every run is a first visit, signed in.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { log, mdTable, ms, numArg, rmrf, stats, tmpDir, type Row } from './lib/common';
import { CHROMIUM, CHROMIUM_ARGS, loginStorage } from './lib/browser';
import { apiLogin, BARE_PAGE, copyStatic, startServerProcess } from './lib/server';
import { BENCH_USER, LISTING_ID_BASE, seedBenchData } from './lib/seed';
import { frameworkFloorOut } from './lib/framework-floor';

/** Performance is a tracked figure, no longer a target (it scores a first visit to a page whose content is data). */
export const TARGETS = { accessibility: 100, 'best-practices': 100 } as const;
const TRACKED = ['performance'] as const;
type Category = keyof typeof TARGETS | (typeof TRACKED)[number];
const CATEGORIES = [...TRACKED, ...Object.keys(TARGETS)] as Category[];

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { type?: string; overallSavingsMs?: number; items?: Record<string, unknown>[] };
    }
  >;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  lighthouseVersion: string;
}

/** What an audit points at: its first items (an issue type, a URL, an element), shortened. */
function pointsAt(a: Lhr['audits'][string], origin: string): string {
  const out: string[] = [];
  for (const it of a.details?.items ?? []) {
    const node = (x: unknown) => (x && typeof x === 'object' && 'snippet' in x ? String((x as { snippet: unknown }).snippet) : undefined);
    const nested = Array.isArray(it.items) ? node((it.items as Record<string, unknown>[])[0]?.node) : undefined;
    // an issue: its type and what it is about (for a CSP issue, the blocked resource or directive)
    const sub = (it.subItems as { items?: Record<string, unknown>[] } | undefined)?.items?.[0];
    const about = sub ? ((sub.url as string | undefined) ?? (sub.violatedDirective as string | undefined) ?? (sub.source as { url?: string } | undefined)?.url) : undefined;
    let v = (it.issueType ? `${String(it.issueType)}${about ? `: ${about}` : ''}` : undefined) ?? (it.url as string | undefined) ?? node(it.node) ?? nested;
    if (!v) continue;
    v = v.replace(origin, '').replace(/\s+/g, ' ');
    if (v.length > 70) v = `${v.slice(0, 67)}…`;
    if (!out.includes(v)) out.push(v);
    if (out.length === 3) break;
  }
  return out.length ? ` — ${out.map((v) => `\`${v}\``).join(', ')}` : '';
}

async function launchChromium(userDataDir: string): Promise<{ port: number; kill(): Promise<void> }> {
  const proc = spawn(CHROMIUM, ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, ...CHROMIUM_ARGS, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${err.slice(-2000)}`)), 30_000);
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${err.slice(-2000)}`)));
  });
  proc.stderr!.resume();
  return {
    port,
    // waits for the exit (and a moment for its helper processes), so the profile can be removed
    kill: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => setTimeout(resolve, 500));
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  // Five runs: on this shared machine one page's performance score moves by ±5 between runs of the same build.
  const runs = numArg('runs', 5);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-lh');
  await seedBenchData(dataDir, { reports: 30 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const profile = tmpDir('lh-profile');
  const chrome = await launchChromium(profile);
  const pages = [
    { route: '/reports', url: `${origin}/reports/` },
    { route: '/calendar', url: `${origin}/calendar/` },
    { route: '/pir/{id}', url: `${origin}/pir/${LISTING_ID_BASE + 1}/` },
  ];
  const results: { route: string; lhrs: Lhr[] }[] = [];
  const floorRuns: Lhr[] = [];
  /** Chromium's own issues for each page (what Lighthouse's "Issues panel" audit counts), in detail */
  const issues = new Map<string, string[]>();
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${origin}${BARE_PAGE}`);
    await page.evaluate((entries) => {
      for (const e of entries) localStorage.setItem(e.name, e.value);
    }, loginStorage(origin, session).origins[0]!.localStorage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Audits.enable');
    let seen: string[] = [];
    cdp.on('Audits.issueAdded', (e) => {
      const i = e.issue as { code: string; details: Record<string, Record<string, unknown> | undefined> };
      const csp = i.details.contentSecurityPolicyIssueDetails;
      const generic = i.details.genericIssueDetails;
      const where = (csp?.sourceCodeLocation as { url?: string } | undefined)?.url ?? (csp?.blockedURL as string | undefined);
      const text = csp
        ? `${i.code}: ${String(csp.violatedDirective)} ${String(csp.contentSecurityPolicyViolationType)}${where ? ` in ${where.replace(origin, '')}` : ''}`
        : generic
          ? `${i.code}: ${String(generic.errorType)}`
          : i.code;
      if (!seen.includes(text)) seen.push(text);
    });
    for (const p of pages) {
      seen = [];
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,cookies,file_systems,indexeddb,service_workers,shader_cache,websql' });
      await page.goto(p.url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      issues.set(p.route, seen);
      await page.goto(`${origin}${BARE_PAGE}`);
    }
    for (const p of pages) {
      const lhrs: Lhr[] = [];
      // A run Lighthouse could not finish (runtimeError: a page that did not paint in time on the
      // loaded machine) is logged and run again, at most twice, rather than counted as a score of 0.
      let failures = 0;
      for (let i = 0; i < runs; i++) {
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,cookies,file_systems,indexeddb,service_workers,shader_cache,websql' });
        await cdp.send('Network.clearBrowserCache');
        log(`Lighthouse ${p.route} run ${i + 1}/${runs}`);
        const result = await lighthouse(p.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${p.route}`);
        const lhr = result.lhr as unknown as Lhr;
        if (lhr.runtimeError && failures < 2) {
          failures++;
          log(`Lighthouse ${p.route} run ${i + 1} failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); running it again`);
          i--;
          continue;
        }
        lhrs.push(lhr);
        // PIR_LH_DUMP=dir keeps each run's full report, to look into
        if (process.env.PIR_LH_DUMP) fs.writeFileSync(path.join(process.env.PIR_LH_DUMP, `${p.route.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
      }
      results.push({ route: p.route, lhrs });
    }
    // The limit: a bare page of the same framework, served the same way, same settings and runs.
    const floorData = tmpDir('data-lh-floor');
    const floorServer = await startServerProcess({ dataDir: floorData, staticDir: frameworkFloorOut() });
    try {
      for (let i = 0; i < runs; i++) {
        await cdp.send('Network.clearBrowserCache');
        log(`Lighthouse framework floor run ${i + 1}/${runs}`);
        const result = await lighthouse(`${floorServer.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (lhr && !lhr.runtimeError) floorRuns.push(lhr);
      }
    } finally {
      await floorServer.stop();
      rmrf(floorData);
    }
    await cdp.detach();
    await page.close();
    await browser.close();
  } finally {
    await chrome.kill();
    await server.stop();
    rmrf(profile);
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }

  const score = (l: Lhr, c: Category) => Math.round((l.categories[c]?.score ?? 0) * 100);
  const rows: Row[] = [];
  const d: string[] = [];
  d.push(
    `Lighthouse ${results[0]?.lhrs[0]?.lighthouseVersion ?? '12.8'}, default settings (mobile: Moto G Power emulation, simulated slow 4G, 4× CPU slow-down), ${runs} runs per page, each a first visit signed in ` +
      '(service worker, caches and IndexedDB cleared, the session kept in localStorage). Scores are those of the median run by performance (the lower middle one for an even count); the shared 2-CPU machine makes performance scores vary by about ±5 between runs of the same build.',
  );
  d.push('');
  // the lower median (with two runs: the worse one)
  const medianRun = (lhrs: Lhr[]) => [...lhrs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor((lhrs.length - 1) / 2)];
  const floorMedian = medianRun(floorRuns);
  const floorMetric = (id: string) => floorMedian?.audits[id]?.displayValue ?? '–';
  const floorLimit = floorMedian
    ? `perf ${score(floorMedian, 'performance')} (bare Next + React page: LCP ${floorMetric('largest-contentful-paint')}, TBT ${floorMetric('total-blocking-time')})`
    : '–';
  if (floorMedian) {
    d.push(
      `The limit is a bare page of the same Next and React (\`bench/framework-floor\`: one client component, prerendered and hydrated, no app code), served by the same server, same settings and runs: ` +
        `performance ${floorRuns.map((l) => score(l, 'performance')).join(', ')}; FCP ${floorMetric('first-contentful-paint')}, LCP ${floorMetric('largest-contentful-paint')}, TBT ${floorMetric('total-blocking-time')} (median run).`,
    );
    d.push('');
  }
  for (const r of results) {
    const median = medianRun(r.lhrs)!;
    const perf = r.lhrs.map((l) => score(l, 'performance'));
    const s = Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])) as Record<Category, number>;
    const met = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every((c) => s[c] >= TARGETS[c]);
    rows.push({
      benchmark: `Lighthouse ${r.route}`,
      figure: `perf ${s.performance} (runs ${perf.join(', ')}), a11y ${s.accessibility}, BP ${s['best-practices']}`,
      limit: floorLimit,
      ratio: '–',
      target: 'a11y 100, BP 100 (perf tracked)',
      met,
    });
    const metric = (id: string) => median.audits[id]?.displayValue ?? '–';
    const lcpAudit = median.audits['largest-contentful-paint-element'];
    const lcpPoints = lcpAudit ? pointsAt(lcpAudit, origin) : '';
    const lcpElement = lcpPoints ? ` (element ${lcpPoints.replace(/^ — /, '')})` : '';
    d.push(`### ${r.route}`);
    d.push('');
    d.push(
      `Scores (median run): performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}. ` +
        `Metrics: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}${lcpElement}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}. ` +
        `Performance over the runs: ${perf.join(', ')}; TBT ${r.lhrs.map((l) => ms(l.audits['total-blocking-time']?.numericValue ?? Number.NaN)).join(', ')}.`,
    );
    d.push('');
    const findings: [string, string, string, string][] = [];
    for (const c of CATEGORIES) {
      const weight = new Map(median.categories[c]!.auditRefs.map((a) => [a.id, a.weight]));
      const failing = Object.values(median.audits).filter(
        (a) => weight.has(a.id) && a.score !== null && a.score < 1 && !['notApplicable', 'informative', 'manual'].includes(a.scoreDisplayMode),
      );
      const row = (a: (typeof failing)[number]) =>
        [c, a.title + pointsAt(a, origin), a.displayValue ?? '', `${Math.round((a.score ?? 0) * 100)} (weight ${weight.get(a.id)})`] as [string, string, string, string];
      if (c === 'performance') {
        // the scored metrics, then the heaviest diagnostics and opportunities
        findings.push(...failing.filter((a) => (weight.get(a.id) ?? 0) > 0).map(row));
        const rest = failing
          .filter((a) => (weight.get(a.id) ?? 0) === 0 && (a.score ?? 1) < 0.9)
          .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0) || (a.score ?? 0) - (b.score ?? 0));
        findings.push(...rest.slice(0, 8).map(row));
      } else {
        findings.push(...failing.map(row));
      }
    }
    if (findings.length) d.push(mdTable(['category', 'finding', 'value', 'score'], findings));
    else d.push('No failing audit.');
    d.push('');
    const own = issues.get(r.route) ?? [];
    if (own.length) d.push(`Chromium's issues on this page (the "Issues panel" audit), from a plain visit: ${own.map((x) => `\`${x}\``).join('; ')}.`);
    d.push('');
    if (median.runWarnings.length) d.push(`Lighthouse warnings: ${median.runWarnings.join(' ')}`);
    d.push('');
  }
  const perfAll = stats(results.flatMap((r) => r.lhrs.map((l) => score(l, 'performance'))));
  d.push(`All performance scores: median ${perfAll.median}, min ${perfAll.min}, max ${perfAll.max}.`);
  return { rows, details: d.join('\n') };
}
