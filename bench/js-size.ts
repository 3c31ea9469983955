/**
 * 1. JavaScript shipped: the gzip size of the scripts each route's HTML loads first (its
 * `<script src>` tags; `noModule` polyfills are not loaded by the browsers the app supports), and
 * where the heavy libraries are: in a route's first scripts, or in chunks loaded on demand.
 * Limit: the framework floor, a bare page of the same Next and React (bench/framework-floor), built
 * in the same run. Also says what every route of the app loads (React, Next's runtime, the app shell).
 * Also visits the routes signed in and lists the chunks actually fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bytes, kb, log, mdTable, OUT_DIR, ratio, rmrf, type Row } from './lib/common';
import { freshContext, launch } from './lib/browser';
import { apiLogin, copyStatic, startServerProcess } from './lib/server';
import { BENCH_USER, seedBenchData } from './lib/seed';
import { tmpDir } from './lib/common';
import { frameworkFloorOut } from './lib/framework-floor';
import { gzSize, scriptsOf } from './lib/first-scripts';

export { gzSize, scriptsOf };

/**
 * /reports has no fixed 170 KB target any more: its first scripts are held by the ceilings of
 * bench/size-budget.json (also checked by `npm test`), which must not grow.
 */
const { ceilingsKb: CEILINGS_KB } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'size-budget.json'), 'utf8')) as { ceilingsKb: Record<string, number> };
const ceilingOf = (route: string): number | null => CEILINGS_KB[route === '/pir/{id}' ? 'pir/_/index.html' : `${route.slice(1)}/index.html`] ?? null;
const REPORTS_CEILING_KB = ceilingOf('/reports')!;

/** Strings that survive minification, one per library (checked against the built chunks). */
export const LIBRARIES: { name: string; signature: string; usedBy: string }[] = [
  { name: 'pdf.js (react-pdf)', signature: 'GlobalWorkerOptions', usedBy: 'the PDF viewer (/pir/{id}/vessel/file/{fileId})' },
  { name: 'fflate (zip)', signature: 'invalid zip data', usedBy: 'export / restore dialogs' },
  { name: 'perfect-freehand (signature)', signature: 'simulatePressure', usedBy: 'the signature step' },
  { name: 'embla (carousel)', signature: 'inViewThreshold', usedBy: 'the report carousels (/reports)' },
  { name: 'react-hook-form', signature: 'shouldUnregister', usedBy: 'the inspection form steps (/pir/{id})' },
  { name: 'pdf-lib', signature: 'pdf-lib', usedBy: 'attachment PDFs at submit' },
  { name: 'canvas-confetti', signature: 'confetti', usedBy: 'fireworks after a submission' },
];

/** More signatures, only to say what the big shared chunks hold. */
const CONTENTS: { name: string; signature: string }[] = [
  { name: 'React DOM', signature: 'react.dev/errors' },
  { name: "Next's router", signature: 'x-nextjs' },
  { name: 'zod', signature: 'ZodError' },
  { name: 'next-intl', signature: 'MISSING_MESSAGE' },
  { name: 'TanStack Query', signature: 'No QueryClient set' },
  { name: 'radix-ui', signature: 'DismissableLayer' },
  { name: 'lucide icons', signature: 'lucide' },
  { name: 'sonner', signature: 'sonner' },
  { name: 'English messages', signature: 'Reports no device has claimed yet' },
  { name: 'French messages', signature: 'Rapports' },
  { name: 'reference data (ports)', signature: 'Port Kembla' },
  { name: 'reference data (species)', signature: 'Thunnus' },
];

export function contentsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...LIBRARIES, ...CONTENTS].filter((l) => text.includes(l.signature)).map((l) => l.name);
}

/** The app's routes, from the exported shells. */
export function routes(out = OUT_DIR): { route: string; html: string }[] {
  const list: { route: string; html: string }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '_next' && e.name !== '_not-found' && e.name !== '404') walk(p);
      } else if (e.name === 'index.html') {
        let route = '/' + path.relative(out, dir).split(path.sep).join('/');
        route = route
          .replace(/^\/pir\/_/, '/pir/{id}')
          .replace('/category/_', '/category/{fileType}')
          .replace('/file/_', '/file/{fileId}');
        if (route === '/') route = '/ (redirects to /reports; the login screen is every route\'s shell)';
        list.push({ route, html: p });
      }
    }
  };
  walk(out);
  return list.sort((a, b) => a.route.localeCompare(b.route));
}

export function noModuleScripts(html: string): string[] {
  const text = fs.readFileSync(html, 'utf8');
  return [...text.matchAll(/<script\b([^>]*)>/g)].filter((m) => /\bnoModule\b/i.test(m[1]!)).map((m) => /\bsrc="([^"]+)"/.exec(m[1]!)?.[1] ?? '').filter(Boolean);
}

