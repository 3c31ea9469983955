import { test as base, expect } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/app';

export interface TestServer {
  url: string;
  dataDir: string;
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Every test gets its own reference server with fresh demo data, serving the built app: tests do
 * not depend on what other tests claimed or submitted.
 */
export const test = base.extend<{ server: TestServer }>({
  server: async ({}, provide) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-e2e-'));
    const running = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: path.resolve('out'), logger: quiet });
    await provide({ url: running.url, dataDir });
    await running.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ server }, provide) => provide(server.url),
});

export { expect };
