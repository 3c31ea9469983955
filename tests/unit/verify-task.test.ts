import { describe, expect, it, vi } from 'vitest';
import { FinalError } from '@/lib/tasks/runner';
import { SUBTYPE } from '@/lib/tasks/builders';
import { handlers, VERIFY_ATTEMPTS } from '@/lib/tasks/handlers';
import type { ProcessRecord } from '@/lib/local-data/db';
import { task } from './fixtures/report';

// The server answers "not everything arrived yet" to every complete-submit.
vi.mock('@/lib/api/client', () => ({ call: vi.fn(async () => false) }));

function verifyAfter(attempts: number) {
  const t = task('v', 'REGISTERED', { subtype: SUBTYPE.verify, completionDetails: attempts ? { attempts, retryAt: 0, failedAt: 0, lastError: 'error.verify' } : null });
  return handlers[SUBTYPE.verify]!.execute(t, { process: {} as ProcessRecord, signal: new AbortController().signal, progress: () => {}, transferred: () => {} });
}

describe('the verification of a submission (SPEC §4 complete-submit)', () => {
  it('asks again while the server says files are still arriving', async () => {
    const e = await verifyAfter(0).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(FinalError);
    expect((e as Error).message).toBe('error.verify');
  });

  it('after the server said so again and again, it is a refusal the inspector is told about, not a network to wait for', async () => {
    const e = await verifyAfter(VERIFY_ATTEMPTS - 1).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FinalError);
    expect((e as Error).message).toBe('error.verify');
  });
});
