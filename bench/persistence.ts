/**
 * 3. Local persistence: what one field edit costs with 10 reports stored, and with 200 reports and
 * 2,000 pictures stored. The edit is typed into the real inspection page (a keystroke in
 * "Inspector's identity number"), offline; the app applies it in memory at once, writes it ahead to
 * localStorage, and stores the report in IndexedDB WRITE_DELAY_MS later (lib/local-data/reports-store.ts).
 *
 * Measured per edit, in the page:
 *  - keystroke → the frame that shows it (main-thread work of the edit: form, validation, the in-memory store, write-ahead);
 *  - the IndexedDB write: from the put() to its transaction's `complete`;
 *  - bytes: what the edit writes to IndexedDB (structured-clone estimate of the values put) and to localStorage;
 *  - on disk: growth of the origin's IndexedDB directory over all the edits, divided by their number.
 * The two states run side by side in two browser profiles, in alternating blocks. Ratio = big / small.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Pir } from '../lib/contract/index';
import { bytes, dirSize, log, mdTable, ms, numArg, ratioVs, rmrf, short, stats, tmpDir, type Row } from './lib/common';
import { goOffline, persistentContext, waitForServiceWorker, type BenchWindow } from './lib/browser';
import { fetchTemplate, inspectingReport, pictureFiles, writeLocalState, type FileSpec } from './lib/local-state';
import { apiLogin, copyStatic, startServerProcess } from './lib/server';
import { BENCH_USER, LISTING_ID_BASE, makeJpeg, seedBenchData } from './lib/seed';

export const RATIO_TARGET = 1.5;

interface State {
  label: string;
  reports: number;
  pictures: number;
  context: BrowserContext;
  profile: string;
  page: Page;
  editedId: number;
  keys: number[];
  flush: number[];
  idbBytes: number[];
  otherIdb: number[];
  lsBytes: number[];
  disk: number[];
}

function idbDir(profile: string): string {
  const base = path.join(profile, 'Default', 'IndexedDB');
  return fs.existsSync(base) ? base : profile;
}

async function setUp(origin: string, session: Awaited<ReturnType<typeof apiLogin>>, label: string, nReports: number, picturesPerReport: number, base: Uint8Array): Promise<State> {
  const { context, dir } = await persistentContext(origin, session);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${origin}/reports/`);
  await waitForServiceWorker(page);
  const tpl = await fetchTemplate(origin, session.token, LISTING_ID_BASE);
  const device = String(session.reply.user.deviceName);
  const reports: Pir[] = [];
  const files: FileSpec[] = [];
  for (let i = 0; i < nReports; i++) {
    const r = inspectingReport(tpl, { as: { id: 200_000 + i, pendingId: 800_000 + i }, device, inspector: String(session.reply.user.name), pictures: picturesPerReport });
    reports.push(r);
    files.push(...pictureFiles(r));
  }
  log(`${label}: writing ${reports.length} reports and ${files.length} pictures of ${bytes(base.byteLength)}`);
  const t0 = performance.now();
  await writeLocalState(page, reports, files, [base]);
  log(`${label}: written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await goOffline(context);
  const editedId = reports[Math.floor(nReports / 2)]!.id;
  await page.goto(`${origin}/pir/${editedId}/#inspectioninformation`);
  const field = page.locator('section[aria-labelledby="step-title"]').getByLabel("Inspector's identity number", { exact: true });
  await field.waitFor({ state: 'visible', timeout: 30_000 });
  await field.click();
  await page.keyboard.press('End');
  // let the page settle (fonts, reference data from the cache, the first render of the step)
  await page.waitForTimeout(1500);
  return { label, reports: nReports, pictures: files.length, context, profile: path.dirname(dir), page, editedId, keys: [], flush: [], idbBytes: [], otherIdb: [], lsBytes: [], disk: [] };
}

/** Types `n` edits (a character, then its deletion, …), each left to reach IndexedDB before the next. */
async function block(s: State, n: number) {
  const page = s.page;
  const diskBefore = dirSize(idbDir(s.profile));
  for (let i = 0; i < n; i++) {
    await page.evaluate(() => {
      const b = (window as unknown as BenchWindow).__bench;
      b.idb.length = 0;
      b.ls.length = 0;
      b.keys.length = 0;
      b.trackKeys = true;
      b.countBytes = true;
    });
    await page.keyboard.press(s.keys.length % 2 === 0 ? 'x' : 'Backspace');
    // the write is due WRITE_DELAY_MS (300 ms) after the edit
    const out = await page.waitForFunction(
      (id) => {
        const b = (window as unknown as BenchWindow).__bench;
        const put = b.idb.find((e) => e.db === 'pir-app' && e.store === 'reports' && e.id === id && e.done !== null);
        if (!put || b.keys.length === 0) return null;
        // anything else written around it (other stores, other databases) within the same window
        return {
          key: b.keys[0]!,
          flush: put.done! - put.t,
          idb: b.idb.filter((e) => e.db === 'pir-app').reduce((sum, e) => sum + e.bytes, 0),
          other: b.idb.filter((e) => e.db !== 'pir-app').reduce((sum, e) => sum + e.bytes, 0),
          ls: b.ls.reduce((sum, e) => sum + e.bytes, 0),
        };
      },
      s.editedId,
      { timeout: 10_000, polling: 20 },
    );
    const v = (await out.jsonValue())!;
    s.keys.push(v.key);
    s.flush.push(v.flush);
    s.idbBytes.push(v.idb);
    s.otherIdb.push(v.other);
    s.lsBytes.push(v.ls);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => {
    (window as unknown as BenchWindow).__bench.trackKeys = false;
  });
  // LevelDB appends to its log: the directory's growth is what reached the disk (until a compaction)
  await page.waitForTimeout(500);
  s.disk.push((dirSize(idbDir(s.profile)) - diskBefore) / n);
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const edits = numArg('edits', 40);
  const pictureKb = numArg('picture-kb', 0);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-persist');
  await seedBenchData(dataDir, { reports: 1 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  // a picture as the tablet stores them would be ~1.8 MB (3000 × 2250, quality 70); 2,000 of those
  // are 3.6 GB: the default is a smaller picture (1280 × 960), enough to fill the store with real files
  const base = pictureKb ? makeJpeg(Math.round(Math.sqrt(pictureKb * 1024 * 3.5)), Math.round(Math.sqrt(pictureKb * 1024 * 3.5) * 0.75), 5) : makeJpeg(1280, 960, 5);
  const states: State[] = [];
  try {
    states.push(await setUp(origin, session, 'small', 10, 10, base));
    states.push(await setUp(origin, session, 'big', 200, 10, base));
    const per = Math.max(2, Math.round(edits / 4));
    for (let round = 0; round < 4; round++) {
      for (const s of round % 2 ? [...states].reverse() : states) {
        log(`${s.label}: ${per} edits (round ${round + 1} of 4)`);
        await block(s, per);
      }
    }
  } finally {
    for (const s of states) {
      await s.context.close().catch(() => {});
      rmrf(s.profile);
    }
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }

  const [small, big] = states as [State, State];
  const total = (s: State) => s.keys.map((k, i) => k + s.flush[i]!);
  const sk = stats(small.keys);
  const bk = stats(big.keys);
  const sf = stats(small.flush);
  const bf = stats(big.flush);
  const st = stats(total(small));
  const bt = stats(total(big));
  const sb = stats(small.idbBytes);
  const bb = stats(big.idbBytes);
  const timeRatio = bt.median / st.median;
  const bytesRatio = bb.median / sb.median;
  const rows: Row[] = [
    {
      benchmark: 'Persistence: one edit, 200 reports + 2,000 pictures vs 10 reports (time)',
      figure: `${short(bt)} (keystroke→paint ${ms(bk.median)} + IndexedDB write ${ms(bf.median)})`,
      limit: `${short(st)} with 10 reports (100 pictures)`,
      ratio: ratioVs(bt.median, st.median, RATIO_TARGET),
      target: `ratio ≤ ${RATIO_TARGET}`,
      met: timeRatio <= RATIO_TARGET,
    },
    {
      benchmark: 'Persistence: one edit, 200 reports + 2,000 pictures vs 10 reports (bytes to IndexedDB)',
      figure: bytes(bb.median),
      limit: `${bytes(sb.median)} with 10 reports`,
      ratio: ratioVs(bb.median, sb.median, RATIO_TARGET),
      target: `ratio ≤ ${RATIO_TARGET}`,
      met: bytesRatio <= RATIO_TARGET,
    },
  ];
  const d: string[] = [];
  d.push(
    `${edits} edits per state (alternating a character and its deletion in "Inspector's identity number" of /pir/{id}, offline), in 4 alternating blocks. ` +
      `Pictures: ${big.pictures} files of ${bytes(base.byteLength)} (JPEG, each with its own bytes) spread over the 200 reports (10 each, named in each report's extended.pictures); ` +
      `the 10-report state holds ${small.pictures} such pictures (10 per report), so the edited report is the same in both. ` +
      'Every report is being inspected and carries the full extended info of a demo report.',
  );
  d.push('');
  const line = (label: string, a: ReturnType<typeof stats>, b: ReturnType<typeof stats>, f: (v: number) => string) => [
    label,
    short(a, f),
    short(b, f),
    a.median > 0 ? (b.median / a.median).toFixed(2) + '×' : '–',
  ];
  d.push(
    mdTable(
      ['per edit', '10 reports', '200 reports + 2,000 pictures', 'ratio'],
      [
        line('keystroke → painted frame', sk, bk, ms),
        line('IndexedDB write (put → transaction complete)', sf, bf, ms),
        line('sum', st, bt, ms),
        line('bytes put into IndexedDB `pir-app` (structured-clone estimate)', sb, bb, bytes),
        line('bytes put into other databases (query cache)', stats(small.otherIdb), stats(big.otherIdb), bytes),
        line('bytes written to localStorage (write-ahead of the edit)', stats(small.lsBytes), stats(big.lsBytes), bytes),
        line('IndexedDB directory growth on disk per edit (median of the 4 blocks)', stats(small.disk), stats(big.disk), bytes),
      ],
    ),
  );
  d.push('');
  d.push(
    'Each edit re-writes the whole edited report (one `put` of the report with its extended info) and nothing else; the write-ahead copy in localStorage is the same report as JSON, written synchronously on every keystroke. ' +
      'The disk figure includes LevelDB compactions when one happens inside a block, so it is rough.',
  );
  return { rows, details: d.join('\n') };
}
