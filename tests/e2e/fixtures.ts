import { test as base, expect } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, startServer, type AppOptions } from '../../server/app';

export interface TestServer {
  url: string;
  dataDir: string;
  /** the static export this server serves (a copy when `copyStatic` is set) */
  staticDir: string;
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let template: Promise<string> | null = null;
/**
 * The demo data, generated once per test worker (its pictures and PDFs take seconds) and copied for
 * each test: every test still starts from the same fresh data.
 */
function demoData(): Promise<string> {
  return (template ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-e2e-demo-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const app = await createApp({ dataDir: dir, staticDir: path.resolve('out'), logger: quiet });
    app.close();
    return dir;
  })());
}

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
    fs.cpSync(await demoData(), dataDir, { recursive: true });
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
