import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRuntime } from '@/lib/app/runtime';
import { localKeys } from '@/lib/local-data/cache';
import { db } from '@/lib/local-data/db';
import { commit, currentWriteProblem, editReport, findReport, flushEdits, onWriteProblem, reloadReports, RETRY_WRITE_MS, WRITE_AHEAD_KEY } from '@/lib/local-data/reports-store';
import type { Pir } from '@/lib/contract';
import { MemoryStorage } from './fixtures/memory-storage';
import { emptyExtended, report } from './fixtures/report';

function findings(text: string) {
  const ext = emptyExtended();
  ext.pir.findingsByInspector = text;
  return ext;
}

describe('the tablet\'s reports', () => {
  it('keeps an edit made while a change is being stored, on top of that change, on screen and stored', async () => {
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(301, 'inspecting', { claimedByDevice: 'TAB-A', extended: findings('') });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });

    // A merge brings the server's comment; the inspector types while it is being stored.
    const storing = commit({ put: [{ ...held, inspectionComment: 'Check hold 3' }] });
    editReport(held.id, (r) => ({ ...r, extended: findings('Hold 3 at -18 °C') }));
    await storing;
    await flushEdits();

    const expected = { inspectionComment: 'Check hold 3', extended: { pir: { findingsByInspector: 'Hold 3 at -18 °C' } } };
    expect(findReport(held.id)).toMatchObject(expected);
    expect(await (await db()).get('reports', held.id)).toMatchObject(expected);
  });

  it('follows what another tab stored, but never replaces what this tab typed and has not stored yet', async () => {
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(305, 'inspecting', { claimedByDevice: 'TAB-A', extended: findings('Hold 3') });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });

    // Another tab stored the master's comment: this tab shows it.
    const other = { ...held, inspectionComment: 'From the other tab' };
    await (await db()).put('reports', other);
    await reloadReports([held.id]);
    expect(findReport(held.id)?.inspectionComment).toBe('From the other tab');

    // This tab types; a late message from the other tab must not take the words back.
    editReport(held.id, (r) => ({ ...r, extended: findings('Hold 3 at -18 °C; the agent confirms.') }));
    await reloadReports([held.id]);
    expect(findReport(held.id)?.extended?.pir.findingsByInspector).toBe('Hold 3 at -18 °C; the agent confirms.');
    // Nor while it is read: a keystroke during the read wins over what the read found.
    const reading = reloadReports([held.id]);
    editReport(held.id, (r) => ({ ...r, extended: findings('Hold 3 at -18 °C; the agent confirms. Checked.') }));
    await reading;
    await flushEdits();
    expect(findReport(held.id)?.extended?.pir.findingsByInspector).toBe('Hold 3 at -18 °C; the agent confirms. Checked.');
    expect((await (await db()).get('reports', held.id))?.extended?.pir.findingsByInspector).toBe('Hold 3 at -18 °C; the agent confirms. Checked.');
  });

  it('shows a change at once, before it is stored', async () => {
    const client = new QueryClient();
    createAppRuntime(client);
    const r = report(302, 'notready');
    client.setQueryData(localKeys.reports, [r]);
    const storing = commit({ put: [{ ...r, status: 'preparing', claimedByDevice: 'TAB-A' }] });
    expect(findReport(r.id)?.status).toBe('preparing');
    await storing;
    expect((await (await db()).get('reports', r.id))?.status).toBe('preparing');
  });

  it('keeps an edit in the write-ahead until its write lands, even when another report is stored meanwhile', async () => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(303, 'preparing', { claimedByDevice: 'TAB-A' });
    const other = report(304, 'preparing', { claimedByDevice: 'TAB-A' });
    client.setQueryData(localKeys.reports, [held, other]);
    await commit({ put: [held, other] });
    const unsaved = () => (JSON.parse(localStorage.getItem(WRITE_AHEAD_KEY) ?? '[]') as Pir[]).map((r) => r.id);

    // A preparation's details arrive (an edit), its write starts, and another report's preparation
    // ends (a stored change) before that write lands: a reload now must still find the details.
    editReport(held.id, (r) => ({ ...r, extended: findings('') }));
    const writing = flushEdits();
    const storing = commit({ put: [{ ...other, status: 'ready' }] });
    expect(unsaved()).toEqual([held.id]);

    await Promise.all([writing, storing]);
    expect(unsaved()).toEqual([]);
    expect((await (await db()).get('reports', held.id))?.extended).not.toBeNull();
  });

  it('keeps an edit in the write-ahead while a change of the same report built on it is being stored', async () => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(306, 'inspecting', { claimedByDevice: 'TAB-A', extended: findings('') });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });
    const unsaved = () => JSON.parse(localStorage.getItem(WRITE_AHEAD_KEY) ?? '[]') as Pir[];

    // The inspector types; before that edit's write has started, the report's download ends (a stored
    // change of the same report, built on the edit): a reload before it lands must still find the text.
    editReport(held.id, (r) => ({ ...r, extended: findings('Hold 3 at -18 °C') }));
    const storing = commit({ put: [findReport(held.id)!] });
    expect(unsaved().map((r) => [r.id, r.extended?.pir.findingsByInspector])).toEqual([[held.id, 'Hold 3 at -18 °C']]);

    await storing;
    expect(unsaved()).toEqual([]);
    expect((await (await db()).get('reports', held.id))?.extended?.pir.findingsByInspector).toBe('Hold 3 at -18 °C');
  });

  it('when a change of a report is refused, the edit it built on is written again until the storage takes it', async () => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(307, 'inspecting', { claimedByDevice: 'TAB-A', extended: findings('') });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });

    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      editReport(held.id, (r) => ({ ...r, extended: findings('Cale 3') }));
      await expect(commit({ put: [{ ...findReport(held.id)!, status: 'signing' }] })).rejects.toThrow();
      expect(findReport(held.id)).toMatchObject({ status: 'inspecting', extended: { pir: { findingsByInspector: 'Cale 3' } } });
      expect((JSON.parse(localStorage.getItem(WRITE_AHEAD_KEY) ?? '[]') as Pir[]).map((r) => r.id)).toEqual([held.id]);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    await new Promise((r) => setTimeout(r, RETRY_WRITE_MS + 200));
    await flushEdits();
    expect(await (await db()).get('reports', held.id)).toMatchObject({ status: 'inspecting', extended: { pir: { findingsByInspector: 'Cale 3' } } });
  });

  it('on a full tablet, says so, keeps the edit on screen, keeps storing later edits and stores it once space returns', async () => {
    const client = new QueryClient();
    createAppRuntime(client);
    const held = report(311, 'inspecting', { claimedByDevice: 'TAB-A', extended: findings('') });
    client.setQueryData(localKeys.reports, [held]);
    await commit({ put: [held] });
    const problems: (string | null)[] = [];
    const stop = onWriteProblem(() => problems.push(currentWriteProblem()));

    // The storage refuses every write, as a full tablet's does.
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      editReport(held.id, (r) => ({ ...r, extended: findings('Cale 3 à −18 °C') }));
      await flushEdits();
      expect(currentWriteProblem()).toBe('full');
      expect(findReport(held.id)?.extended?.pir.findingsByInspector).toBe('Cale 3 à −18 °C');
      // A later edit is not blocked by the failed one: it is tried, and refused too.
      editReport(held.id, (r) => ({ ...r, extended: findings('Cale 3 à −18 °C, givre') }));
      await flushEdits();
      expect(currentWriteProblem()).toBe('full');
      expect((await (await db()).get('reports', held.id))?.extended?.pir.findingsByInspector).toBe('');
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    // Space returns: the retry stores the latest text, without a reload, and the message goes.
    await new Promise((r) => setTimeout(r, RETRY_WRITE_MS + 200));
    await flushEdits();
    expect((await (await db()).get('reports', held.id))?.extended?.pir.findingsByInspector).toBe('Cale 3 à −18 °C, givre');
    expect(currentWriteProblem()).toBeNull();
    expect(problems).toEqual(['full', null]);
    stop();
  });
});