const fileOf = (src: string, out = OUT_DIR) => path.join(out, src.replace(/^\//, ''));

export function librariesIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return LIBRARIES.filter((l) => text.includes(l.signature)).map((l) => l.name);
}

async function runtimeVisits(): Promise<{ route: string; chunks: string[]; libs: string[]; gz: number }[]> {
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-js');
  await seedBenchData(dataDir, { reports: 30 });
  const server = await startServerProcess({ dataDir, staticDir });
  const browser = await launch();
  try {
    const session = await apiLogin(server.url, BENCH_USER);
    const id = 100_000;
    const visits: { route: string; url: string }[] = [
      { route: '/reports', url: '/reports/' },
      { route: '/calendar', url: '/calendar/' },
      { route: '/pir/{id}', url: `/pir/${id}/` },
      { route: '/pir/{id}/vessel', url: `/pir/${id}/vessel/` },
    ];
    const results = [];
    for (const v of visits) {
      // a fresh context each time: empty caches, so every chunk the route needs is fetched and seen
      const context = await freshContext(browser, server.url, session);
      const page = await context.newPage();
      const seen = new Set<string>();
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/_next/static/') && u.pathname.endsWith('.js')) seen.add(u.pathname);
      });
      await page.goto(`${server.url}${v.url}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      await context.close();
      const chunks = [...seen].sort();
      const libs = new Set<string>();
      for (const c of chunks) for (const l of librariesIn(fileOf(c, staticDir))) libs.add(l);
      results.push({ route: v.route, chunks, libs: [...libs], gz: chunks.reduce((s, c) => s + gzSize(fileOf(c, staticDir)), 0) });
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const all = routes();
  const perRoute = all.map((r) => {
    const scripts = scriptsOf(r.html);
    const gz = scripts.reduce((s, src) => s + gzSize(fileOf(src)), 0);
    const raw = scripts.reduce((s, src) => s + fs.statSync(fileOf(src)).size, 0);
    const libs = new Set<string>();
    for (const s of scripts) for (const l of librariesIn(fileOf(s))) libs.add(l);
    return { ...r, scripts, gz, raw, libs: [...libs], htmlGz: gzSize(r.html) };
  });
  // what every route loads: React, Next's runtime and the app shell
  const sharedScripts = perRoute.reduce<string[]>((acc, r) => acc.filter((s) => r.scripts.includes(s)), perRoute[0]?.scripts ?? []);
  const shared = sharedScripts.reduce((s, src) => s + gzSize(fileOf(src)), 0);
  // the floor: a bare page of the same framework
  const floorOut = frameworkFloorOut();
  const floorScripts = scriptsOf(path.join(floorOut, 'index.html'));
  const floor = floorScripts.reduce((s, src) => s + gzSize(fileOf(src, floorOut)), 0);

  // every chunk, and what it carries
  const chunkDir = path.join(OUT_DIR, '_next/static/chunks');
  const initial = new Set(perRoute.flatMap((r) => r.scripts));
  const polyfills = new Set(perRoute.flatMap((r) => noModuleScripts(r.html)));
  const chunks = fs
    .readdirSync(chunkDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const src = `/_next/static/chunks/${f}`;
      return { src, gz: gzSize(fileOf(src)), libs: librariesIn(fileOf(src)), routes: perRoute.filter((r) => r.scripts.includes(src)).map((r) => r.route.split(' ')[0]!) };
    })
    .sort((a, b) => b.gz - a.gz);

  log('visiting the routes signed in, to list the chunks fetched');
  let visits: Awaited<ReturnType<typeof runtimeVisits>> = [];
  let visitError = '';
  try {
    visits = await runtimeVisits();
  } catch (e) {
    visitError = e instanceof Error ? e.message : String(e);
    log('runtime visits failed:', visitError);
  }

  const reports = perRoute.find((r) => r.route === '/reports')!;
  const rows: Row[] = [
    {
      benchmark: 'JS shipped: /reports first scripts (gzip)',
      figure: kb(reports.gz),
      limit: `${kb(floor)} (bare Next + React page)`,
      ratio: ratio(reports.gz, floor),
      target: `≤ ${REPORTS_CEILING_KB} KB (ceiling, must not grow)`,
      met: reports.gz <= REPORTS_CEILING_KB * 1024,
    },
  ];
  for (const r of perRoute.filter((x) => x.route !== '/reports')) {
    const route = r.route.split(' ')[0]!;
    const ceiling = ceilingOf(route);
    rows.push({
      benchmark: `JS shipped: ${route} first scripts (gzip)`,
      figure: kb(r.gz),
      limit: kb(floor),
      ratio: ratio(r.gz, floor),
      target: ceiling === null ? '–' : `≤ ${ceiling} KB (ceiling, must not grow)`,
      met: ceiling === null ? null : r.gz <= ceiling * 1024,
    });
  }
  // libraries: only where used
  const misplaced: string[] = [];
  const expectedRoute: Record<string, string[]> = {
    'embla (carousel)': ['/reports'],
    'react-hook-form': ['/pir/{id}'],
    // the signature step is a step of /pir/{id}: that route is where it is used
    'perfect-freehand (signature)': ['/pir/{id}'],
  };
  // where each library is (on demand, or in the first scripts of which routes), and where it should not be
  const placement = new Map<string, string[]>();
  for (const lib of LIBRARIES) {
    const onRoutes = [...new Set(perRoute.filter((r) => r.libs.includes(lib.name)).map((r) => r.route.split(' ')[0]!))];
    const allowed = expectedRoute[lib.name] ?? [];
    const extra = onRoutes.filter((r) => !allowed.includes(r));
    if (extra.length) misplaced.push(`${lib.name} in the first scripts of ${extra.join(', ')}`);
    const where = onRoutes.length ? `in ${onRoutes.join(', ')} first scripts` : 'on demand';
    placement.set(where, [...(placement.get(where) ?? []), lib.name.replace(/ \(.*\)$/, '')]);
  }
  rows.push({
    benchmark: 'JS shipped: heavy libraries only where used',
    figure: misplaced.length
      ? misplaced.join('; ')
      : [...placement].map(([where, libs]) => `${libs.join(', ')} ${where}`).join('; '),
    limit: '–',
    ratio: '–',
    target: 'pdf/zip/signature/carousel/form libs only where used',
    met: misplaced.length === 0,
  });

  const d: string[] = [];
  d.push('Sizes are gzip level 6 of each script file; a route counts the `<script src>` tags of its exported HTML (what the browser fetches before hydration; the `noModule` polyfill is left out).');
  d.push(
    `The floor is a bare page of the same Next and React (\`bench/framework-floor\`: one client component, prerendered and hydrated, no app code), built in the same run: ${floorScripts.length} scripts, ${kb(floor)}. ` +
      `The /reports ceiling of ${REPORTS_CEILING_KB} KB leaves ${kb(REPORTS_CEILING_KB * 1024 - floor)} for everything else it needs. Every route of the app loads ${sharedScripts.length} scripts in common (${kb(shared)}): the floor, the app shell and its libraries.`,
  );
  d.push('');
  d.push(
    mdTable(
      ['route', 'scripts', 'raw', 'gzip', 'HTML gzip', 'libraries in first scripts'],
      perRoute.map((r) => [r.route, r.scripts.length, bytes(r.raw), kb(r.gz), kb(r.htmlGz), r.libs.join(', ') || '–']),
    ),
  );
  d.push('');
  d.push('**Where each library is** (chunk, gzip size, routes whose first scripts include it; "on demand" = fetched by a dynamic import):');
  d.push('');
  d.push(
    mdTable(
      ['library', 'used by', 'chunks'],
      LIBRARIES.map((l) => {
        const cs = chunks.filter((c) => c.libs.includes(l.name));
        return [
          l.name,
          l.usedBy,
          cs.length ? cs.map((c) => `${path.basename(c.src)} (${kb(c.gz)}; ${c.routes.length ? c.routes.join(', ') : 'on demand'})`).join('; ') : 'not found',
        ];
      }),
    ),
  );
  d.push('');
  d.push('**Largest scripts of /reports** (gzip):');
  d.push('');
  d.push(
    mdTable(
      ['chunk', 'gzip', 'raw', 'on routes', 'contains (by signature strings)'],
      reports.scripts
        .map((s) => ({ s, gz: gzSize(fileOf(s)), raw: fs.statSync(fileOf(s)).size }))
        .sort((a, b) => b.gz - a.gz)
        .slice(0, 8)
        .map((x) => [path.basename(x.s), kb(x.gz), bytes(x.raw), chunks.find((c) => c.src === x.s)?.routes.length === perRoute.length ? 'all' : (chunks.find((c) => c.src === x.s)?.routes.join(', ') ?? ''), contentsOf(fileOf(x.s)).join(', ') || '–']),
    ),
  );
  d.push('');
  d.push(`Largest chunks not in any route's first scripts (loaded on demand): ${chunks.filter((c) => !initial.has(c.src) && !polyfills.has(c.src)).slice(0, 6).map((c) => `${path.basename(c.src)} ${kb(c.gz)}${contentsOf(fileOf(c.src)).length ? ` (${contentsOf(fileOf(c.src)).join(', ')})` : ''}`).join('; ')}. The \`noModule\` polyfill (${[...polyfills].map((p) => `${path.basename(p)} ${kb(gzSize(fileOf(p)))}`).join(', ')}) is not fetched by current browsers.`);
  d.push('');
  if (visits.length) {
    d.push('**Fetched when visiting the route signed in** (a fresh browser context, a notready report; all chunks requested until the network is idle):');
    d.push('');
    d.push(mdTable(['route', 'chunks fetched', 'gzip', 'libraries'], visits.map((v) => [v.route, v.chunks.length, kb(v.gz), v.libs.join(', ') || '–'])));
  } else if (visitError) {
    d.push(`Runtime visits not measured: ${visitError.split('\n')[0]}`);
  }
  return { rows, details: d.join('\n') };
}
