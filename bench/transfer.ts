/**
 * 4. Preparing (downloading) a report of 40 pictures and 5 PDFs (~90 MB), and 5. submitting a
 * report of the same size, each against the plain transfer of the same bytes from the same page.
 *
 * Prepare: a fresh browser profile (signed in, the app installed), the report's page, "Claim":
 * the app claims, fetches the extended info, downloads the 45 files into IndexedDB and marks the
 * report ready (lib/tasks). Timed from the click to the IndexedDB transaction that stores the report
 * as `ready`. Limit (the issue's): right after, from the same page, `fetch()` of the same 45 links
 * all at once (no-store, as the app's downloads; bodies read as ArrayBuffers). Also, as second
 * figures, the same fetches from a bare page of a new browser profile, with and without writing each
 * file to IndexedDB (as a Blob, as the app does). Then the claim is released through the API so the next run starts from the
 * same state.
 *
 * Submit: a report held by this tablet, ready to submit, with 40 inspection pictures (3000 × 2250
 * JPEG, ~1.8 MB), 5 local attachments of 2 such pages (assembled into PDFs at submit) and two
 * signatures, written into IndexedDB; "Submit" on its page, timed from the click to the IndexedDB
 * transaction that stores it as `submitted` (collect, hash, build the PDFs, save, 47 uploads,
 * complete-submit). Limit: from the same page, another report of the server held by this tablet:
 * one save announcing 47 files of the same sizes (pictures with their own bytes, PDFs of two such
 * pages, the signatures), all uploads at once with `fetch()`, then complete-submit — the same
 * server work without the app's machinery; hashes are computed before the clock starts.
 * App and limit alternate which goes first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Pir } from '../lib/contract/index';
import { bytes, log, mdTable, ms, numArg, ratioVs, rmrf, ROOT, short, stats, tmpDir, type Row } from './lib/common';
import { countStored, persistentContext, waitForServiceWorker, type BenchWindow } from './lib/browser';
import { fetchTemplate, inspectingReport, signedByBoth, signaturePng, writeLocalState } from './lib/local-state';
import { apiGet, apiLogin, apiPost, BARE_PAGE, copyStatic, startServerProcess, type Session } from './lib/server';
import { BENCH_USER, bigFiles, seedBenchData } from './lib/seed';

export const RATIO_TARGET = 1.3;

/** The runner's transfer window and slots, read from its source (importing it would open a BroadcastChannel). */
function runnerConstants(): string {
  try {
    const src = fs.readFileSync(path.join(ROOT, 'lib/tasks/runner.ts'), 'utf8');
    const get = (name: string) => new RegExp(`export const ${name} = (\\d+)`).exec(src)?.[1] ?? '?';
    return `FILE_WINDOW = ${get('FILE_WINDOW')} transfers of a report at once, TRANSFER_SLOTS = ${get('TRANSFER_SLOTS')} across reports`;
  } catch {
    return 'a window of transfers (lib/tasks/runner.ts)';
  }
}
const LISTING = 5;

function linksOf(r: Pir): string[] {
  const out = new Set<string>();
  for (const p of r.vesselPictures) out.add(p.downloadLink);
  for (const f of r.submitedForms) {
    out.add(f.downloadLink);
    for (const a of f.attachments) out.add(a.downloadLink);
  }
  for (const a of r.fileAttachements) out.add(a.downloadLink);
  if (r.rarLink) out.add(r.rarLink.downloadLink);
  return [...out];
}

