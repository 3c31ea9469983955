import { test as base, expect } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type AppOptions } from '../../server/app';

export interface TestServer {
  url: string;
  dataDir: string;
  /** the static export this server serves (a copy when `copyStatic` is set) */
  staticDir: string;
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Every test gets its own reference server with fresh demo data, serving the built app: tests do
 * not depend on what other tests claimed or submitted. `serverOptions` changes it per test
 * (e.g. short tokens); `copyStatic` serves a private copy of out/ that the test may change.
 */
export const test = base.extend<{ server: TestServer; serverOptions: Partial<AppOptions>; copyStatic: boolean }>({
  serverOptions: [{}, { option: true }],
  copyStatic: [false, { option: true }],
  server: async ({ serverOptions, copyStatic }, provide) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-e2e-'));
    let staticDir = path.resolve('out');
    if (copyStatic) {
      staticDir = path.join(dataDir, 'out');
      fs.cpSync(path.resolve('out'), staticDir, { recursive: true });
    }
    const running = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir, logger: quiet, ...serverOptions });
    await provide({ url: running.url, dataDir, staticDir });
    await running.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ server }, provide) => provide(server.url),
});

export { expect };
