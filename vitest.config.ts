import { defineConfig } from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The server tests mostly wait (HTTP, SQLite, argon2 in its own threads): two workers on a 2-CPU
    // machine took the run from 506 s to 300 s, with the same 1,444 passing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