async function installedApp(origin: string, session: Session, minReports: number): Promise<{ context: BrowserContext; page: Page; profile: string }> {
  const { context, dir } = await persistentContext(origin, session);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${origin}/reports/`);
  await waitForServiceWorker(page);
  const until = Date.now() + 60_000;
  // the listing stored, and any background preparation (reports the server says this tablet holds) finished
  while ((await countStored(page, 'reports')) < minReports || (await countStored(page, 'processes')) > 0) {
    if (Date.now() > until) throw new Error('the app did not settle (listing stored, no process running) within 60 s');
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(500);
  return { context, page, profile: path.dirname(dir) };
}

/** Clicks `button` and waits for the IndexedDB transaction that stores report `id` with `status`; ms from the click. */
async function clickUntilStored(page: Page, button: ReturnType<Page['getByRole']>, id: number, status: string, timeoutMs: number): Promise<number> {
  await page.evaluate(() => {
    const b = (window as unknown as BenchWindow & { __clickAt?: number }).__bench;
    b.idb.length = 0;
    b.longtasks.length = 0;
    // room for every request of a preparation (the default buffer keeps 250)
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(2000);
    document.addEventListener('click', () => ((window as unknown as { __clickAt?: number }).__clickAt = performance.now()), { capture: true, once: true });
  });
  await button.click();
  const handle = await page.waitForFunction(
    ({ id, status }) => {
      const e = (window as unknown as BenchWindow).__bench.idb.find((x) => x.db === 'pir-app' && x.store === 'reports' && x.id === id && x.status === status && x.done !== null);
      const at = (window as unknown as { __clickAt?: number }).__clickAt;
      return e && at !== undefined ? e.done! - at : null;
    },
    { id, status },
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue())!;
}

/** Counts the page's requests whose path matches, until stop() is called. */
function countRequests(page: Page, pattern: RegExp): { stop(): { count: number; distinct: number } } {
  const seen: string[] = [];
  const on = (r: { url(): string; method(): string }) => {
    const p = new URL(r.url()).pathname;
    if (pattern.test(`${r.method()} ${p}`)) seen.push(p);
  };
  page.on('request', on);
  return {
    stop: () => {
      page.off('request', on);
      return { count: seen.length, distinct: new Set(seen).size };
    },
  };
}

/**
 * When the claim, the extended PIR and the file downloads started and ended, in ms after the click,
 * from the page's own Resource Timing entries (the same clock as the click).
 */
async function requestTimeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = (window as unknown as { __clickAt?: number }).__clickAt ?? 0;
    const spans = new Map<string, { start: number; end: number }>();
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (e.startTime < at) continue;
      const p = new URL(e.name).pathname;
      const k = p.endsWith('/device-claim') ? 'claim' : /\/offline-api\/pir\/\d+$/.test(p) ? 'extended' : p.includes('/offline-api/files/') ? 'files' : null;
      if (!k) continue;
      const s = spans.get(k);
      spans.set(k, { start: Math.min(s?.start ?? Infinity, e.startTime - at), end: Math.max(s?.end ?? 0, e.responseEnd - at) });
    }
    return [...spans].map(([k, s]) => `${k} ${Math.round(s.start)}–${Math.round(s.end)}`).join(', ');
  });
}

/** The Long Tasks API reports tasks over 50 ms only: 0 means none. */
function longestText(values: number[]): string {
  const st = stats(values);
  return st.max > 0 ? `median ${ms(st.median)}, max ${ms(st.max)}` : 'no task over 50 ms';
}

async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...(window as unknown as BenchWindow).__bench.longtasks.map((t) => t.duration)));
}

// ---------------------------------------------------------------------------------------------- prepare

export async function runPrepare(): Promise<{ rows: Row[]; details: string }> {
  const runs = numArg('runs', 5);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-prepare');
  log('seeding (the big files are made once and kept in bench/.data)');
  const seeded = await seedBenchData(dataDir, { reports: LISTING, bigToPrepare: 1 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const device = String(session.reply.user.deviceName);
  const bigId = seeded.bigIds[0]!;
  const listing = await apiGet<Pir[]>(origin, session.token, 'offline-api/current-files');
  const big = listing.find((r) => r.id === bigId)!;
  const callId = big.offlinePendingForms[0]!.id;
  const links = linksOf(big);
  const app: number[] = [];
  const limit: number[] = [];
  const limitStored: number[] = [];
  const samePage: number[] = [];
  const timelines: string[] = [];
  const appLongest: number[] = [];
  const requests: { count: number; distinct: number }[] = [];
  let stored = 0;
  let fetchedBytes = 0;
  try {
    for (let i = 0; i < runs; i++) {
      for (const which of i % 2 ? ['limit', 'app'] : ['app', 'limit']) {
        if (which === 'app') {
          const { context, page, profile } = await installedApp(origin, session, LISTING + 1);
          try {
            await page.goto(`${origin}/pir/${bigId}/#claimedandprepared`);
            const claim = page.getByRole('button', { name: 'Claim', exact: true });
            await claim.waitFor({ state: 'visible', timeout: 30_000 });
            await page.waitForTimeout(300);
            const counter = countRequests(page, /^GET \/be\/offline-api\/files\//);
            const t = await clickUntilStored(page, claim, bigId, 'ready', 300_000);
            requests.push(counter.stop());
            timelines.push(`${await requestTimeline(page)}, ready ${Math.round(t)}`);
            app.push(t);
            appLongest.push(await longestTask(page));
            stored = await countStored(page, 'files');
            log(`prepare run ${i + 1}: app ${ms(t)} (${stored} files stored)`);
            // The same files fetched at once from this very page (under the app's service worker).
            const same = await page.evaluate(
              async ({ links, token }) => {
                const t0 = performance.now();
                await Promise.all(links.map((l) => fetch(l, { cache: 'no-store', headers: { Authorization: `Bearer ${token}` } }).then((res) => res.arrayBuffer())));
                return performance.now() - t0;
              },
              { links, token: session.token },
            );
            samePage.push(same);
            log(`prepare run ${i + 1}: parallel fetch from the app's page ${ms(same)}`);
          } finally {
            await context.close();
            rmrf(profile);
          }
          await apiPost(origin, session.token, `offline-api/pir/${callId}/device-release`, { deviceIdentifier: device });
        } else {
          const { context, dir } = await persistentContext(origin, session);
          try {
            const page = context.pages()[0] ?? (await context.newPage());
            await page.goto(`${origin}${BARE_PAGE}`);
            const r = await page.evaluate(
              async ({ links, token }) => {
                const t0 = performance.now();
                const bodies = await Promise.all(links.map((l) => fetch(l, { cache: 'no-store', headers: { Authorization: `Bearer ${token}` } }).then((res) => res.arrayBuffer())));
                return { t: performance.now() - t0, bytes: bodies.reduce((s, b) => s + b.byteLength, 0) };
              },
              { links, token: session.token },
            );
            limit.push(r.t);
            fetchedBytes = r.bytes;
            log(`prepare run ${i + 1}: plain parallel fetch ${ms(r.t)}`);
            // The same fetches, each file written to IndexedDB as a Blob as it arrives (what a preparation must
            // also do, the way the app stores downloads: lib/api/transfer.ts).
            const s = await page.evaluate(
              async ({ links, token, run }) => {
                const db = await new Promise<IDBDatabase>((resolve, reject) => {
                  const open = indexedDB.open(`bench-limit-${run}`, 1);
                  open.onupgradeneeded = () => open.result.createObjectStore('files');
                  open.onsuccess = () => resolve(open.result);
                  open.onerror = () => reject(open.error);
                });
                const t0 = performance.now();
                await Promise.all(
                  links.map(async (l, i) => {
                    const body = await (await fetch(l, { cache: 'no-store', headers: { Authorization: `Bearer ${token}` } })).blob();
                    await new Promise<void>((resolve, reject) => {
                      const tx = db.transaction('files', 'readwrite');
                      tx.objectStore('files').put(body, i);
                      tx.oncomplete = () => resolve();
                      tx.onerror = () => reject(tx.error);
                    });
                  }),
                );
                const t = performance.now() - t0;
                db.close();
                return t;
              },
              { links, token: session.token, run: i },
            );
            limitStored.push(s);
            log(`prepare run ${i + 1}: parallel fetch + IndexedDB writes ${ms(s)}`);
          } finally {
            await context.close();
            rmrf(path.dirname(dir));
          }
        }
      }
    }
  } finally {
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }
  const a = stats(app);
  const l = stats(limit);
  const ls = stats(limitStored);
  const sp = stats(samePage);
  // The issue's limit: the same files fetched in parallel from the same page (the app's, under its
  // service worker, its connections open). The bare page is kept as a second figure.
  const r = a.median / sp.median;
  const rows: Row[] = [
    {
      benchmark: `Prepare: ${links.length} files, ${bytes(fetchedBytes)} (claim → ready)`,
      figure: short(a),
      limit: `${short(sp)} parallel fetch from the app's page`,
      ratio: ratioVs(a.median, sp.median, RATIO_TARGET),
      target: `ratio ≤ ${RATIO_TARGET}`,
      met: r <= RATIO_TARGET,
    },
    {
      benchmark: 'Prepare vs the same fetches from a bare page of a new browser',
      figure: short(a),
      limit: `${short(l)} parallel fetch`,
      ratio: `${(a.median / l.median).toFixed(2)}×`,
      target: '–',
      met: null,
    },
    {
      benchmark: 'Prepare vs the same fetches, each file written to IndexedDB as a Blob as it arrives (bare page)',
      figure: short(a),
      limit: `${short(ls)} fetch + store`,
      ratio: `${(a.median / ls.median).toFixed(2)}×`,
      target: '–',
      met: null,
    },
  ];
  const d: string[] = [];
  d.push(
    `${runs} runs each. The report offers ${links.length} files (${seeded.bigFiles} made by the seed: 40 JPEG pictures 3000 × 2250 of ~1.8 MB, 5 PDFs of two such pages), ${bytes(fetchedBytes)} in all; ` +
      `the app stored ${stored} files. Throughput: app ${bytes(fetchedBytes / (a.median / 1000))}/s, plain fetch from the app's page ${bytes(fetchedBytes / (sp.median / 1000))}/s.`,
  );
  d.push('');
  d.push(
    mdTable(
      ['', 'median', 'p25', 'p75', 'min', 'max'],
      [
        ['app: Claim → report stored as ready', a],
        ['limit: all files fetched at once from the app\'s page, after its preparation', sp],
        ['all files fetched at once from a bare page (new browser)', l],
        ['all files fetched at once, each stored in IndexedDB as a Blob as it arrives', ls],
      ].map(([label, s]) => {
        const st = s as ReturnType<typeof stats>;
        return [label as string, ms(st.median), ms(st.p25), ms(st.p75), ms(st.min), ms(st.max)];
      }),
    ),
  );
  d.push('');
  d.push(
    `File downloads the app made per preparation: ${requests.map((q) => `${q.count} requests for ${q.distinct} files`).join('; ')}. ` +
      `Longest main-thread task during the app's preparation: ${longestText(appLongest)}. ` +
      `Requests of each preparation, in ms after the click (the page's Resource Timing; "files" runs from the first download's start to the last one's end): ${timelines.join('; ')}. ` +
      `The app runs ${runnerConstants()} (lib/tasks/runner.ts), takes each file of up to 4 MB straight into a Blob and counts bigger ones on their way (lib/api/transfer.ts), writes each to IndexedDB as it arrives and stores the process state as it goes; the limit lets the browser run all 45 requests (6 connections per host over HTTP/1.1).`,
  );
  return { rows, details: d.join('\n') };
}

