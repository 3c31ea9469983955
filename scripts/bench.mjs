// `npm run bench [-- <name>… [--runs N]]`: the benchmarks of bench/ against the built app, one
// table at the end, results in bench/RESULTS.md (and bench/results.json).
//   npm run bench                    # all, in order
//   npm run bench -- startup search  # some
//   npm run bench -- --list          # their names
// Builds out/ first when it is missing (under the exclusive build lock). Then it copies out/ under
// the shared lock (`flock -s`, so no build rewrites it while it is read) and measures that copy:
// every benchmark of the run sees the same build, and others may rebuild out/ meanwhile.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LOCK = '/tmp/pir-build.lock';
const NAMES = ['js-size', 'startup', 'persistence', 'prepare', 'submit', 'search', 'server', 'lighthouse', 'export', 'inspection', 'durability', 'crash', 'capacity'];
/** A benchmark that runs longer than this is stopped and recorded as not measured. */
const LIMIT_MIN = { submit: 12, export: 10, crash: 15, capacity: 15 };
const DEFAULT_LIMIT_MIN = 8;

const argv = process.argv.slice(2);
if (argv.includes('--list') || argv.includes('--help') || argv.includes('-h')) {
  console.log(`benchmarks: ${NAMES.join(', ')}\nusage: npm run bench [-- <name>… [--runs N] [--report]]`);
  process.exit(0);
}
const names = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--') && !NAMES.includes(a)));
const options = argv.filter((a) => !names.includes(a));
const unknown = names.filter((n) => !NAMES.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${NAMES.join(', ')}`);
  process.exit(2);
}
const selected = names.length ? names : NAMES;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const tsx = [process.execPath, '--import', 'tsx', path.join(root, 'bench/run.ts')];

if (options.includes('--report')) {
  const r = spawnSync(tsx[0], [...tsx.slice(1), '--report', ...names], { cwd: root, stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
if (!chromium && selected.some((n) => !['js-size', 'server', 'durability', 'crash', 'capacity'].includes(n))) {
  console.error("the browser benchmarks need Chromium: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  process.exit(1);
}
if (chromium) env.CHROMIUM_PATH = chromium;

if (!fs.existsSync(path.join(root, 'out', 'index.html'))) {
  console.log('▶ out/ is missing: building it (scripts/with-build-lock.sh build)');
  const b = spawnSync(path.join(root, 'scripts/with-build-lock.sh'), ['build'], { cwd: root, stdio: 'inherit', env });
  if (b.status !== 0) {
    console.error('✖ the build failed: nothing to measure');
    process.exit(b.status ?? 1);
  }
}

// a snapshot of out/, taken under the shared lock
const snapshot = path.join(os.tmpdir(), 'pir-bench', `out-${process.pid}`);
fs.mkdirSync(path.dirname(snapshot), { recursive: true });
fs.rmSync(snapshot, { recursive: true, force: true });
const copied = spawnSync('flock', ['-s', LOCK, 'cp', '-a', path.join(root, 'out'), snapshot], { stdio: 'inherit' });
if (copied.status !== 0) {
  console.error('✖ could not copy out/');
  process.exit(1);
}
env.PIR_BENCH_OUT = snapshot;
const cleanUp = () => fs.rmSync(snapshot, { recursive: true, force: true });

function runOne(name) {
  const limitMs = (LIMIT_MIN[name] ?? DEFAULT_LIMIT_MIN) * 60_000;
  return new Promise((resolve) => {
    // its own process group, so a stop takes the browsers and servers it started with it
    const child = spawn(tsx[0], [...tsx.slice(1), name, ...options], { cwd: root, stdio: 'inherit', env, detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`✖ ${name} ran over ${limitMs / 60_000} minutes: stopping it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, limitMs);
    const onSignal = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      cleanUp();
      process.exit(130);
    };
    process.once('SIGINT', onSignal);
    child.on('exit', (code) => {
      clearTimeout(timer);
      process.off('SIGINT', onSignal);
      if (timedOut || code !== 0) {
        const why = timedOut ? `stopped after ${limitMs / 60_000} minutes` : `exited with code ${code}`;
        spawnSync(tsx[0], [...tsx.slice(1), '--not-measured', name, why], { cwd: root, stdio: 'inherit', env });
      }
      resolve();
    });
  });
}

const t0 = Date.now();
for (const name of selected) await runOne(name);
cleanUp();
const r = spawnSync(tsx[0], [...tsx.slice(1), '--report', ...(names.length ? names : [])], { cwd: root, stdio: 'inherit', env });
console.log(`npm run bench: ${((Date.now() - t0) / 60_000).toFixed(1)} minutes`);
process.exit(r.status ?? 1);
