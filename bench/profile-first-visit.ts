/**
 * Where a first visit's main-thread time goes: not a benchmark (it prints no figure to compare), a
 * tool for the Lighthouse findings. A fresh context signed in, CPU slowed 4× as Lighthouse's mobile
 * setting does, a CPU profile of the page from navigation to the network going quiet, then self time
 * by source module (source-mapped when out/ was built with SOURCE_MAPS=1) and the long tasks.
 *
 *   SOURCE_MAPS=1 npm run build && node --import tsx bench/profile-first-visit.ts [--route /reports/] [--slowdown 4] [--span 50]
 */
import fs from 'node:fs';
import path from 'node:path';
import { launch, loginStorage } from './lib/browser';
import { numArg, rmrf, tmpDir } from './lib/common';
import { moduleOf, originalAt } from './lib/source-maps';
import { apiLogin, copyStatic, startServerProcess } from './lib/server';
import { BENCH_USER, LISTING_ID_BASE, seedBenchData } from './lib/seed';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};

/** node_modules/<pkg> or the app's own file, for a frame. */
function moduleOfFrame(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(program)';
  const found = originalAt(frame.url, { line: frame.lineNumber + 1, column: frame.columnNumber });
  return found ? moduleOf(found.source) : frame.url.replace(/^https?:\/\/[^/]+/, '');
}

async function main() {
  const route = arg('route', '/reports/');
  const slowdown = numArg('slowdown', 4);
  const spanMs = numArg('span', 50);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-profile');
  await seedBenchData(dataDir, { reports: 30 });
  const server = await startServerProcess({ dataDir, staticDir });
  const session = await apiLogin(server.url, BENCH_USER);
  const browser = await launch();
  try {
    // Lighthouse's mobile viewport; no benchmark hooks (their IndexedDB accounting would be profiled too)
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, storageState: loginStorage(server.url, session) });
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    const requests: string[] = [];
    page.on('requestfinished', (r) => {
      const timing = r.timing();
      requests.push(`${String(Math.round(timing.startTime - t0)).padStart(6)} +${String(Math.round(timing.responseEnd)).padStart(5)}  ${r.url().replace(server.url, '')}`);
    });
    const url = `${server.url}${route.replace('{id}', String(LISTING_ID_BASE + 1))}`;
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const node = byId.get(profile.samples[i]!)!;
      const mod = moduleOfFrame(node.callFrame);
      self.set(mod, (self.get(mod) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const m = moduleOfFrame(byId.get(id)!.callFrame);
        if (!seen.has(m)) {
          seen.add(m);
          inclusive.set(m, (inclusive.get(m) ?? 0) + dt);
        }
      }
    }
    const top = (m: Map<string, number>) =>
      [...m.entries()]
        .filter(([k]) => k !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40);
    console.log(`${route} first visit, CPU ${slowdown}× slower, self time by module (ms):`);
    for (const [k, v] of top(self)) console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
    console.log('inclusive time by module (ms):');
    for (const [k, v] of top(inclusive)) console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
    // busy spans: consecutive samples that are not idle, and what each spends its time in
    let t = 0;
    interface Span {
      start: number;
      end: number;
      self: Map<string, number>;
      app: Map<string, number>;
    }
    let span = null as Span | null;
    const spans: Span[] = [];
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i]! / 1000;
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const node = byId.get(profile.samples[i]!)!;
      if (node.callFrame.functionName === '(idle)') {
        if (span) spans.push(span);
        span = null;
        continue;
      }
      span ??= { start: t, end: t, self: new Map(), app: new Map() };
      span.end = t + dt;
      const mod = moduleOfFrame(node.callFrame);
      span.self.set(mod, (span.self.get(mod) ?? 0) + dt);
      // the outermost frame of the app's own code on the stack: what the app was doing
      let own: string | undefined;
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const m = moduleOfFrame(byId.get(id)!.callFrame);
        if (/^(app|components|features|lib)\//.test(m)) own = `${m}:${byId.get(id)!.callFrame.functionName || '?'}`;
      }
      span.app.set(own ?? '(no app frame)', (span.app.get(own ?? '(no app frame)') ?? 0) + dt);
    }
    if (span) spans.push(span);
    const fmt = (m: Map<string, number>) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ');
    console.log(`busy spans over ${spanMs} ms (ms from profile start):`);
    for (const s of spans.filter((s) => s.end - s.start > spanMs)) {
      console.log(`  ${s.start.toFixed(0)}+${(s.end - s.start).toFixed(0)}\n     self: ${fmt(s.self)}\n     app:  ${fmt(s.app)}`);
    }
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`));
    console.log('marks:', marks.join(' '));
    console.log('requests (ms after navigation, duration):');
    for (const r of requests) console.log(`  ${r}`);
    console.log('long tasks (ms after navigation start, duration):', longTasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(' '));
    if (process.env.PIR_PROFILE_DUMP) fs.writeFileSync(process.env.PIR_PROFILE_DUMP, JSON.stringify(profile));
  } finally {
    await browser.close();
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }
}

await main();
