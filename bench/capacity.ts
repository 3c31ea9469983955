/**
 * 12. Capacity: N tablets play a slice of their busiest hour against the server (its
 * own process, server/main.ts, behind --trust-proxy: each tablet has its own client address) on a data
 * directory of LISTING reports (bench/lib/seed.ts), for growing N:
 *  - every tablet polls the listing every 30 s with its entity tag (304 while nothing changed);
 *  - a quarter of the tablets claim a report and prepare it (extended info, then every file its listing
 *    record links: pictures, documents);
 *  - a quarter save a claimed report announcing 40 MB of pictures (20 of 2 MB) and 2 signatures,
 *    upload them and complete-submit (the server renders the PIR PDF).
 * Each step lasts STEP_S seconds, the claims and submissions spread at random over its first half.
 * Reported per step: p50/p99 of each call, errors, the server's CPU (share of one core) and peak
 * memory (RSS), and the first N at which the p99 of a claim or a save passes 1 s.
 *
 *   node --import tsx bench/run.ts capacity [--steps 4,8,16,32] [--step-seconds 60]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/db/schema';
import { addUser } from '../server/db/users';
import { Prng } from '../server/seed/prng';
import { paths } from '../lib/contract/index';
import { makeSaveFiles, retrying, saveForm, Tablet, type FileToSend, type Target } from '../server/testing/tablet';
import { bytes, log, mdTable, ms, rmrf, ROOT, tmpDir, type Row } from './lib/common';
import { seedBenchData } from './lib/seed';
import { spawnListening } from './lib/server';

const LISTING = 2000;
const PICTURES = 20;
const PICTURE_BYTES = 2 * 1024 * 1024;
const CALLS = ['listing', 'claim', 'prepare', 'save', 'upload', 'submit'] as const;
type Call = (typeof CALLS)[number];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};

/** utime + stime of a process, in seconds, and its RSS in bytes (Linux /proc). */
function procStats(pid: number): { cpu: number; rss: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    return { cpu: (Number(f[11]) + Number(f[12])) / 100, rss };
  } catch {
    return { cpu: 0, rss: 0 };
  }
}

/** A listing poll with the tag held, as the app makes it; the body is read, not parsed (the load generator's CPU is shared). */
async function poll(t: Tablet): Promise<void> {
  const res = await t.call('GET', paths.currentFiles(), { headers: t.etag ? { 'if-none-match': t.etag } : {} });
  if (res.status === 304) return;
  if (res.status !== 200) throw new Error(`listing: ${res.status}`);
  t.etag = res.headers.get('etag');
}

