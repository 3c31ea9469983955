/**
 * 10. What "acknowledged means durable" costs: the same writes through the real HTTP
 * API against a server that flushes (SQLite `synchronous = FULL`, fsync of each uploaded file and of
 * its folder before the reply: what the server does) and against the same server relaxed as it was
 * before acknowledged meant durable (`synchronous = NORMAL`, no fsync). Rounds alternate relaxed / durable on fresh
 * data directories (seeded by bench/lib/seed.ts); the server runs in the benchmark's process.
 *
 * Per round: 3 tablets (the demo accounts), 4 requests in flight each, claim 20 reports each, save
 * each with 1 picture of 1 MB, a PDF and 2 signatures, upload the 4 files, complete-submit 3 each.
 *
 *   node --import tsx bench/run.ts durability     (or npm run bench -- durability)
 */
import fs from 'node:fs';
import { startServer } from '../server/app';
import { durability } from '../server/ops/durable';
import { DEMO_USERS } from '../server/seed/index';
import { makeSaveFiles, saveForm, Tablet, type Target } from '../server/testing/tablet';
import { fmtStats, log, mdTable, ms, numArg, rmrf, stats, tmpDir, type Row } from './lib/common';
import { seedBenchData } from './lib/seed';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const PER_TABLET = 20;
const IN_FLIGHT = 4;
const SUBMITS = 3;

interface Round {
  mode: 'relaxed' | 'durable';
  claim: number[];
  save: number[];
  upload: number[];
  submit: number[];
  claimsPerSecond: number;
}

async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function timed(into: number[], fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  into.push(performance.now() - t0);
}

