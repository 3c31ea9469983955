// `npm test`: type-check, lint, unused files, exports and dependencies (knip.config.ts), unit and server
// tests, build, the first scripts' size budget, then browser tests against the real server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
if (!chromium) {
  console.error("npm test needs Chromium for the browser tests: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  process.exit(1);
}

// The inspector's day also runs in WebKit (WebKitGTK over WebDriver, under Xvfb) and Firefox ESR
// (over WebDriver BiDi): tests/e2e/engines.spec.ts. ENGINES=chromium,webkit narrows it.
const engines = (process.env.ENGINES ?? 'chromium,webkit,firefox').split(',');
const needs = {
  webkit: [
    [process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ],
  firefox: [[process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr']],
};
const missing = engines.flatMap((e) => needs[e] ?? []).filter(([p]) => !fs.existsSync(p));
if (missing.length > 0) {
  console.error(
    `npm test runs the browser journey in WebKit and Firefox too: install Debian's ${missing.map(([, pkg]) => pkg).join(', ')} ` +
      `(apt-get install -y ${missing.map(([, pkg]) => pkg).join(' ')}), or leave an engine out with ENGINES=chromium.`,
  );
  process.exit(1);
}

const env = { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: '1' };
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['type-check', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['unused code', bin('knip'), ['--no-progress']],
  ['unit and server tests', bin('vitest'), ['run']],
  ['build', process.execPath, [path.join(root, 'scripts/build.mjs')]],
  ['size budget', process.execPath, ['--import', 'tsx', path.join(root, 'scripts/size-budget.ts')]],
  ['browser tests', bin('playwright'), ['test']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log('\n✔ all tests passed');