interface Step {
  n: number;
  times: Record<Call, number[]>;
  errors: Record<Call, number>;
  cpuShare: number;
  /** the load generator's own CPU over the step (share of one core) */
  clientCpuShare: number;
  peakRss: number;
  uploadedBytes: number;
  seconds: number;
  /** 1-min load average of the machine at the step's end (others share it) */
  load: number;
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const steps = (arg('steps') ?? '4,8,16,32').split(',').map(Number);
  const stepS = Number(arg('step-seconds') ?? 60);
  const maxN = Math.max(...steps);
  const dir = tmpDir('capacity-');
  const t0 = performance.now();
  const info = await seedBenchData(dir, { reports: LISTING, notreadyShare: 0.6 });
  // one inspector and tablet per simulated tablet
  const db = openDb(dir);
  const users: { username: string; password: string; deviceName: string }[] = [];
  try {
    for (let i = 0; i < maxN; i++) {
      const u = { username: `cap${i}`, password: `capacity-pass-${i}`, deviceName: `CAP-TAB-${i}` };
      await addUser(db, { ...u, name: `Capacity Inspector ${i}` });
      users.push(u);
    }
  } finally {
    db.close();
  }
  log(`capacity: ${LISTING} listing reports and ${maxN} inspectors in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const server = await spawnListening([path.join(ROOT, 'server/main.ts'), '--port', '0', '--data', dir, '--static', path.join(dir, 'none'), '--no-seed', '--trust-proxy']);
  const target: Target = { url: server.url };
  const pid = server.proc.pid!;
  const rnd = new Prng(34);
  const results: Step[] = [];
  try {
    const tablets = users.map((u, i) => {
      const t = new Tablet(target, u, 120_000);
      t.headers = { 'x-forwarded-for': `10.34.${i >> 8}.${i & 255}` };
      return t;
    });
    for (const t of tablets) await retrying(() => t.login());
    // free reports handed out in turn; each tablet also claims one now to save it in a step
    const free = (await tablets[0]!.listing()).list.filter((p) => p.status === 'notready' && p.claimedByDevice === null);
    let nextFree = 0;

    for (const n of steps) {
      const active = tablets.slice(0, n);
      const step: Step = { n, times: Object.fromEntries(CALLS.map((c) => [c, []])) as never, errors: Object.fromEntries(CALLS.map((c) => [c, 0])) as never, cpuShare: 0, clientCpuShare: 0, peakRss: 0, uploadedBytes: 0, seconds: 0, load: 0 };
      const timed = async (call: Call, fn: () => Promise<unknown>) => {
        const s = performance.now();
        try {
          await fn();
          step.times[call].push(performance.now() - s);
        } catch (e) {
          step.errors[call]++;
          if (step.errors[call] <= 3) log(`  ${call} failed: ${(e as Error).message.slice(0, 200)}`);
        }
      };
      // the reports the submitting quarter will save: claimed before the step (their claim is not timed)
      const submitters = active.filter((_, i) => i % 4 === 1);
      const toSubmit = new Map<Tablet, number>();
      const filesOf = new Map<Tablet, FileToSend[]>();
      for (const t of submitters) {
        const p = free[nextFree++]!;
        if ((await t.claim(p.id, `cap-pre-${p.id}`)) === p.id) toSubmit.set(t, p.id);
        // made before the step: the load generator's own work stays out of the measured minute
        filesOf.set(t, makeSaveFiles(`cap-${n}-${p.id}`, PICTURES, PICTURE_BYTES).filter((f) => f.part !== 'attachments'));
      }
      const end = Date.now() + stepS * 1000;
      const c0 = procStats(pid);
      const client0 = process.cpuUsage();
      const w0 = performance.now();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          step.peakRss = Math.max(step.peakRss, procStats(pid).rss);
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      await Promise.all(
        active.map(async (t, i) => {
          const jobs: Promise<void>[] = [];
          // polls every 30 s, the first at a random moment of the first 30 s
          jobs.push(
            (async () => {
              const first = rnd.int(0, 30_000);
              await new Promise((r) => setTimeout(r, Math.min(first, end - Date.now())));
              while (Date.now() < end) {
                const s = Date.now();
                await timed('listing', () => poll(t));
                const next = s + 30_000;
                if (next >= end) break;
                await new Promise((r) => setTimeout(r, next - Date.now()));
              }
            })(),
          );
          const start = rnd.int(0, Math.floor((stepS * 1000) / 2));
          if (i % 4 === 0) {
            jobs.push(
              (async () => {
                await new Promise((r) => setTimeout(r, start));
                const p = free[nextFree++]!;
                await timed('claim', () => t.claim(p.id, `cap-${n}-${p.id}`));
                await timed('prepare', async () => {
                  await t.extended(p.id);
                  const links = [...JSON.stringify(p).matchAll(/"downloadLink":"\/be\/([^"]+)"/g)].map((m) => m[1]!);
                  for (const l of new Set(links)) {
                    const res = await t.call('GET', l);
                    if (res.status !== 200) throw new Error(`GET ${l}: ${res.status}`);
                  }
                });
              })(),
            );
          }
          const id = toSubmit.get(t);
          if (id !== undefined) {
            jobs.push(
              (async () => {
                await new Promise((r) => setTimeout(r, start));
                const pir = free.find((p) => p.id === id)!;
                const ext = await t.extended(id);
                const files = filesOf.get(t)!;
                const form = await saveForm(pir, ext, files, 'capacity');
                await timed('save', () => t.save(id, form, `cap-save-${n}-${id}`));
                for (const f of files) {
                  await timed('upload', () => t.upload(id, f, `cap-up-${n}-${id}-${f.fileUrl}`));
                  step.uploadedBytes += f.bytes.byteLength;
                }
                await timed('submit', async () => {
                  if (!(await t.completeSubmit(id))) throw new Error('complete-submit false');
                });
              })(),
            );
          }
          await Promise.all(jobs);
        }),
      );
      sampling = false;
      await sampler;
      step.seconds = (performance.now() - w0) / 1000;
      step.cpuShare = (procStats(pid).cpu - c0.cpu) / step.seconds;
      step.load = os.loadavg()[0]!;
      const cu = process.cpuUsage(client0);
      step.clientCpuShare = (cu.user + cu.system) / 1e6 / step.seconds;
      results.push(step);
      const line = CALLS.map((c) => `${c} p50 ${ms(pct(step.times[c], 0.5))} p99 ${ms(pct(step.times[c], 0.99))} (${step.times[c].length}, ${step.errors[c]} errors)`).join('; ');
      log(`capacity N=${n}: ${line}; server CPU ${(step.cpuShare * 100).toFixed(0)} % of a core, load generator ${(step.clientCpuShare * 100).toFixed(0)} %, load average ${os.loadavg()[0]!.toFixed(1)}, peak RSS ${bytes(step.peakRss)}`);
    }
  } finally {
    await server.stop();
    rmrf(dir);
    void info;
  }

  const over = results.find((s) => pct(s.times.claim, 0.99) > 1000 || pct(s.times.save, 0.99) > 1000);
  const table = results.map((s) => [
    s.n,
    ...CALLS.map((c) => (s.times[c].length ? `${ms(pct(s.times[c], 0.5))} / ${ms(pct(s.times[c], 0.99))}` : '–')),
    CALLS.map((c) => s.errors[c]).reduce((a, b) => a + b, 0),
    `${(s.cpuShare * 100).toFixed(0)} %`,
    `${(s.clientCpuShare * 100).toFixed(0)} %`,
    s.load.toFixed(1),
    bytes(s.peakRss),
    bytes(s.uploadedBytes),
    `${s.seconds.toFixed(0)} s`,
  ]);
  const last = results[results.length - 1]!;
  const rows: Row[] = [
    {
      benchmark: `Capacity: tablets before a claim or save p99 passes 1 s (busiest-hour slice, ${stepS} s steps)`,
      figure: over ? `passed at N = ${over.n}` : `not passed up to N = ${last.n} (claim p99 ${ms(pct(last.times.claim, 0.99))}, save p99 ${ms(pct(last.times.save, 0.99))})`,
      limit: '–',
      ratio: '–',
      target: 'p99 claim, save ≤ 1 s',
      met: null,
    },
  ];
  const details = [
    `The server in its own process (server/main.ts, --trust-proxy, each tablet its own X-Forwarded-For address), ${LISTING} listing reports (60 % notready) from bench/lib/seed.ts, one inspector and tablet per simulated tablet. Each step: N tablets for ${stepS} s; every tablet polls the listing every 30 s with its entity tag (the first poll of a step is a full download, later ones 304 unless a submission changed the listing); tablets 0, 4, 8, … claim a notready report and prepare it (extended info, then every file its listing record links); tablets 1, 5, 9, … save a report they hold announcing ${PICTURES} pictures of ${bytes(PICTURE_BYTES)} (${bytes(PICTURES * PICTURE_BYTES)}) and 2 signatures, upload the 22 files one after the other and complete-submit; claims and saves start at random in the first half of the step. This is heavier than a real hour (a quarter of the inspectors submitting a 40 MB report in the same minute). CPU: the server process's user+system time over the step's wall time (100 % = one core; the PDF worker threads count in it). The load generator runs on the same 2 shared cores.`,
    '',
    mdTable(['N tablets', ...CALLS.map((c) => `${c} p50 / p99`), 'errors', 'server CPU', 'load generator CPU', 'load avg (end)', 'server peak RSS', 'uploaded', 'step'], table),
    '',
    over ? `The p99 of a claim or a save first passed 1 s at N = ${over.n}.` : `The p99 of a claim or a save stayed under 1 s up to N = ${last.n}.`,
  ].join('\n');
  return { rows, details };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(r.details));
}
