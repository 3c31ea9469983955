/**
 * 7. Export of 200 pictures at the dialog's defaults: the user menu → show advanced features →
 * Download data → Export, with 5 reports being inspected holding 40 inspection pictures each
 * (3000 × 2250 JPEG, ~1.8 MB: what the tablet stores). Timed from the click on Export to the result
 * line (the zip built by the export worker and handed to the browser as a download); the longest
 * main-thread task in that window from the Long Tasks API (it reports tasks over 50 ms).
 * Limit: the same pictures decoded and re-encoded at the same settings (fit in the maximum size,
 * the quality) by one plain worker (the export runs one), in a page of the same origin — no zip,
 * no manifest, no progress.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Pir } from '../lib/contract/index';
import { bytes, log, mdTable, ms, numArg, ratio, rmrf, short, stats, tmpDir, type Row } from './lib/common';
import { goOffline, persistentContext, waitForServiceWorker, type BenchWindow } from './lib/browser';
import { fetchTemplate, inspectingReport, pictureFiles, writeLocalState, type FileSpec } from './lib/local-state';
import { apiLogin, BARE_PAGE, copyStatic, startServerProcess } from './lib/server';
import { BENCH_USER, bigFiles, LISTING_ID_BASE, seedBenchData } from './lib/seed';

export const LONG_TASK_TARGET_MS = 50;
const QUALITY = 0.3;
const MAX_SIZE = 3000;

async function exportOnce(page: Page, device: string): Promise<{ t: number; longest: number; count: number; result: string }> {
  const menu = page.getByRole('dialog', { name: 'Settings' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: `User menu — ${device}` }).click();
  const advanced = menu.getByRole('switch', { name: 'Show advanced features' });
  if ((await advanced.getAttribute('aria-checked')) !== 'true') await advanced.click();
  await menu.getByRole('button', { name: 'Download data' }).click();
  const dialog = page.getByTestId('download-data-dialog');
  // the scan of the reports' files is done when the estimate shows
  await dialog.getByTestId('export-estimate').filter({ hasText: /Estimated size/ }).waitFor({ timeout: 120_000 });
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as BenchWindow).__bench.longtasks.length = 0;
    document.addEventListener('click', () => ((window as unknown as { __clickAt?: number }).__clickAt = performance.now()), { capture: true, once: true });
  });
  const downloading = page.waitForEvent('download', { timeout: 600_000 });
  await dialog.getByRole('button', { name: 'Export' }).click();
  const handle = await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="export-result"]');
      return el && /Saved/.test(el.textContent ?? '') ? performance.now() - (window as unknown as { __clickAt: number }).__clickAt : null;
    },
    null,
    { timeout: 600_000, polling: 50 },
  );
  const t = (await handle.jsonValue())!;
  const download = await downloading;
  await download.delete().catch(() => {});
  await page.waitForTimeout(200);
  const lt = await page.evaluate(() => (window as unknown as BenchWindow).__bench.longtasks.map((x) => x.duration));
  const result = (await dialog.getByTestId('export-result').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  return { t, longest: Math.max(0, ...lt), count: lt.length, result };
}

/** The pictures decoded and re-encoded by one plain worker (the export also uses one), read from the app's IndexedDB. */
async function limitOnce(page: Page, ids: string[]): Promise<{ t: number; out: number; cores: number }> {
  return page.evaluate(
    async ({ ids, quality, maxSize }) => {
      const src = `
        onmessage = async (e) => {
          const { ids, quality, maxSize } = e.data;
          const db = await new Promise((res, rej) => { const r = indexedDB.open('pir-app'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
          let out = 0;
          for (const id of ids) {
            const f = await new Promise((res) => { const r = db.transaction('files').objectStore('files').get(id); r.onsuccess = () => res(r.result); });
            const bmp = await createImageBitmap(new Blob([f.content], { type: f.contentType }));
            const scale = Math.min(1, maxSize / bmp.width, maxSize / bmp.height);
            const w = Math.round(bmp.width * scale), h = Math.round(bmp.height * scale);
            const canvas = new OffscreenCanvas(w, h);
            canvas.getContext('2d').drawImage(bmp, 0, 0, w, h);
            bmp.close();
            const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
            out += Math.min(blob.size, f.content.size ?? f.content.byteLength);
          }
          db.close();
          postMessage(out);
        };`;
      const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
      const cores = 1;
      const t0 = performance.now();
      const parts = await Promise.all(
        Array.from({ length: cores }, (_, k) => {
          const w = new Worker(url);
          return new Promise<number>((resolve, reject) => {
            w.onmessage = (e) => {
              w.terminate();
              resolve(e.data as number);
            };
            w.onerror = (e) => reject(new Error(e.message));
            w.postMessage({ ids: ids.filter((_, i) => i % cores === k), quality, maxSize });
          });
        }),
      );
      const t = performance.now() - t0;
      URL.revokeObjectURL(url);
      return { t, out: parts.reduce((s, x) => s + x, 0), cores };
    },
    { ids, quality: QUALITY, maxSize: MAX_SIZE },
  );
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const runs = numArg('runs', 2);
  const limitRuns = numArg('limit-runs', 1);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-export');
  await seedBenchData(dataDir, { reports: 1 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const device = String(session.reply.user.deviceName);
  const { context, dir } = await persistentContext(origin, session);
  const app: Awaited<ReturnType<typeof exportOnce>>[] = [];
  const limit: Awaited<ReturnType<typeof limitOnce>>[] = [];
  let inBytes = 0;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/reports/`);
    await waitForServiceWorker(page);
    const tpl = await fetchTemplate(origin, session.token, LISTING_ID_BASE);
    const reports: Pir[] = [];
    const files: FileSpec[] = [];
    for (let i = 0; i < 5; i++) {
      const r = inspectingReport(tpl, { as: { id: 300_000 + i, pendingId: 900_000 + i }, device, inspector: String(session.reply.user.name), pictures: 40 });
      reports.push(r);
      files.push(...pictureFiles(r));
    }
    const big = await bigFiles();
    const bases = big.pictures.slice(0, 4);
    inBytes = files.length * (bases.reduce((s, b) => s + b.byteLength, 0) / bases.length);
    log(`writing ${reports.length} reports with ${files.length} pictures (~${bytes(inBytes)})`);
    await writeLocalState(page, reports, files, bases);
    await goOffline(context);
    await page.goto(`${origin}/reports/`);
    await page.getByTestId('report-card').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const bare = await context.newPage();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await bare.goto(`${origin}${BARE_PAGE}`);
    await goOffline(context);
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? ['limit', 'app'] : ['app', 'limit'];
      for (const which of order.filter((w) => w === 'app' || i < limitRuns)) {
        if (which === 'app') {
          await page.bringToFront();
          const r = await exportOnce(page, device);
          app.push(r);
          log(`export run ${i + 1}: ${ms(r.t)}, longest task ${ms(r.longest)} (${r.count} long tasks); ${r.result}`);
        } else {
          await bare.bringToFront();
          const r = await limitOnce(bare, files.map((f) => f.id));
          limit.push(r);
          log(`limit run ${i + 1}: ${ms(r.t)} on ${r.cores} workers`);
        }
      }
    }
  } finally {
    await context.close().catch(() => {});
    rmrf(path.dirname(dir));
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }
  const a = stats(app.map((r) => r.t));
  const l = stats(limit.map((r) => r.t));
  const longest = stats(app.map((r) => r.longest));
  const maxLongest = Math.max(...app.map((r) => r.longest));
  const rows: Row[] = [
    {
      benchmark: 'Export 200 pictures (defaults: quality 30 %, 3000 px): total time',
      figure: short(a),
      limit: `${short(l)} re-encode only, ${limit[0]?.cores ?? '?'} worker`,
      ratio: ratio(a.median, l.median),
      target: '–',
      met: null,
    },
    {
      benchmark: 'Export 200 pictures: longest main-thread task',
      figure: maxLongest > 0 ? `${ms(longest.median)} median, ${ms(maxLongest)} max` : 'none over 50 ms',
      limit: '–',
      ratio: '–',
      target: `no task over ${LONG_TASK_TARGET_MS} ms`,
      met: maxLongest <= LONG_TASK_TARGET_MS,
    },
  ];
  const d: string[] = [];
  d.push(
    `${runs} exports (limit: ${limit.length} run${limit.length === 1 ? '' : 's'}) of 5 reports × 40 pictures (${bytes(inBytes)} of JPEG, 3000 × 2250 at quality 70, each with its own bytes), offline, dialog defaults (quality ${QUALITY * 100} %, maximum size ${MAX_SIZE} px). ` +
      `Result line of the last run: "${app.at(-1)?.result ?? ''}". Long tasks (> 50 ms) per export: ${app.map((r) => r.count).join(', ')}.`,
  );
  d.push('');
  d.push(
    mdTable(
      ['', 'median', 'p25', 'p75', 'min', 'max'],
      [
        ['app: Export → result shown', a],
        ['limit: decode + re-encode in a plain worker', l],
      ].map(([label, s]) => {
        const st = s as ReturnType<typeof stats>;
        return [label as string, ms(st.median), ms(st.p25), ms(st.p75), ms(st.min), ms(st.max)];
      }),
    ),
  );
  d.push('');
  d.push(`Re-encoded size (limit): ${bytes(limit[0]?.out ?? Number.NaN)}.`);
  return { rows, details: d.join('\n') };
}
