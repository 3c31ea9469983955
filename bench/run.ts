/**
 * Runs benchmarks by name and records their results (bench/results.json, bench/RESULTS.md).
 *
 *   node --import tsx bench/run.ts startup persistence   # run these
 *   node --import tsx bench/run.ts --report [names…]     # print the table (all or these) and write RESULTS.md
 *
 * `npm run bench` (scripts/bench.mjs) calls this once per benchmark, on a snapshot of out/ it took
 * under the shared build lock (PIR_BENCH_OUT). Run directly, it reads out/ itself: hold the lock,
 * `flock -s /tmp/pir-build.lock node --import tsx bench/run.ts startup`.
 */
import os from 'node:os';
import { buildId, log, notMeasured, type BenchResult, type Row } from './lib/common';
import { machine, printTable, readResults, saveResult, sorted, writeMarkdown } from './lib/results';

type Run = () => Promise<{ rows: Row[]; details: string }>;

interface Entry {
  title: string;
  load: () => Promise<Run>;
  /** the rows shown when it could not be measured */
  targets: [string, string][];
}

export const BENCHMARKS: Record<string, Entry> = {
  'js-size': {
    title: '1. JavaScript shipped',
    load: async () => (await import('./js-size')).run,
    targets: [['JS shipped: /reports first scripts (gzip)', '≤ 170 KB']],
  },
  startup: {
    title: '2. Start-up to a painted reports list',
    load: async () => (await import('./startup')).run,
    targets: [
      ['Start-up warm (offline, SW, 200 reports stored), browser restart', '< 1 s'],
      ['Start-up cold on a slow tablet (slow 4G, CPU 4× slower, 200 reports)', '≤ 2.5 s'],
    ],
  },
  persistence: {
    title: '3. Local persistence of one field edit',
    load: async () => (await import('./persistence')).run,
    targets: [['Persistence: one edit, 200 reports + 2,000 pictures vs 10 reports (time)', 'ratio ≤ 1.5']],
  },
  prepare: {
    title: '4. Preparing a report of 40 pictures and 5 PDFs',
    load: async () => (await import('./transfer')).runPrepare,
    targets: [['Prepare: 40 pictures + 5 PDFs', 'ratio ≤ 1.3']],
  },
  submit: {
    title: '5. Submitting a report of 40 pictures and 5 PDFs',
    load: async () => (await import('./transfer')).runSubmit,
    targets: [['Submit: 40 pictures + 5 PDFs', 'ratio ≤ 1.3']],
  },
  search: {
    title: '6. Search over 5,000 reports',
    load: async () => (await import('./search-browser')).run,
    targets: [['Search 5,000 reports (browser): debounce end → painted', 'work ≤ 16 ms']],
  },
  export: {
    title: '7. Export of 200 pictures',
    load: async () => (await import('./export')).run,
    targets: [['Export 200 pictures: longest main-thread task', '≤ 50 ms']],
  },
  server: {
    title: '8. The reference server under load',
    load: async () => (await import('./server')).run,
    targets: [['Server: GET current-files, 10,000 reports, 50 conn.', '–']],
  },
  inspection: {
    title: '9. An inspection on a modest tablet (CPU 4× slower)',
    load: async () => (await import('./inspection')).run,
    targets: [
      ['Inspection at CPU 4×: interaction latency p98', 'p98 ≤ 100 ms, none > 200 ms'],
      ['Opening a report at CPU 4×: tap on its card → current step painted', '≤ 300 ms'],
      ['Adding a 12 MP picture at CPU 4×: chosen → thumbnail painted and stored', '≤ 1.5 s, no task > 50 ms'],
      ['Attachment PDFs of 5 pages at CPU 4× (built while submitting): longest main-thread task', 'no task > 50 ms'],
      ['Submission at CPU 4×: longest main-thread task', 'no task > 50 ms'],
    ],
  },
  durability: {
    title: '10. What acknowledged-means-durable costs (issue 34)',
    load: async () => (await import('./durability')).run,
    targets: [['Durability: save (5 parts, 4 files announced), median (flushed vs not)', '–']],
  },
  crash: {
    title: '11. Crash test: SIGKILL during claims, saves, uploads and submits (issue 34)',
    load: async () => (await import('./crash')).run,
    targets: [['Crash test: kills survived, everything acknowledged intact', 'every check passes']],
  },
  capacity: {
    title: '12. Capacity: N tablets in their busiest hour (issue 34)',
    load: async () => (await import('./capacity')).run,
    targets: [['Capacity: tablets before a claim or save p99 passes 1 s', 'p99 claim, save ≤ 1 s']],
  },
  lighthouse: {
    title: 'Lighthouse 12.8',
    load: async () => (await import('./lighthouse')).run,
    targets: [['Lighthouse /reports', 'perf 95, a11y 100, BP 100']],
  },
};

export const ALL = Object.keys(BENCHMARKS);

async function runOne(name: string): Promise<BenchResult> {
  const entry = BENCHMARKS[name]!;
  const started = new Date();
  const load0 = os.loadavg()[0]!;
  const build = buildId();
  const t0 = performance.now();
  log(`▶ ${name}: ${entry.title}`);
  let rows: Row[];
  let details: string;
  try {
    const run = await entry.load();
    ({ rows, details } = await run());
  } catch (e) {
    const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
    log(`✖ ${name} failed: ${message}`);
    rows = entry.targets.map(([b, t]) => notMeasured(b, t, e instanceof Error ? e.message : String(e)));
    details = `Not measured: the benchmark failed.\n\n\`\`\`\n${message.slice(0, 3000)}\n\`\`\``;
  }
  const result: BenchResult = {
    name,
    title: entry.title,
    date: started.toISOString(),
    load: [load0, os.loadavg()[0]!],
    build,
    seconds: (performance.now() - t0) / 1000,
    rows,
    details,
  };
  saveResult(result);
  log(`◀ ${name} done in ${result.seconds.toFixed(0)} s`);
  return result;
}

async function main(argv: string[]) {
  const nm = argv.indexOf('--not-measured');
  if (nm >= 0) {
    // scripts/bench.mjs: a benchmark that crashed or was stopped before it could record itself
    const name = argv[nm + 1]!;
    const why = argv[nm + 2] ?? 'failed';
    const entry = BENCHMARKS[name];
    if (!entry) process.exit(2);
    saveResult({
      name,
      title: entry.title,
      date: new Date().toISOString(),
      load: [os.loadavg()[0]!, os.loadavg()[0]!],
      build: buildId(),
      seconds: 0,
      rows: entry.targets.map(([b, t]) => notMeasured(b, t, why)),
      details: `Not measured: ${why}.`,
    });
    return;
  }
  const report = argv.includes('--report');
  const names = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1]!.startsWith('--') && !BENCHMARKS[a]));
  const unknown = names.filter((n) => !BENCHMARKS[n]);
  if (unknown.length) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
    process.exit(2);
  }
  if (report) {
    const all = readResults();
    writeMarkdown(all, machine());
    const shown = sorted(all).filter((r) => names.length === 0 || names.includes(r.name));
    console.log('\n' + printTable(shown.flatMap((r) => r.rows)) + '\n');
    console.log(`Results: bench/RESULTS.md (and bench/results.json)`);
    return;
  }
  for (const name of names.length ? names : ALL) {
    await runOne(name);
  }
}

await main(process.argv.slice(2));
// Playwright or a server child may keep handles open after a failure: the results are written.
process.exit(0);