// ---------------------------------------------------------------------------------------------- submit

interface LimitUpload {
  fileUrl: string;
  part: 'pictures' | 'attachments' | 'signatures';
  contentType: string;
  /** index into the bases; negative: the signatures */
  base: number;
  meta: Record<string, unknown>;
}

export async function runSubmit(): Promise<{ rows: Row[]; details: string }> {
  const runs = numArg('runs', 3);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-submit');
  log('seeding');
  const seeded = await seedBenchData(dataDir, { reports: LISTING, toSubmit: runs * 2 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const device = String(session.reply.user.deviceName);
  const inspector = String(session.reply.user.name);
  const files = await bigFiles();
  const pictureBases = files.pictures.slice(0, 4);
  const sigs = [signaturePng(1), signaturePng(2)];
  const app: number[] = [];
  const limit: number[] = [];
  const appLongest: number[] = [];
  const requests: { count: number; distinct: number }[] = [];
  let appBytes = 0;
  let limitBytes = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const appId = seeded.submitIds[2 * i]!;
      const limitId = seeded.submitIds[2 * i + 1]!;
      const { context, page, profile } = await installedApp(origin, session, LISTING + seeded.submitIds.length);
      try {
        // the report to submit, as the tablet would hold it after the inspection
        const tpl = await fetchTemplate(origin, session.token, appId);
        const inspecting = inspectingReport(tpl, { device, inspector, pictures: 40 });
        const { report, files: specs } = signedByBoth(inspecting, { attachments: 5, pages: 2 });
        await writeLocalState(page, [report], specs, pictureBases, { clear: false, negative: sigs });
        // the inspector finishes the inspection in the app, which takes the fingerprint of what was signed
        await page.goto(`${origin}/pir/${appId}/#signature`);
        const finish = page.getByRole('button', { name: 'Finish the inspection' });
        await finish.click({ timeout: 60_000 });
        // gone once the report is stored as ready to submit
        await finish.waitFor({ state: 'detached', timeout: 60_000 });
        await page.goto(`${origin}/pir/${appId}/#submit`);
        const submit = page.getByRole('button', { name: 'Submit', exact: true });
        await submit.waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForTimeout(500);

        // the limit's report and bytes: the same sizes as the app's uploads
        const ltpl = await fetchTemplate(origin, session.token, limitId);
        const lreport = signedByBoth(inspectingReport(ltpl, { device, inspector, pictures: 40 }), { attachments: 5, pages: 2 }).report;
        const uploads: LimitUpload[] = [
          { fileUrl: 'signature_master.png', part: 'signatures', contentType: 'image/png', base: -1, meta: { role: 'master' } },
          { fileUrl: 'signature_inspector.png', part: 'signatures', contentType: 'image/png', base: -2, meta: { role: 'inspector' } },
          ...lreport.extended!.pictures.map((p, k) => ({
            fileUrl: `picture_${p.uid}.jpg`,
            part: 'pictures' as const,
            contentType: 'image/jpeg',
            base: k,
            meta: { uid: p.uid, type: p.type, author: p.author, description: p.description, date: p.date },
          })),
          ...lreport
            .extended!.attachments.filter((a) => a.offline)
            .map((a, k) => ({ fileUrl: a.name, part: 'attachments' as const, contentType: 'application/pdf', base: 1000 + k, meta: { uid: a.uid, type: a.type, name: a.name } })),
        ];

        for (const which of i % 2 ? ['limit', 'app'] : ['app', 'limit']) {
          if (which === 'app') {
            const counter = countRequests(page, /^POST \/be\/offline-api\/submit-file\//);
            const t = await clickUntilStored(page, submit, appId, 'submitted', 600_000);
            requests.push(counter.stop());
            if (process.env.BENCH_TIMELINE) {
              const tl = await page.evaluate(() => {
                const w = window as unknown as BenchWindow & { __clickAt?: number };
                return w.__bench.idb.map((x) => `${Math.round(x.t - w.__clickAt!)} ${x.store} ${x.op} ${x.status ?? ''} ${x.bytes}`);
              });
              console.log(tl.join('\n'));
            }
            app.push(t);
            appLongest.push(await longestTask(page));
            log(`submit run ${i + 1}: app ${ms(t)}`);
          } else {
            const r = await limitSubmit(page, {
              token: session.token,
              callId: lreport.offlinePendingForms[0]!.id,
              pir: lreport,
              uploads,
              pictures: pictureBases,
              pdfs: files.pdfs,
              sigs,
              tag: `run ${i}`,
            });
            limit.push(r.t);
            limitBytes = r.bytes;
            log(`submit run ${i + 1}: plain save + parallel uploads + complete-submit ${ms(r.t)}`);
          }
        }
        const list = await apiGet<Pir[]>(origin, session.token, 'offline-api/current-files');
        for (const id of [appId, limitId]) {
          const st = list.find((x) => x.id === id)?.status;
          if (st !== 'submitted') throw new Error(`report ${id} is ${st} on the server after its submission`);
        }
        appBytes = await page.evaluate(async (id) => {
          // what the app uploaded: the report's pictures, assembled attachment PDFs and signatures
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open('pir-app');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          const all = await new Promise<{ id: string; size: number }[]>((resolve) => {
            const req = db.transaction('files').objectStore('files').index('byPir').getAll(id);
            req.onsuccess = () => resolve(req.result as { id: string; size: number }[]);
          });
          db.close();
          return all.filter((f) => !f.id.startsWith('attachment-page:')).reduce((s, f) => s + f.size, 0);
        }, appId);
      } finally {
        await context.close();
        rmrf(profile);
      }
    }
  } finally {
    await server.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
  }
  const a = stats(app);
  const l = stats(limit);
  const r = a.median / l.median;
  const rows: Row[] = [
    {
      benchmark: `Submit: 40 pictures + 5 PDFs + 2 signatures, ${bytes(appBytes)} (Submit → submitted)`,
      figure: short(a),
      limit: `${short(l)} plain save + parallel uploads`,
      ratio: ratioVs(a.median, l.median, RATIO_TARGET),
      target: `ratio ≤ ${RATIO_TARGET}`,
      met: r <= RATIO_TARGET,
    },
  ];
  const d: string[] = [];
  d.push(
    `${runs} runs each (each on its own report of the server, held by this tablet). The app uploaded ${bytes(appBytes)} (40 pictures, 5 PDFs it assembled from 10 pages, 2 signatures); the limit ${bytes(limitBytes)} in 47 files. ` +
      `Throughput: app ${bytes(appBytes / (a.median / 1000))}/s, limit ${bytes(limitBytes / (l.median / 1000))}/s.`,
  );
  d.push('');
  d.push(
    mdTable(
      ['', 'median', 'p25', 'p75', 'min', 'max'],
      [
        ['app: Submit → report stored as submitted', a],
        ['limit: save, all uploads at once, complete-submit', l],
      ].map(([label, s]) => {
        const st = s as ReturnType<typeof stats>;
        return [label as string, ms(st.median), ms(st.p25), ms(st.p75), ms(st.min), ms(st.max)];
      }),
    ),
  );
  d.push('');
  d.push(
    `Uploads the app made per submission: ${requests.map((q) => `${q.count} requests for ${q.distinct} files`).join('; ')}. ` +
      `Longest main-thread task during the app's submission: ${longestText(appLongest)}. ` +
      'The app reads each file from IndexedDB, hashes it (SHA-256), assembles the attachment PDFs (pdf-lib) and stores them, then saves and uploads with XMLHttpRequest (for upload progress; ' + runnerConstants() + '), storing each task\'s state; the limit sends all uploads at once.',
  );
  return { rows, details: d.join('\n') };
}

/** The limit of a submission: the same protocol, bare. Returns ms from the save to complete-submit's answer. */
async function limitSubmit(
  page: Page,
  o: { token: string; callId: number; pir: Pir; uploads: LimitUpload[]; pictures: Uint8Array[]; pdfs: Uint8Array[]; sigs: Uint8Array[]; tag: string },
): Promise<{ t: number; bytes: number }> {
  const b64 = (list: Uint8Array[]) => list.map((b) => Buffer.from(b).toString('base64'));
  return page.evaluate(
    async ({ token, callId, pir, uploads, pictures, pdfs, sigs, tag }) => {
      const decode = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
      const pics = pictures.map(decode);
      const docs = pdfs.map(decode);
      const signs = sigs.map(decode);
      const withComment = (base: Uint8Array, text: string) => {
        const t = new TextEncoder().encode(text);
        const out = new Uint8Array(base.byteLength + 4 + t.byteLength);
        out.set(base.subarray(0, 2), 0);
        out.set([0xff, 0xfe, (t.byteLength + 2) >> 8, (t.byteLength + 2) & 0xff], 2);
        out.set(t, 6);
        out.set(base.subarray(2), 6 + t.byteLength);
        return out;
      };
      const items = await Promise.all(
        uploads.map(async (u) => {
          let bytes: Uint8Array<ArrayBuffer>;
          if (u.base < 0) bytes = signs[-u.base - 1]!;
          else if (u.base >= 1000) bytes = new Uint8Array([...docs[(u.base - 1000) % docs.length]!, ...new TextEncoder().encode(`\n%${tag} ${u.fileUrl}\n`)]);
          else bytes = withComment(pics[u.base % pics.length]!, `limit ${tag} ${u.fileUrl}`);
          const digest = await crypto.subtle.digest('SHA-256', bytes);
          const sha256 = [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, '0')).join('');
          return { ...u, bytes, sha256 };
        }),
      );
      const announce = (part: string) =>
        items.filter((i) => i.part === part).map((i) => ({ fileUrl: i.fileUrl, contentType: i.contentType, size: i.bytes.byteLength, sha256: i.sha256, ...i.meta }));
      const auth = { Authorization: `Bearer ${token}` };
      const t0 = performance.now();
      const form = new FormData();
      form.set('pir', JSON.stringify(pir));
      form.set('vessel', JSON.stringify((pir as { extended: { vessel: unknown } }).extended.vessel));
      form.set('pictures', JSON.stringify(announce('pictures')));
      form.set('attachments', JSON.stringify(announce('attachments')));
      form.set('signatures', JSON.stringify(announce('signatures')));
      const saved = await fetch(`/be/offline-api/pir/${callId}/save`, { method: 'POST', headers: auth, body: form });
      if (!saved.ok) throw new Error(`save: ${saved.status} ${await saved.text()}`);
      const replies = await Promise.all(
        items.map((i) =>
          fetch(`/be/offline-api/submit-file/${callId}/${encodeURIComponent(i.fileUrl)}`, {
            method: 'POST',
            headers: { ...auth, 'Content-Type': 'application/octet-stream' },
            body: i.bytes,
          }).then(async (r) => ({ ok: r.ok, text: await r.text() })),
        ),
      );
      const bad = replies.find((r) => !r.ok || !r.text.startsWith('ok'));
      if (bad) throw new Error(`upload: ${bad.text}`);
      const done = await fetch(`/be/offline-api/pir/${callId}/complete-submit`, { headers: auth }).then((r) => r.json());
      const t = performance.now() - t0;
      // the server's receipt (SPEC §7): every file sent is on it
      if (done?.total?.files !== items.length) throw new Error(`complete-submit answered ${JSON.stringify(done).slice(0, 300)}`);
      return { t, bytes: items.reduce((s, i) => s + i.bytes.byteLength, 0) };
    },
    { token: o.token, callId: o.callId, pir: o.pir, uploads: o.uploads, pictures: b64(o.pictures), pdfs: b64(o.pdfs), sigs: b64(o.sigs), tag: o.tag },
  );
}
