/**
 * 9. An inspection on a modest tablet (targets 1–3): 1280×800, the CPU slowed 4× over
 * the DevTools protocol (Emulation.setCPUThrottlingRate), 200 reports stored, the report inspected
 * holding 20 catches on board, 10 pictures and 3 local attachments.
 *  1. Interaction latency through a scripted inspection, from the Event Timing API in the page
 *     (PerformanceObserver type 'event', durationThreshold 16, buffered): an interaction's latency is
 *     the longest duration of its events (one interactionId), named by the script's action.
 *     Limit: the same kinds of interaction (taps, keystrokes) on the bare page in the same browser at
 *     the same 4× slowdown, where nothing but the browser's own input and frame work happens.
 *  2. Opening a report, 9 times (`--opens N`), the first with the page's code not yet run: the tap on
 *     its card (the pointer event's timestamp) → the first frame presented after the current step's
 *     form is in the DOM; the target is on the 75th percentile. Limit: a tap on the bare page → the
 *     next frame.
 *  3. Adding a 12-megapixel JPEG (4000×3000): the file input's change → its thumbnail painted and the
 *     resized copy's IndexedDB transaction complete; the longest main-thread task meanwhile. Limit:
 *     the browser's own decode and resize of that JPEG to 3000×2250 (createImageBitmap with resize,
 *     then a JPEG encode on an OffscreenCanvas) on the bare page. The same "no task over 50 ms" for
 *     the attachment PDFs (5 pages each, built in their worker while submitting) and the whole
 *     submission of a report of 10 pictures and 3 attachments.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import type { Pir } from '../lib/contract/index';
import { FORM_STEPS } from '../lib/inspection/steps';
import { attachmentPageFileId } from '../lib/media/file-ids';
import { originalAt, projectPath } from './lib/source-maps';
import { log, mdTable, ms, numArg, ratio, short, stats, tmpDir, type Row } from './lib/common';
import { countStored, freshContext, launch, type BenchWindow } from './lib/browser';
import { fetchTemplate, inspectingReport, pictureFiles, signedByBoth, signaturePng, writeLocalState, type FileSpec } from './lib/local-state';
import { apiLogin, BARE_PAGE, copyStatic, startServerProcess, tearDown } from './lib/server';
import { BENCH_USER, bigFiles, makeJpeg, seedBenchData } from './lib/seed';
import { CLOCK_MARK, GC_TRACE_CATEGORIES, gcDuring, gcPauses, gcSummary, type GcPause } from './lib/gc-pauses';

const REPORTS = 200;
const CPU_SLOWDOWN = 4;
const CATCHES = 20;
const PICTURES = 10;
const ATTACHMENTS = 3;
const ATTACHMENT_PAGES = 5;
export const P98_TARGET_MS = 100;
export const MAX_TARGET_MS = 200;
export const OPEN_TARGET_MS = 300;
export const PICTURE_TARGET_MS = 1500;
export const TASK_TARGET_MS = 50;

/** Steps left to do on the report opened: the current step is the catches on board, a long form. */
const LEFT_TO_DO = ['catchonboard', 'monitoring', 'examinations', 'infringement'];

interface TimingEntry {
  name: string;
  start: number;
  duration: number;
  id: number;
  processingStart: number;
  processingEnd: number;
}

interface InspWindow {
  __insp: {
    events: TimingEntry[];
    marks: { label: string; t: number }[];
    tapAt: number | null;
    changeAt: number | null;
    workers: { name: string; start: number; end: number | null }[];
    /** long animation frames' scripts over 30 ms: what ran (attribution of slow interactions and long tasks) */
    scripts: Script[];
  };
}

interface Script {
  start: number;
  duration: number;
  invoker: string;
  type: string;
  source: string;
  fn: string;
  layout: number;
  /** character offset of the function in its script */
  pos: number;
}

/** Before any page script: Event Timing, the last tap and file choice, and each worker's request → reply. */
function instrument() {
  const w = window as unknown as InspWindow;
  if (w.__insp) return;
  const insp: InspWindow['__insp'] = { events: [], marks: [], tapAt: null, changeAt: null, workers: [], scripts: [] };
  w.__insp = insp;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        insp.events.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId ?? 0, processingStart: e.processingStart, processingEnd: e.processingEnd });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    // no Event Timing
  }
  try {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries() as (PerformanceEntry & { scripts?: Record<string, unknown>[] })[]) {
        for (const sc of frame.scripts ?? []) {
          if (Number(sc.duration) < 30) continue;
          insp.scripts.push({
            start: Number(sc.startTime),
            duration: Number(sc.duration),
            invoker: String(sc.invoker ?? ''),
            type: String(sc.invokerType ?? ''),
            source: String(sc.sourceURL ?? '').replace(/^.*\/_next\/static\//, ''),
            fn: String(sc.sourceFunctionName ?? ''),
            layout: Number(sc.forcedStyleAndLayoutDuration ?? 0),
            pos: Number(sc.sourceCharPosition ?? -1),
          });
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no Long Animation Frames
  }
  addEventListener('pointerdown', (e) => (insp.tapAt = e.timeStamp), { capture: true });
  addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement | null)?.type === 'file') insp.changeAt = e.timeStamp;
  }, { capture: true });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      const name = options?.name ?? String(url);
      let open: { name: string; start: number; end: number | null } | null = null;
      const post = this.postMessage.bind(this) as (...a: unknown[]) => void;
      this.postMessage = ((...a: unknown[]) => {
        open = { name, start: performance.now(), end: null };
        insp.workers.push(open);
        post(...a);
      }) as Worker['postMessage'];
      this.addEventListener('message', () => {
        if (open) open.end = performance.now();
        open = null;
      });
    }
  };
}

