/**
 * Issue 34 item 2, short version: 8 SIGKILLs of a real server process while tablets claim, save, upload
 * and submit through the HTTP API (bench/lib/crash.ts; the long one, 50 kills: npm run bench:crash).
 * The seed is random unless CRASH_SEED is set, and printed with the result for a replay.
 */
import { describe, expect, it } from 'vitest';
import { describeResult, runCrashTest } from '../../bench/lib/crash';

describe('crash test (SIGKILL)', () => {
  it('keeps everything acknowledged, shows nothing half-written, duplicates nothing, and the retries finish', { timeout: 120_000 }, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
    const r = await runCrashTest({ kills: 8, seed, minMs: 300, maxMs: 1200, maxPictureBytes: 200 * 1024, warm: 'alternate' });
    console.log(describeResult(r));
    expect(r.failures, describeResult(r)).toEqual([]);
    expect(r.kills).toBe(8);
    expect(r.acked.submits).toBeGreaterThan(0);
    expect(r.acked.uploads).toBeGreaterThan(r.acked.submits);
  });
});
