import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Browser tests run against the real reference server on a fresh data directory. */
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pir-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Lets tests see (and block) the service worker's own requests, to simulate a real outage.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    {
      name: 'tablet',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, hasTouch: true, serviceWorkers: 'allow' },
    },
  ],
  webServer: {
    command: `node --import tsx server/main.ts --port ${port} --host 127.0.0.1 --data ${dataDir} --static out`,
    url: `http://127.0.0.1:${port}/be/reference_data/flag`,
    // The reference_data call needs a token: any HTTP answer (401 included) proves the server is up.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