const events = (page: Page) => page.evaluate(() => (window as unknown as InspWindow).__insp);

async function mark(page: Page, label: string) {
  await page.evaluate((label) => (window as unknown as InspWindow).__insp.marks.push({ label, t: performance.now() }), label);
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Interactions (entries sharing an interactionId), each named by the action the script was doing. */
function interactions(insp: InspWindow['__insp']): { label: string; event: string; duration: number; inputDelay: number; processing: number; start: number }[] {
  const byId = new Map<number, TimingEntry[]>();
  for (const e of insp.events) if (e.id > 0) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
  const marks = [...insp.marks].sort((a, b) => a.t - b.t);
  return [...byId.values()].map((list) => {
    const worst = list.reduce((a, b) => (b.duration > a.duration ? b : a));
    const start = Math.min(...list.map((e) => e.start));
    const label = marks.filter((m) => m.t <= start + 1).at(-1)?.label ?? '(before the script)';
    return {
      label,
      event: worst.name,
      duration: worst.duration,
      inputDelay: worst.processingStart - worst.start,
      processing: Math.max(...list.map((e) => e.processingEnd)) - Math.min(...list.map((e) => e.processingStart)),
      start,
    };
  });
}

/**
 * Where a script's function is in the app's sources, when the build has source maps (`SOURCE_MAPS=1`):
 * e.g. `lib/query/persister.ts:40`; undefined otherwise.
 */
function originalSource(x: Script): string | undefined {
  const found = x.pos < 0 ? null : originalAt(x.source, { offset: x.pos });
  return found ? `${projectPath(found.source)}:${found.line}` : undefined;
}

/** The longest scripts that ran between `from` and `to` (Long Animation Frames attribution), one line. */
function attribution(scripts: Script[], from: number, to: number, n = 3): string {
  const hit = scripts.filter((x) => x.start + x.duration >= from - 1 && x.start <= to + 1).sort((a, b) => b.duration - a.duration).slice(0, n);
  if (!hit.length) return 'no script over 30 ms (rendering, style and layout, or waiting)';
  return hit.map((x) => `${ms(x.duration)} ${x.type} \`${x.invoker}\`${x.fn ? ` → ${x.fn}` : ''}${x.source ? ` (${originalSource(x) ?? x.source})` : ''}${x.layout >= 5 ? `, forced layout ${ms(x.layout)}` : ''}`).join('; ');
}

function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

/** A reference field's picker: open it, search by typing, take the first match (and apply when it asks). */
async function pick(page: Page, act: Act, scope: ReturnType<Page['locator']>, label: string, search: string, what: string) {
  await act(`${what}: open the picker`, () => scope.getByLabel(label, { exact: true }).first().click());
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').waitFor({ timeout: 30_000 });
  await act(`${what}: type the search`, () => page.keyboard.type(search, { delay: 60 }));
  await page.waitForTimeout(400);
  await act(`${what}: tap an entry`, () => dialog.getByRole('option').first().click());
  const apply = dialog.getByRole('button', { name: 'Apply' });
  if (await apply.isVisible()) await act(`${what}: apply`, () => apply.click());
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

type Act = (label: string, fn: () => Promise<unknown>, settle?: number) => Promise<void>;

const LONG_TEXT =
  'Logbook checked against the landing declaration: entries complete for the trip, catch areas consistent with VMS positions; ' +
  'two discrepancies in the yellowfin quantities were explained by the master (ice weight).';

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const opens = numArg('opens', 9);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-inspection');
  log(`seeding ${REPORTS} reports and 2 held by the tablet`);
  const seeded = await seedBenchData(dataDir, { reports: REPORTS, toSubmit: 2 });
  const server = await startServerProcess({ dataDir, staticDir });
  const origin = server.url;
  const session = await apiLogin(origin, BENCH_USER);
  const device = String(session.reply.user.deviceName);
  const inspector = String(session.reply.user.name);
  const bases = (await bigFiles()).pictures.slice(0, 4);
  const sigs = [signaturePng(1), signaturePng(2)];
  log('a 12-megapixel JPEG (4000×3000)');
  const bigJpeg = Buffer.from(makeJpeg(4000, 3000, 99, 85));
  const browser = await launch();
  const notes: string[] = [];
  const openSamples: number[] = [];
  const openWindows: [number, number][] = [];
  const openFloor: number[] = [];
  let all: ReturnType<typeof interactions> = [];
  let floorDurations: number[] = [];
  let floorCount = 0;
  let picture = { t: 0, thumb: 0, stored: 0, longest: 0, longStart: 0, longStartsBefore: 0, longestAfter: 0, longAfterStart: 0, tasks: 0, from: 0, to: 0 };
  let pictureFloor = 0;
  let inspScripts: Script[] = [];
  let inspGc: GcPause[] = [];
  let submitScripts: Script[] = [];
  let submission = { t: 0, longest: 0, longStart: 0, tasks: 0, pdfs: 0, pdfLongest: 0, pdfWindows: [] as string[], workerNames: [] as string[] };
  const [inspectId, submitId] = seeded.submitIds as [number, number];
  try {
    const context = await freshContext(browser, origin, session);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto(`${origin}/reports/`);
    const until = Date.now() + 180_000;
    while ((await countStored(page, 'reports')) < REPORTS + 2 || (await countStored(page, 'processes')) > 0) {
      if (Date.now() > until) throw new Error(`the app did not store ${REPORTS + 2} reports and settle within 3 minutes`);
      await page.waitForTimeout(300);
    }

    // ---- the tablet's state: the report being inspected, and one ready to submit
    const tpl = await fetchTemplate(origin, session.token, inspectId);
    const base = inspectingReport(tpl, { device, inspector, pictures: PICTURES });
    const ext = base.extended!;
    const catchOnboard = Array.from({ length: CATCHES }, (_, i) => ({
      uid: `bench-catch-${i}`,
      species: 1 + ((i * 7) % 160),
      productForm: 1 + (i % 17),
      catchArea: [1 + (i % 130)],
      quantity: 1000 + i * 10,
      quantityToLand: 800 + i * 10,
      monitoredLandedQuantity: 802 + i * 10,
      quantityToTransship: 0,
      monitoredTranshippedQuantity: 0,
      deltaLanded: 2,
      deltaTranshipped: 0,
      objection: false,
      comments: '',
    }));
    const files: FileSpec[] = pictureFiles(base);
    const attachments = Array.from({ length: ATTACHMENTS }, (_, a) => {
      const uid = `bench-att-${inspectId}-${a}`;
      const pages = Array.from({ length: ATTACHMENT_PAGES }, (_, p) => attachmentPageFileId(inspectId, uid, `page-${p}`));
      pages.forEach((id, p) => files.push({ id, pirId: inspectId, filename: `CRLI_${uid}_${p + 1}.jpg`, contentType: 'image/jpeg', base: a + p, variant: true }));
      return { uid, type: 'CRLI', name: `CRLI_${uid}.pdf`, offline: true, documentTag: null, pictures: pages };
    });
    const status = Object.fromEntries(FORM_STEPS.map((s) => [s, !LEFT_TO_DO.includes(s)]));
    const inspecting: Pir = {
      ...base,
      inspectionstatus: { ...base.inspectionstatus, ...status },
      extended: { ...ext, attachments: [...ext.attachments, ...attachments], pir: { ...ext.pir, catchOnboard } },
    };
    const toSubmit = signedByBoth(
      { ...inspectingReport(await fetchTemplate(origin, session.token, submitId), { device, inspector, pictures: PICTURES }), inspectionstatus: Object.fromEntries(FORM_STEPS.map((s) => [s, true])) },
      { attachments: ATTACHMENTS, pages: ATTACHMENT_PAGES },
    );
    // Written with the app closed (a file of its origin open instead): the app, left open, could store its
    // own copy of these reports over them (a listing merged meanwhile), and the report then opened on
    // another step and the one to submit was no longer signed (seen once in 17 runs).
    await page.goto(`${origin}/manifest.webmanifest`);
    await writeLocalState(page, [inspecting, toSubmit.report], [...files, ...toSubmit.files], bases, { clear: false, negative: sigs });
    await page.goto(`${origin}/reports/`);
    const card = page.locator(`[data-report-id="${inspectId}"]`);
    const cardLink = card.getByRole('link').first();
    await cardLink.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);
    const cdp = await throttle(page);
    // PIR_BENCH_CPUPROFILE=<file>: a CPU profile of the openings and the catches step (for a build
    // with SOURCE_MAPS=1, so its functions can be named), or of the whole inspection with
    // PIR_BENCH_CPUPROFILE_ALL=1; not part of the figures.
    const profileTo = process.env.PIR_BENCH_CPUPROFILE;
    const profileAll = process.env.PIR_BENCH_CPUPROFILE_ALL === '1';
    // PIR_BENCH_TRACE=<file>: a Chrome trace of the same (style, layout and paint of each task), or of
    // the whole inspection with PIR_BENCH_TRACE_ALL=1.
    const traceTo = process.env.PIR_BENCH_TRACE;
    const traceAll = process.env.PIR_BENCH_TRACE_ALL === '1';
    // PIR_BENCH_HEAPPROFILE=<file>: what the inspection allocates (a sampling heap profile from the
    // catches step to the vessel pictures, collected objects included), for bench/profile-heap.ts.
    const heapTo = process.env.PIR_BENCH_HEAPPROFILE;
    // PIR_BENCH_HEAPPROFILE_SURVIVORS=1: only what outlived a minor collection (what fills the old
    // generation, so what brings on the major collections).
    const survivorsOnly = process.env.PIR_BENCH_HEAPPROFILE_SURVIVORS === '1';
    // Without a trace asked for, the garbage collections alone are traced through the inspection: what
    // holds up an interaction with no script in it (the slowest interactions name them).
    // (Chrome records one trace at a time: not when the picture's trace is asked for.)
    const gcTrace = traceTo || process.env.PIR_BENCH_PICTURE_TRACE ? null : path.join(tmpDir('inspection-gc'), 'gc.json');
    if (traceTo) await browser.startTracing(page, { path: traceTo, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'v8', ...GC_TRACE_CATEGORIES] });
    else if (gcTrace) await browser.startTracing(page, { path: gcTrace, categories: GC_TRACE_CATEGORIES });
    const clockMarkedAt = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }

    const act: Act = async (label, fn, settle = 250) => {
      await mark(page, label);
      try {
        await fn();
      } catch (e) {
        // what the page showed when the script lost its way
        const shot = path.join(tmpDir('inspection-failed'), 'page.png');
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        log(`"${label}" failed; the page then: ${shot}`);
        throw e;
      }
      await page.waitForTimeout(settle);
    };

    // ---- 2. opening the report from its card, `opens` times
    const panel = page.locator('section[aria-labelledby="step-title"]');
    for (let i = 0; i < opens; i++) {
      await cardLink.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      const painted = page.evaluate(
        () =>
          new Promise<[number, number]>((resolve) => {
            const w = window as unknown as InspWindow & BenchWindow;
            w.__insp.tapAt = null;
            const done = () => {
              const form = document.querySelector('section[aria-labelledby="step-title"] input, section[aria-labelledby="step-title"] textarea, section[aria-labelledby="step-title"] [role="radiogroup"]');
              if (!form || w.__insp.tapAt === null) return false;
              const tap = w.__insp.tapAt;
              void w.__bench.afterNextFrame().then((t) => resolve([tap, t]));
              return true;
            };
            const mo = new MutationObserver(() => {
              if (done()) mo.disconnect();
            });
            mo.observe(document.body, { childList: true, subtree: true });
          }),
      );
      await act('open the report from its card', () => cardLink.click(), 0);
      const [tap, paint] = await painted;
      openSamples.push(paint - tap);
      openWindows.push([tap, paint]);
      await panel.waitFor();
      const step = await panel.getAttribute('data-testid');
      if (i === 0) log(`opened on ${step}: ${ms(openSamples[0]!)}`);
      if (i < opens - 1) {
        await page.goBack();
        await cardLink.waitFor({ timeout: 60_000 });
      }
    }
    log(`openings: ${openSamples.map((x) => ms(x)).join(', ')}`);
    const opened = (await panel.getAttribute('data-testid')) ?? '?';
    notes.push(`The report opens on its current step, \`${opened}\` (the first step not complete).`);

    // ---- 1. the inspection
    const stepper = (s: string) => page.getByTestId(`stepper-${s}`);
    const goTo = async (s: string, title: string) => {
      await act(`move to the step "${title}"`, () => stepper(s).click());
      await page.getByTestId(`step-${s}`).waitFor({ timeout: 30_000 });
    };
    const stopProfile = async () => {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profileTo!, JSON.stringify(profile));
      log(`CPU profile: ${profileTo}`);
    };
    const stopTrace = async () => {
      await browser.stopTracing();
      log(`trace: ${traceTo}`);
    };
    // PIR_BENCH_PROBE=<n>: opens a picker, taps one of its entries and opens a confirmation, n times
    // each, prints their latencies, and ends there (to compare two builds on one kind of tap; not part
    // of the figures). A trace or CPU profile asked for then records the probe.
    const probe = Number(process.env.PIR_BENCH_PROBE ?? 0);
    if (probe > 0) {
      await goTo('updatevesselidentity', 'Vessel identity');
      if (profileTo) {
        // the probe alone
        await cdp.send('Profiler.stop');
        await cdp.send('Profiler.start');
      }
      for (let i = 0; i < probe; i++) {
        await act('probe: open the flag state picker', () => panel.getByLabel('Flag state', { exact: true }).first().click());
        await page.getByRole('dialog').waitFor();
        await act('probe: close the picker', () => page.keyboard.press('Escape'));
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
      }
      for (let i = 0; i < probe; i++) {
        await act('probe: open the picker (to tap an entry)', () => panel.getByLabel('Flag state', { exact: true }).first().click());
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(300);
        await act('probe: tap an entry of the picker', () => page.getByRole('dialog').getByRole('option').nth(i % 2).click());
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
      }
      await goTo('catchonboard', 'Catch on board');
      for (let i = 0; i < probe; i++) {
        await act('probe: open a deletion confirmation', () => panel.getByTestId('list-item').first().getByRole('button', { name: /^Delete / }).first().click());
        await act('probe: cancel the deletion', () => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click());
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
      }
      await page.waitForTimeout(500);
      const probed = interactions(await events(page)).filter((x) => x.label.startsWith('probe: '));
      for (const label of new Set(probed.map((x) => x.label))) {
        const of = (pick: (x: (typeof probed)[number]) => number) => probed.filter((x) => x.label === label).map(pick).sort((a, b) => a - b);
        const median = (d: number[]) => d[Math.floor(d.length / 2)]!.toFixed(0);
        const d = of((x) => x.duration);
        log(`${label}: median ${median(d)} ms (processing ${median(of((x) => x.processing))} ms), [${d.join(', ')}] (load ${os.loadavg()[0]!.toFixed(2)})`);
      }
      if (traceTo) await stopTrace();
      if (profileTo) await stopProfile();
      throw new Error('PIR_BENCH_PROBE: probe done, nothing else measured');
    }
    const complete = async (s: string) => {
      const button = panel.getByRole('button', { name: 'Mark complete' });
      if (!(await button.isEnabled())) {
        notes.push(`"Mark complete" was not enabled on \`${s}\`: left as is.`);
        return;
      }
      await act(`mark "${s}" complete`, () => button.click());
      if ((await stepper(s).getAttribute('data-state')) !== 'done') notes.push(`\`${s}\` did not show as done after "Mark complete".`);
    };
    const typeInto = async (label: string, field: ReturnType<Page['locator']>, text: string) => {
      await act(`tap the field "${label}"`, () => field.click());
      await act(`type into "${label}" (a keystroke)`, () => page.keyboard.type(text, { delay: 40 }));
    };
    const answer = async (group: string, yes: boolean, nth = 0) =>
      act(`answer ${yes ? 'yes' : 'no'} to "${group}"`, () => panel.getByRole('radiogroup', { name: group }).nth(nth).getByRole('radio', { name: yes ? 'Yes' : 'No' }).click());
    /** yes, then no: an answer changed */
    const toggle = async (group: string) => {
      await answer(group, true);
      await answer(group, false);
    };
    const deleteFirst = async (what: string) => {
      await act(`delete a ${what}`, () => panel.getByTestId('list-item').first().getByRole('button', { name: /^Delete / }).first().click());
      await act(`confirm deleting the ${what}`, () => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click());
    };

    if (heapTo) {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivorsOnly });
    }
    // catches on board (20 entries): add one, pick its species (164), type its quantities, delete it
    if (opened !== 'step-catchonboard') await goTo('catchonboard', 'Catch on board');
    await act('add a catch', () => panel.getByRole('button', { name: 'Add a catch' }).click());
    // the new entry comes a frame after the tap is answered: act on it, not on the one it will push down
    await panel.locator('[data-testid="list-item"][data-new="true"]').waitFor();
    const entry = panel.getByTestId('list-item').first();
    await pick(page, act, entry, 'Species', 'tuna', 'species (164)');
    await typeInto('Quantity on board (kg)', entry.getByLabel('Quantity on board (kg)'), '1250');
    await typeInto('Declared to land (kg)', entry.getByLabel('Declared to land (kg)'), '1000');
    await deleteFirst('catch');
    await complete('catchonboard');
    if (profileTo && !profileAll) await stopProfile();
    if (traceTo && !traceAll) await stopTrace();

    // vessel identity: the flag state (249), the MMSI
    await goTo('updatevesselidentity', 'Vessel identity');
    await pick(page, act, panel, 'Flag state', 'Maurit', 'flag state (249)');
    const mmsi = panel.getByLabel('MMSI', { exact: true }).first();
    await act('tap the field "MMSI"', () => mmsi.click());
    await act('select all in "MMSI"', () => page.keyboard.press('Control+A'));
    await act('type into "MMSI" (a keystroke)', () => page.keyboard.type('664123456', { delay: 40 }));
    await complete('updatevesselidentity');

    // transhipments: one added in port, its port (1,244) and flag state (249) picked, then deleted
    await goTo('transhipmentInfo', 'Transhipments');
    await act('add a transhipment', () => panel.getByRole('button', { name: 'Add a transhipment' }).click());
    const trx = panel.getByTestId('transhipment-entry').first();
    const inPort = trx.getByRole('radio', { name: 'In port' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await act('choose "In port"', () => inPort.click(), 1000);
      if ((await inPort.getAttribute('aria-checked')) === 'true') break;
      notes.push(`The tap on "In port" (attempt ${attempt}) did not take: the choice showed unchecked 1 s later.`);
    }
    await pick(page, act, trx, 'Port', 'Port Lou', 'port (1,244)');
    await pick(page, act, trx, 'Other vessel flag state', 'Seych', 'flag state (249)');
    await typeInto('Other vessel name', trx.getByLabel('Other vessel name'), 'Ocean Carrier 7');
    await act('delete a transhipment', () => trx.getByRole('button', { name: /^Delete / }).first().click());
    await act('confirm deleting the transhipment', () => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click());
    await complete('transhipmentInfo');

    // yes/no answers
    await goTo('monitoring', 'Monitoring');
    await toggle('Landing or transhipment monitored');
    await complete('monitoring');
    await goTo('examinations', 'Examinations');
    for (let i = 0; i < 4; i++) await answer('Examined and in order', true, i);
    await answer('Examined and in order', false, 0);
    await answer('Examined and in order', true, 0);
    await complete('examinations');

    // long texts
    await goTo('findings', 'Findings');
    await typeInto('Findings of the inspector', panel.getByLabel('Findings of the inspector', { exact: true }), LONG_TEXT);
    await typeInto('Comments of the master', panel.getByLabel('Comments of the master', { exact: true }), LONG_TEXT.slice(0, 120));
    await complete('findings');
    await goTo('infringement', 'Infringements');
    await toggle('Infringements found');
    await complete('infringement');

    if (heapTo) {
      const { profile } = await cdp.send('HeapProfiler.stopSampling');
      fs.writeFileSync(heapTo, JSON.stringify(profile));
      log(`heap profile: ${heapTo}`);
    }
    // ---- 3. a 12-megapixel picture, with its type chosen afterwards
    await goTo('vesselpictures', 'Vessel pictures');
    const step = page.getByTestId('step-vesselpictures');
    const cards = step.getByTestId('picture-card');
    const before = await cards.count();
    await page.evaluate(() => {
      const w = window as unknown as InspWindow & BenchWindow;
      w.__insp.changeAt = null;
      w.__bench.longtasks.length = 0;
      w.__bench.idb.length = 0;
    });
    const pictureDone = page.evaluate(
      ({ before, reportId }) =>
        new Promise<{ thumb: number; stored: number }>((resolve) => {
          const w = window as unknown as InspWindow & BenchWindow;
          let thumb: number | null = null;
          let stored: number | null = null;
          const check = () => {
            if (w.__insp.changeAt === null) return;
            if (thumb === null) {
              const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="step-vesselpictures"] [data-testid="picture-card"] img')];
              const all = document.querySelectorAll('[data-testid="step-vesselpictures"] [data-testid="picture-card"]').length;
              if (all > before && imgs.length >= all && imgs.every((i) => i.complete && i.naturalWidth > 0)) {
                thumb = -1;
                void w.__bench.afterNextFrame().then((t) => (thumb = t));
              }
            }
            if (stored === null) {
              const put = w.__bench.idb.find((x) => x.store === 'files' && x.op === 'put' && String(x.id).startsWith(`picture:${reportId}:`) && x.done !== null);
              if (put) stored = put.done!;
            }
            if (thumb !== null && thumb > 0 && stored !== null) {
              clearInterval(timer);
              resolve({ thumb: thumb - w.__insp.changeAt, stored: stored - w.__insp.changeAt });
            }
          };
          const timer = setInterval(check, 10);
        }),
      { before, reportId: inspectId },
    );
    // PIR_BENCH_PICTURE_TRACE=<file>: a Chrome trace of adding the picture, and beside it
    // <file>.cpuprofile a CPU profile (not part of the figures).
    const pictureTraceTo = process.env.PIR_BENCH_PICTURE_TRACE;
    if (pictureTraceTo) {
      await browser.startTracing(page, { path: pictureTraceTo, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink'] });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const chooser = page.waitForEvent('filechooser');
    await act('tap "Take a picture"', () => step.getByRole('button', { name: 'Take a picture' }).click(), 0);
    await (await chooser).setFiles([{ name: 'bow.jpg', mimeType: 'image/jpeg', buffer: bigJpeg }]);
    const pd = await pictureDone;
    await page.waitForTimeout(300);
    if (pictureTraceTo) {
      await browser.stopTracing();
      fs.writeFileSync(`${pictureTraceTo}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      log(`trace of the picture: ${pictureTraceTo}`);
    }
    picture = await page.evaluate((pd) => {
      const w = window as unknown as InspWindow & BenchWindow;
      const t0 = w.__insp.changeAt!;
      const t1 = t0 + Math.max(pd.thumb, pd.stored);
      const tasks = w.__bench.longtasks.filter((t) => t.start + t.duration >= t0 && t.start <= t1);
      const long = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), { start: t0, duration: 0 });
      // the task that dispatched the change event began before it (Playwright hands the file over in it)
      const after = tasks.filter((t) => t.start >= t0);
      const longAfter = after.reduce((a, b) => (b.duration > a.duration ? b : a), { start: t0, duration: 0 });
      return {
        t: Math.max(pd.thumb, pd.stored),
        thumb: pd.thumb,
        stored: pd.stored,
        longest: long.duration,
        longStart: long.start,
        longStartsBefore: t0 - long.start,
        longestAfter: longAfter.duration,
        longAfterStart: longAfter.start,
        tasks: tasks.length,
        from: t0,
        to: t1,
      };
    }, pd);
    log(`picture: ${ms(picture.t)} (thumbnail ${ms(picture.thumb)}, stored ${ms(picture.stored)}), longest task after the change ${ms(picture.longestAfter)}`);
    const newCard = cards.nth(0);
    const typeBox = step.locator('[data-testid="picture-card"]').filter({ has: page.getByTestId('field-error') }).first().getByRole('combobox', { name: 'Picture type' });
    if (await typeBox.count()) {
      // the browser's own select: its list is the system's, so the choice is the one interaction
      await act('choose a picture type', () => typeBox.selectOption({ label: 'Picture: whole vessel' }));
    } else await newCard.waitFor();
    await complete('vesselpictures');

    // ---- signatures
    await goTo('signature', 'Signature');
    const start = panel.getByRole('button', { name: 'Start signing' });
    if (await start.isEnabled()) {
      await act('tap "Start signing"', () => start.click());
      await act('confirm "Start signing"', () => page.getByRole('alertdialog').getByRole('button', { name: 'Start signing' }).click());
      for (const [pad, save] of [
        ['pad-master', "Save the master's signature"],
        ['pad-inspector', 'Save my signature'],
      ] as const) {
        const area = page.getByTestId(pad).getByRole('application');
        await area.scrollIntoViewIfNeeded();
        const box = (await area.boundingBox())!;
        for (let s = 0; s < 3; s++) {
          await act(`draw a stroke on ${pad === 'pad-master' ? "the master's" : "the inspector's"} pad`, async () => {
            const pts = Array.from({ length: 16 }, (_, i) => ({ x: box.x + box.width * (0.1 + i * 0.05), y: box.y + box.height * (0.3 + 0.15 * s + 0.1 * Math.sin(i)) }));
            await page.mouse.move(pts[0]!.x, pts[0]!.y);
            await page.mouse.down();
            for (const p of pts) await page.mouse.move(p.x, p.y);
            await page.mouse.up();
          });
        }
        await act(`tap "${save}"`, () => page.getByTestId(pad).getByRole('button', { name: save }).click(), 600);
      }
    } else notes.push('"Start signing" was not enabled (a step not complete): no signature strokes in this run.');
    await page.waitForTimeout(1000);
    if (profileTo && profileAll) await stopProfile();
    if (traceTo && traceAll) await stopTrace();
    if (gcTrace) {
      await browser.stopTracing();
      inspGc = gcPauses(gcTrace, clockMarkedAt);
    }
    const inspEvents = await events(page);
    all = interactions(inspEvents);
    inspScripts = inspEvents.scripts;

    // ---- 3. the submission of a report of 10 pictures and 3 attachments of 5 pages, signed by both:
    // the inspector finishes it (the app takes the fingerprint of what was signed), then submits it
    await page.goto(`${origin}/pir/${submitId}/#signature`);
    const finish = page.getByRole('button', { name: 'Finish the inspection' });
    await finish.click({ timeout: 60_000 });
    // gone once the report is stored as ready to submit
    await finish.waitFor({ state: 'detached', timeout: 60_000 });
    await page.goto(`${origin}/pir/${submitId}/#submit`);
    const submitCdp = await throttle(page);
    // PIR_BENCH_SUBMIT_CPUPROFILE=<file>: a CPU profile of the submission (not part of the figures).
    const submitProfileTo = process.env.PIR_BENCH_SUBMIT_CPUPROFILE;
    const submit = panel.getByRole('button', { name: 'Submit', exact: true });
    await submit.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2000);
    await page.evaluate(() => {
      const w = window as unknown as InspWindow & BenchWindow;
      w.__bench.longtasks.length = 0;
      w.__bench.idb.length = 0;
      w.__insp.workers.length = 0;
      (window as unknown as { __submitAt: number }).__submitAt = performance.now();
    });
    if (submitProfileTo) {
      await submitCdp.send('Profiler.enable');
      await submitCdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await submitCdp.send('Profiler.start');
    }
    await submit.click();
    const doneAt = await page.waitForFunction(
      (id) => (window as unknown as BenchWindow).__bench.idb.find((x) => x.store === 'reports' && x.id === id && x.status === 'submitted' && x.done !== null)?.done ?? null,
      submitId,
      { timeout: 300_000, polling: 100 },
    );
    const end = (await doneAt.jsonValue())!;
    await page.waitForTimeout(300);
    if (submitProfileTo) {
      const { profile } = await submitCdp.send('Profiler.stop');
      fs.writeFileSync(submitProfileTo, JSON.stringify(profile));
      log(`CPU profile of the submission: ${submitProfileTo}`);
    }
    submission = await page.evaluate((end) => {
      const w = window as unknown as InspWindow & BenchWindow;
      const t0 = (window as unknown as { __submitAt: number }).__submitAt;
      const tasks = w.__bench.longtasks.filter((t) => t.start + t.duration >= t0 && t.start <= end);
      const pdf = w.__insp.workers.filter((x) => /pdf/i.test(x.name));
      const inPdf = tasks.filter((t) => pdf.some((p) => t.start + t.duration >= p.start && t.start <= (p.end ?? end)));
      const long = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), { start: t0, duration: 0 });
      return {
        t: end - t0,
        longest: long.duration,
        longStart: long.start,
        tasks: tasks.length,
        pdfs: pdf.length,
        pdfLongest: Math.max(0, ...inPdf.map((t) => t.duration)),
        pdfWindows: pdf.map((p) => `${Math.round(p.start - t0)}–${p.end === null ? '?' : Math.round(p.end - t0)} ms`),
        workerNames: [...new Set(w.__insp.workers.map((x) => x.name))],
      };
    }, end);
    submitScripts = (await events(page)).scripts;
    log(`submission: ${ms(submission.t)}, longest task ${ms(submission.longest)}; ${submission.pdfs} PDF builds in a worker, longest task meanwhile ${ms(submission.pdfLongest)}`);
    await cdp.detach().catch(() => undefined);

    // ---- limits on the bare page, same browser, same slowdown
    const bare = await context.newPage();
    await bare.goto(`${origin}${BARE_PAGE}`);
    await throttle(bare);
    await bare.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<p><button id="b" type="button">Tap</button> <input id="i" aria-label="Text"> <textarea id="t" aria-label="Long text"></textarea></p>');
    });
    await bare.waitForTimeout(500);
    for (let i = 0; i < 12; i++) {
      const t = bare.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const w = window as unknown as InspWindow & BenchWindow;
            w.__insp.tapAt = null;
            document.getElementById('b')!.addEventListener('click', () => void w.__bench.afterNextFrame().then((t) => resolve(t - w.__insp.tapAt!)), { once: true });
          }),
      );
      await bare.click('#b');
      openFloor.push(await t);
      await bare.waitForTimeout(200);
    }
    await bare.click('#i');
    await bare.keyboard.type('664123456 Ocean Carrier 7', { delay: 40 });
    await bare.click('#t');
    await bare.keyboard.type(LONG_TEXT.slice(0, 120), { delay: 40 });
    await bare.waitForTimeout(500);
    const floorInsp = await events(bare);
    const floorIds = new Map<number, number>();
    for (const e of floorInsp.events) if (e.id > 0) floorIds.set(e.id, Math.max(floorIds.get(e.id) ?? 0, e.duration));
    floorDurations = [...floorIds.values()];
    floorCount = 12 + 1 + 25 + 1 + 120;
    pictureFloor = await bare.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const t0 = performance.now();
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), { resizeWidth: 3000, resizeHeight: 2250, resizeQuality: 'high' });
      const canvas = new OffscreenCanvas(3000, 2250);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
      return performance.now() - t0;
    }, bigJpeg.toString('base64'));
    await context.close();
  } finally {
    await tearDown({ browser, server, staticDir, dataDir });
  }

  // ---- figures
  const durations = all.map((x) => x.duration);
  const p98 = quantile(durations, 0.98);
  const worst = Math.max(0, ...durations);
  const slowest = [...all].sort((a, b) => b.duration - a.duration).slice(0, 5);
  // interactions under 16 ms are not reported by the API: the floor counts them as 16 ms (an upper bound)
  const floorAll = [...floorDurations, ...Array.from({ length: Math.max(0, floorCount - floorDurations.length) }, () => 16)];
  const floorP98 = quantile(floorAll, 0.98);
  const op = stats(openSamples);
  const of = stats(openFloor);
  const over200 = all.filter((x) => x.duration > MAX_TARGET_MS);
  const rows: Row[] = [
    {
      benchmark: `Inspection at CPU 4×: interaction latency p98 (${all.length} interactions ≥ 16 ms)`,
      figure: `p98 ${ms(p98)}, max ${ms(worst)}`,
      limit: `p98 ≤ ${ms(floorP98)} bare page (same taps and keys)`,
      ratio: ratio(p98, floorP98),
      target: `p98 ≤ ${P98_TARGET_MS} ms, none > ${MAX_TARGET_MS} ms`,
      met: p98 <= P98_TARGET_MS && worst <= MAX_TARGET_MS,
    },
    {
      benchmark: `Opening a report at CPU 4×: tap on its card → current step painted`,
      figure: short(op),
      limit: `${short(of)} tap → next frame, bare page`,
      ratio: ratio(op.median, of.median),
      target: `p75 ≤ ${OPEN_TARGET_MS} ms`,
      met: op.p75 <= OPEN_TARGET_MS,
    },
    {
      benchmark: 'Adding a 12 MP picture at CPU 4×: chosen → thumbnail painted and stored',
      figure: `${ms(picture.t)}; longest task ${ms(picture.longestAfter)}`,
      limit: `${ms(pictureFloor)} browser decode + resize + encode`,
      ratio: ratio(picture.t, pictureFloor),
      target: `≤ ${PICTURE_TARGET_MS / 1000} s, no task > ${TASK_TARGET_MS} ms`,
      met: picture.t <= PICTURE_TARGET_MS && picture.longestAfter <= TASK_TARGET_MS,
    },
    {
      benchmark: `Attachment PDFs of ${ATTACHMENT_PAGES} pages at CPU 4× (built while submitting): longest main-thread task`,
      figure: submission.pdfs ? `${ms(submission.pdfLongest)} (${submission.pdfs} builds in a worker)` : 'no PDF build seen in a worker',
      limit: '–',
      ratio: '–',
      target: `no task > ${TASK_TARGET_MS} ms`,
      met: submission.pdfs > 0 ? submission.pdfLongest <= TASK_TARGET_MS : null,
    },
    {
      benchmark: `Submission at CPU 4× (${PICTURES} pictures, ${ATTACHMENTS} attachments): longest main-thread task`,
      figure: `${ms(submission.longest)} (${submission.tasks} tasks > 50 ms in ${ms(submission.t)})`,
      limit: '–',
      ratio: '–',
      target: `no task > ${TASK_TARGET_MS} ms`,
      met: submission.longest <= TASK_TARGET_MS,
    },
  ];

  const byLabel = new Map<string, number[]>();
  for (const x of all) byLabel.set(x.label, [...(byLabel.get(x.label) ?? []), x.duration]);
  const d: string[] = [];
  d.push(
    `${REPORTS} listing reports stored by the app plus 2 held by this tablet, signed in as ${BENCH_USER.username}; 1280×800; the CPU slowed ${CPU_SLOWDOWN}× over CDP ` +
      `(Emulation.setCPUThrottlingRate) for everything measured. The report inspected holds ${CATCHES} catches on board, ${PICTURES} pictures and ${ATTACHMENTS} local attachments of ${ATTACHMENT_PAGES} pages; ` +
      'the tablet state is written into IndexedDB (bench/lib/local-state.ts), not clicked through.',
  );
  d.push('');
  d.push(
    '**Interactions**: every Event Timing entry (PerformanceObserver type `event`, durationThreshold 16, buffered) with an interactionId; an interaction is the longest entry of its id ' +
      '(input delay + processing + until the next frame is presented), named by the script action running when it started. Interactions under 16 ms are not reported by the browser, so ' +
      `the ${all.length} counted are the ones at or over 16 ms; the percentile is over those (a pessimistic p98). ` +
      `Limit: the same taps and keystrokes (${floorCount}) on the bare page at the same slowdown: ${floorDurations.length} reached 16 ms (max ${ms(Math.max(0, ...floorDurations))}), the rest counted as 16 ms.`,
  );
  d.push('');
  const gcNote = (x: (typeof all)[number]) => {
    const gc = gcDuring(inspGc, x.start, x.start + x.duration, ms);
    return gc ? `, ${gc} meanwhile` : '';
  };
  // What an edit allocates shows here: the more that outlives a minor collection, the more major ones.
  if (inspGc.length) {
    d.push(`Garbage collection through the inspection (CPU 4×): ${gcSummary(inspGc, 'major', ms)}; ${gcSummary(inspGc, 'minor', ms)}.`);
    d.push('');
  }
  d.push(`Over ${MAX_TARGET_MS} ms: ${over200.length}${over200.length ? ` (${over200.map((x) => `${x.label}: ${ms(x.duration)}${gcNote(x)}`).join('; ')})` : ''}.`);
  d.push('');
  d.push('The five slowest interactions:');
  d.push('');
  d.push(
    mdTable(
      ['action', 'event', 'duration', 'input delay', 'processing', 'scripts that ran (Long Animation Frames)', 'garbage collection meanwhile (≥ 10 ms)'],
      slowest.map((x) => [x.label, x.event, ms(x.duration), ms(x.inputDelay), ms(x.processing), attribution(inspScripts, x.start, x.start + x.duration), gcDuring(inspGc, x.start, x.start + x.duration, ms) || '–']),
    ),
  );
  d.push('');
  d.push('By action (interactions ≥ 16 ms):');
  d.push('');
  d.push(mdTable(['action', 'n', 'median', 'max'], [...byLabel].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1])).map(([l, v]) => [l, v.length, ms(stats(v).median), ms(stats(v).max)])));
  d.push('');
  d.push(
    `**Opening**: ${opens} taps on the report's card in the list (back to the list between them); the pointerdown's timestamp → the first frame presented after the step's fields are in the DOM. ${notes[0] ?? ''} ` +
      `Scripts in the slowest open: ${openWindows.length ? attribution(inspScripts, ...openWindows[openSamples.indexOf(Math.max(...openSamples))]!, 5) : '–'}.`,
  );
  d.push('');
  d.push(
    `**Picture**: the file input's change event → the new card's thumbnail painted (${ms(picture.thumb)}) and the resized copy's IndexedDB transaction complete (${ms(picture.stored)}); ` +
      `${picture.tasks} long tasks meanwhile, the longest ${ms(picture.longest)} (it began ${ms(picture.longStartsBefore)} before the change event; scripts in it: ${attribution(inspScripts, picture.longStart, picture.longStart + picture.longest)}); ` +
      `the longest that began after the change event: ${ms(picture.longestAfter)} (scripts in it: ${attribution(inspScripts, picture.longAfterStart, picture.longAfterStart + picture.longestAfter)}). Limit: the browser's own decode and resize (createImageBitmap with resize to 3000×2250, JPEG encode on an OffscreenCanvas) of the same file on the bare page.`,
  );
  d.push('');
  d.push(
    `**Submission**: the tap on Submit → the report stored as submitted: ${ms(submission.t)}; ${submission.tasks} long tasks, the longest ${ms(submission.longest)} (scripts in it: ${attribution(submitScripts, submission.longStart, submission.longStart + submission.longest)}). ` +
      `Attachment PDF builds seen (worker request → reply): ${submission.pdfWindows.join(', ') || 'none'}; workers used: ${submission.workerNames.join(', ') || 'none'}.`,
  );
  if (notes.length > 1) {
    d.push('');
    for (const n of notes.slice(1)) d.push(`- ${n}`);
  }
  return { rows, details: d.join('\n') };
}
