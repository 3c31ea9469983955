import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createAppRuntime } from '@/lib/app/runtime';
import { localKeys } from '@/lib/local-data/cache';
import { db } from '@/lib/local-data/db';
import { eraseLocalData } from '@/lib/local-data/erase';
import { commit, editReport, WRITE_DELAY_MS } from '@/lib/local-data/reports-store';
import { MemoryStorage } from './fixtures/memory-storage';
import { emptyExtended, report } from './fixtures/report';

const cancelled: number[] = [];
vi.mock('@/lib/tasks/runtime', () => ({ runner: () => ({ cancel: async (id: number) => void cancelled.push(id) }) }));

describe('erasing the tablet (a different inspector signs in, or "erase all data")', () => {
  it('lets no edit still waiting for its write come back after the erase, and stops the queue first', async () => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(401, 'inspecting', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });

    // The previous inspector's last keystroke, not yet written (it waits WRITE_DELAY_MS).
    editReport(held.id, (r) => ({ ...r, inspectionComment: 'typed just before the change of inspector' }));
    await eraseLocalData(client);
    await new Promise((r) => setTimeout(r, WRITE_DELAY_MS + 100));

    expect(await (await db()).getAll('reports')).toEqual([]);
    expect(cancelled).toEqual([held.id]);
  });
});