async function round(mode: Round['mode'], k: number): Promise<Round> {
  const dir = tmpDir(`durability-${mode}-`);
  const info = await seedBenchData(dir, { reports: DEMO_USERS.length * PER_TABLET + 10, notreadyShare: 1 });
  durability.fsync = mode === 'durable';
  const server = await startServer({ dataDir: dir, port: 0, staticDir: null, logger: silent, seed: false });
  server.app.ctx.db.pragma(`synchronous = ${mode === 'durable' ? 'FULL' : 'NORMAL'}`);
  const target: Target = { url: server.url };
  const r: Round = { mode, claim: [], save: [], upload: [], submit: [], claimsPerSecond: 0 };
  try {
    const tablets = DEMO_USERS.map((u) => new Tablet(target, u));
    await Promise.all(tablets.map((t) => t.login()));
    await Promise.all(tablets.map((t) => t.listing()));
    const list = tablets[0]!.list;
    const free = list.filter((p) => p.status === 'notready' && p.claimedByDevice === null).map((p) => p.id);
    if (free.length < tablets.length * PER_TABLET) throw new Error(`only ${free.length} free reports`);
    const t0 = performance.now();
    await Promise.all(
      tablets.map((t, i) =>
        pool(free.slice(i * PER_TABLET, (i + 1) * PER_TABLET), IN_FLIGHT, async (id) => {
          await timed(r.claim, async () => {
            if ((await t.claim(id, `c-${k}-${id}`)) !== id) throw new Error(`claim ${id} lost`);
          });
        }),
      ),
    );
    r.claimsPerSecond = (tablets.length * PER_TABLET) / ((performance.now() - t0) / 1000);
    await Promise.all(
      tablets.map((t, i) =>
        pool(free.slice(i * PER_TABLET, (i + 1) * PER_TABLET), IN_FLIGHT, async (id) => {
          const pir = t.list.find((p) => p.id === id)!;
          const ext = await t.extended(id);
          const files = makeSaveFiles(`${mode}-${k}-${id}`, 1, 1024 * 1024);
          const form = await saveForm(pir, ext, files, 'bench');
          await timed(r.save, () => t.save(id, form, `s-${k}-${id}`));
          for (const f of files) await timed(r.upload, () => t.upload(id, f, `u-${k}-${id}-${f.fileUrl}`));
        }),
      ),
    );
    await Promise.all(
      tablets.map(async (t, i) => {
        for (const id of free.slice(i * PER_TABLET, i * PER_TABLET + SUBMITS)) {
          await timed(r.submit, async () => {
            if (!(await t.completeSubmit(id))) throw new Error(`submit ${id} refused`);
          });
        }
      }),
    );
  } finally {
    await server.close();
    durability.fsync = true;
    rmrf(dir);
    void info;
  }
  return r;
}

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const rounds = numArg('rounds', 2);
  const results: Round[] = [];
  for (let k = 0; k < rounds; k++) {
    for (const mode of ['relaxed', 'durable'] as const) {
      log(`durability round ${k + 1}/${rounds}: ${mode}`);
      results.push(await round(mode, k));
    }
  }
  const of = (mode: Round['mode'], key: 'claim' | 'save' | 'upload' | 'submit') => stats(results.filter((x) => x.mode === mode).flatMap((x) => x[key]));
  const p99 = (mode: Round['mode'], key: 'claim' | 'save' | 'upload' | 'submit') => {
    const s = results.filter((x) => x.mode === mode).flatMap((x) => x[key]).sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? Number.NaN;
  };
  const cps = (mode: Round['mode']) => stats(results.filter((x) => x.mode === mode).map((x) => x.claimsPerSecond)).median;
  const rows: Row[] = [];
  const table: (string | number)[][] = [];
  for (const key of ['claim', 'save', 'upload', 'submit'] as const) {
    const d = of('durable', key);
    const rel = of('relaxed', key);
    const label = { claim: 'claim', save: 'save (5 parts, 4 files announced)', upload: 'upload (1 MB picture, PDF, 2 signatures)', submit: 'complete-submit (PDF rendered)' }[key];
    table.push([label, fmtStats(rel), ms(p99('relaxed', key)), fmtStats(d), ms(p99('durable', key)), `${(d.median / rel.median).toFixed(2)}×`]);
    rows.push({
      benchmark: `Durability: ${label}, median (flushed vs not)`,
      figure: `${ms(d.median)} (p99 ${ms(p99('durable', key))})`,
      limit: `${ms(rel.median)} (p99 ${ms(p99('relaxed', key))}) without fsync`,
      ratio: `${(d.median / rel.median).toFixed(2)}×`,
      target: '–',
      met: null,
    });
  }
  rows.push({
    benchmark: 'Durability: claims/s, 3 tablets × 4 in flight',
    figure: cps('durable').toFixed(0),
    limit: `${cps('relaxed').toFixed(0)} without fsync`,
    ratio: `${(cps('relaxed') / cps('durable')).toFixed(2)}× slower`,
    target: '–',
    met: null,
  });
  const fsType = (() => {
    try {
      return fs.readFileSync('/proc/mounts', 'utf8').split('\n').find((l) => l.split(' ')[1] === '/')?.split(' ')[2] ?? '?';
    } catch {
      return '?';
    }
  })();
  const details = [
    `Server in the benchmark's process, data directory on the root file system (${fsType}); ${rounds} rounds of each mode, alternated, each on a fresh data directory of ${DEMO_USERS.length * PER_TABLET + 10} notready reports. 3 tablets (demo accounts), ${IN_FLIGHT} requests in flight each: ${PER_TABLET} claims each, then per report one save announcing 4 files (1 MB picture, PDF, 2 signatures) and their 4 uploads, then ${SUBMITS} complete-submits each.`,
    '',
    '"Relaxed" is the server as it was before issue 34 (`synchronous = NORMAL`, uploaded files renamed into place without fsync); "durable" is the server now (`synchronous = FULL`, each file and its folder flushed before the reply).',
    '',
    mdTable(['call', 'relaxed median (IQR)', 'relaxed p99', 'durable median (IQR)', 'durable p99', 'durable / relaxed'], table),
    '',
    `Claims per second: relaxed ${cps('relaxed').toFixed(0)}, durable ${cps('durable').toFixed(0)} (median of the rounds).`,
  ].join('\n');
  return { rows, details };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(r.details));
}
