import type { KnipConfig } from 'knip';

/**
 * `npx knip` (a step of `npm test`): unused files, exports and dependencies. Next.js (app/), Vitest,
 * Playwright, ESLint and the package.json scripts (server/main.ts, server/cli.ts,
 * server/reference-data/build.ts, bench/run.ts) are found by knip's plugins; the entries below are the
 * files started some other way.
 */
const config: KnipConfig = {
  entry: [
    // the service worker: built by scripts/build.mjs (serwist's swSrc)
    'app/sw.ts',
    // Web Workers, each started by `new Worker(new URL('./x.worker.ts', import.meta.url))`
    '{features,lib}/**/*.worker.ts',
    // the server's PDF worker thread (server/documents/pdf-pool.ts), which loads pdf-worker.ts
    'server/documents/pdf-worker-boot.mjs',
    // the test-only command line with the fault switch (tests/server/faults.test.ts, docs/server.md)
    'server/testing/main-with-faults.ts',
    'scripts/*.{mjs,ts}',
    // benchmarks (bench/run.ts loads them by name) and the tools and servers they start as processes
    'bench/*.ts',
    'bench/lib/bare-server.ts',
    'bench/search/run.ts',
    // injected into the page by bench/lib/browser.ts (read as a file)
    'bench/lib/hooks.js',
    // the bare Next app that bench/lib/framework-floor.ts builds on its own
    'bench/framework-floor/**/*.{mjs,tsx}',
  ],
  project: ['**/*.{ts,tsx,mjs,js,css}'],
  playwright: {
    // the browser tests, and the screens to look at (`npx playwright test -c tests/screens`)
    config: ['playwright.config.ts', 'tests/screens/playwright.config.ts'],
    entry: ['tests/e2e/**/*.spec.ts', 'tests/screens/**/*.spec.ts'],
  },
  ignoreDependencies: [
    // pdf.js as react-pdf ships it: tests/pdf-text.ts reads the app's PDFs with the same version
    'pdfjs-dist',
    // source maps for the bench/ tools, from the build's own toolchain
    '@jridgewell/trace-mapping',
  ],
  // system tools: flock (scripts/bench.mjs), Xvfb (tests/engines), systemd-analyze (tests/server/systemd.test.ts)
  ignoreBinaries: ['flock', 'Xvfb', 'systemd-analyze'],
};

export default config;
