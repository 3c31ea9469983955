/**
 * The tablet's reports: held in memory (the query cache) for the screens, stored in IndexedDB.
 * An edit shows at once and is written within WRITE_DELAY_MS (SPEC: local sync every 1 s at the
 * latest); a status change is written before the function returns.
 */
import type { Pir } from '@/lib/contract';
import { serverNow } from '@/lib/clock/now';
import { announce } from './channel';
import { localKeys, queryClient } from './cache';
import { db, type ProcessRecord } from './db';
import { forgetProcesses, showProcess } from './processes-store';
import { migrate, stamp } from './record-versions';

export const WRITE_DELAY_MS = 300;

/**
 * Edits not yet in IndexedDB are also kept here, synchronously: a reload or a closed tab can cut an
 * IndexedDB write short, but not a localStorage one. Replayed into IndexedDB at the next start.
 */
export const WRITE_AHEAD_KEY = 'pir-unsaved-edits';

/** A report's copy as stored (IndexedDB, write-ahead): stamped with the version of the app that wrote it. */
type StoredCopy = { id: number } & Record<string, unknown>;

/**
 * Write-ahead copies a newer version of the app left, which this start could not put in IndexedDB:
 * kept in the write-ahead as they are, for the next start.
 */
let newerAhead: StoredCopy[] = [];

function writeAhead() {
  // Edits whose IndexedDB write is still on its way stay here until it lands: a change stored
  // meanwhile must not drop them (a reload then aborts that write, and they would be lost).
  const pending = new Map([...superseded, ...writing, ...dirty]);
  try {
    const copies = [...newerAhead, ...[...pending.values()].map((r) => stamp('report', r))];
    if (copies.length === 0) localStorage.removeItem(WRITE_AHEAD_KEY);
    else localStorage.setItem(WRITE_AHEAD_KEY, JSON.stringify(copies));
  } catch {
    // Storage full: the edit still reaches IndexedDB within WRITE_DELAY_MS.
  }
}

function readWriteAhead(): StoredCopy[] {
  try {
    const pending = JSON.parse(localStorage.getItem(WRITE_AHEAD_KEY) ?? '[]') as unknown;
    return Array.isArray(pending) ? pending.filter((r): r is StoredCopy => typeof r === 'object' && r !== null && typeof (r as StoredCopy).id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Reports a newer version of the app stored (the app was rolled back): left as they are, not shown,
 * and never written over (a listing would otherwise store the server's copy in their place).
 */
const newerStored = new Set<number>();

/** A stored report brought up to date; undefined when missing, unreadable, or newer than this app. */
function fromStored(stored: Pir | undefined): Pir | undefined {
  if (stored === undefined) return undefined;
  const m = migrate<Pir>('report', stored);
  if (m.ok) {
    newerStored.delete(m.record.id);
    return m.record;
  }
  if (m.reason === 'newer') {
    newerStored.add(stored.id);
    console.warn(`report ${stored.id}: stored by a newer version of the app (record version ${m.version}), left as it is`);
  }
  return undefined;
}

export async function loadReports(): Promise<Pir[]> {
  const ahead = readWriteAhead();
  const pending: Pir[] = [];
  const newer: StoredCopy[] = [];
  for (const copy of ahead) {
    const m = migrate<Pir>('report', copy);
    if (m.ok) pending.push(m.record);
    // A newer app's edit goes to IndexedDB as it is, where that app would have put it.
    else if (m.reason === 'newer') newer.push(copy);
  }
  const d = await db();
  if (ahead.length > 0) {
    try {
      const tx = d.transaction('reports', 'readwrite');
      await Promise.all([...pending.map((r) => tx.store.put(stamp('report', r))), ...newer.map((copy) => tx.store.put(copy as unknown as Pir)), tx.done]);
      localStorage.removeItem(WRITE_AHEAD_KEY);
    } catch (e) {
      // Still refused: the edits are shown over what is stored and written again until it takes them.
      for (const r of pending) dirty.set(r.id, r);
      newerAhead = newer;
      setWriteProblem(writeProblemOf(e));
      timer ??= setTimeout(() => void flushEdits(), RETRY_WRITE_MS);
    }
  }
  newerStored.clear();
  const byId = new Map<number, Pir>();
  for (const stored of await d.getAll('reports')) {
    const r = fromStored(stored);
    if (r) byId.set(r.id, r);
  }
  for (const r of dirty.values()) byId.set(r.id, r);
  return [...byId.values()];
}

export function allReports(): Pir[] {
  return queryClient().getQueryData<Pir[]>(localKeys.reports) ?? [];
}

/** A report by its id, or by the id used in calls (the pending PIR form id). */
export function findReport(id: number | string): Pir | undefined {
  const n = Number(id);
  return allReports().find((r) => r.id === n) ?? allReports().find((r) => r.offlinePendingForms.some((f) => f.id === n));
}

function setInMemory(changed: readonly Pir[], removed: readonly number[] = []) {
  const byId = new Map(changed.map((r) => [r.id, r]));
  const gone = new Set(removed);
  queryClient().setQueryData<Pir[]>(localKeys.reports, (list = []) => {
    const next = list.filter((r) => !gone.has(r.id)).map((r) => byId.get(r.id) ?? r);
    for (const r of changed) if (!list.some((x) => x.id === r.id) && !gone.has(r.id)) next.push(r);
    return next;
  });
}

// ------------------------------------------------------------------ coalesced edits

const dirty = new Map<number, Pir>();
/** Edits taken from `dirty` whose IndexedDB write has not landed yet. */
const writing = new Map<number, Pir>();
/**
 * Edits a stored change builds on, kept in the write-ahead until that change lands: a reload before
 * then finds the report as edited, as if the change had not been made (its queued work is not stored either).
 */
const superseded = new Map<number, Pir>();
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> = Promise.resolve();

/**
 * Applies an edit in memory at once; stores it shortly after. Returns the new report. `byInspector:
 * false` for what the app itself adds (details downloaded): the report was not edited then.
 */
export function editReport(id: number, change: (r: Pir) => Pir, { byInspector = true }: { byInspector?: boolean } = {}): Pir | undefined {
  const current = allReports().find((r) => r.id === id);
  if (!current) return undefined;
  const changed = change(current);
  if (changed === current) return current;
  // When the inspector last edited the report on this tablet (the card's "saved hh:mm · not sent").
  const next = byInspector ? { ...changed, lastUpdateDate: serverNow().toISOString() } : changed;
  setInMemory([next]);
  dirty.set(id, next);
  writeAhead();
  timer ??= setTimeout(() => void flushEdits(), WRITE_DELAY_MS);
  return next;
}

/** Writes pending edits now (also called when the page is hidden or closed). */
export function flushEdits(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (dirty.size === 0) return flushing;
  const batch = [...dirty.values()];
  for (const r of batch) writing.set(r.id, r);
  dirty.clear();
  flushing = flushing.then(async () => {
    try {
      const d = await db();
      const tx = d.transaction('reports', 'readwrite');
      await Promise.all([...batch.map((r) => tx.store.put(stamp('report', r))), tx.done]);
    } catch (e) {
      // Not stored (a full tablet, a storage the browser refuses): the edits stay in memory and on
      // screen, and are written again until the storage takes them. A newer edit of the same report
      // supersedes the one that failed. Later writes still run: this one's failure ends here.
      for (const r of batch) {
        if (writing.get(r.id) === r) writing.delete(r.id);
        if (!dirty.has(r.id)) dirty.set(r.id, r);
      }
      writeAhead();
      setWriteProblem(writeProblemOf(e));
      timer ??= setTimeout(() => void flushEdits(), RETRY_WRITE_MS);
      return;
    }
    for (const r of batch) if (writing.get(r.id) === r) writing.delete(r.id);
    writeAhead();
    if (dirty.size === 0) setWriteProblem(null);
    announce({ type: 'reports', ids: batch.map((r) => r.id) });
  });
  return flushing;
}

// ------------------------------------------------------------------ failed writes

/** How soon edits the storage refused are written again: once space is freed they are kept without a reload. */
export const RETRY_WRITE_MS = 2000;

/** Why the inspector's edits are not being kept: the tablet is full, or its storage refuses writes. */
export type WriteProblem = 'full' | 'refused';

let writeProblem: WriteProblem | null = null;
const problemListeners = new Set<() => void>();

function writeProblemOf(e: unknown): WriteProblem {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  const text = e instanceof Error ? e.message : String(e);
  return name === 'QuotaExceededError' || /quota|space|disk is full/i.test(text) ? 'full' : 'refused';
}

function setWriteProblem(p: WriteProblem | null) {
  if (p === writeProblem) return;
  writeProblem = p;
  for (const l of problemListeners) l();
}

/** The current reason edits are not kept, or null when every edit reached the storage. */
export function currentWriteProblem(): WriteProblem | null {
  return writeProblem;
}

export function onWriteProblem(listener: () => void): () => void {
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

export function hasPendingEdits(): boolean {
  return dirty.size > 0;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void flushEdits());
  // Leaving now would lose what the storage refused: the browser asks the inspector first.
  window.addEventListener('beforeunload', (e) => {
    if (writeProblem && (dirty.size > 0 || writing.size > 0)) e.preventDefault();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushEdits();
  });
}

// ------------------------------------------------------------------ durable changes

/** Reports to store or remove, with the processes and files that go with them. */
interface Change {
  put?: Pir[];
  remove?: number[];
  processes?: ProcessRecord[];
  removeProcesses?: string[];
  removeFiles?: string[];
}

/**
 * Shows reports at once and stores them (and optionally processes) in one transaction. Used for
 * status changes, so that a report and the work queued for it never disagree after a crash.
 */
export async function commit(change: Change) {
  // A report a newer app stored is neither shown nor written over (see newerStored).
  const put = (change.put ?? []).filter((r) => !newerStored.has(r.id));
  const remove = change.remove ?? [];
  // Shown at once, before it is stored: an edit made while it is being stored (a keystroke, a task's
  // result) builds on it, and is stored after it, instead of being overwritten by it.
  const touched = new Set([...put.map((r) => r.id), ...remove]);
  const before = allReports().filter((r) => touched.has(r.id));
  const edits = new Map<number, Pir>();
  for (const id of touched) {
    const edit = dirty.get(id) ?? writing.get(id);
    if (edit) edits.set(id, edit);
    dirty.delete(id);
  }
  for (const [id, edit] of edits) superseded.set(id, edit);
  writeAhead();
  setInMemory(put, remove);
  const settle = () => {
    for (const [id, edit] of edits) if (superseded.get(id) === edit) superseded.delete(id);
  };
  try {
    await store(put, remove, change);
  } catch (e) {
    // Not stored: show again what is stored, unless edited since; the edits it built on are written again.
    const edited = (id: number) => dirty.has(id);
    setInMemory(
      before.filter((r) => !edited(r.id)),
      put.filter((r) => !edited(r.id) && !before.some((b) => b.id === r.id)).map((r) => r.id),
    );
    settle();
    for (const [id, edit] of edits) if (!dirty.has(id)) dirty.set(id, edit);
    writeAhead();
    if (edits.size > 0) timer ??= setTimeout(() => void flushEdits(), RETRY_WRITE_MS);
    throw e;
  }
  settle();
  // An edit whose own write failed meanwhile is not written again over the change built on it.
  for (const [id, edit] of edits) if (dirty.get(id) === edit) dirty.delete(id);
  writeAhead();
  for (const p of change.processes ?? []) showProcess(p);
  forgetProcesses(change.removeProcesses ?? [], remove);
  if (put.length || remove.length) announce({ type: 'reports', ids: [...put.map((r) => r.id), ...remove] });
  if (change.processes?.length || change.removeProcesses?.length || remove.length) announce({ type: 'processes' });
}

async function store(put: Pir[], remove: number[], change: Change) {
  await flushEdits();
  const d = await db();
  const tx = d.transaction(['reports', 'processes', 'files'], 'readwrite');
  const ops: Promise<unknown>[] = [];
  for (const r of put) ops.push(tx.objectStore('reports').put(stamp('report', r)));
  for (const id of remove) {
    ops.push(tx.objectStore('reports').delete(id));
    ops.push(
      (async () => {
        const keys = await tx.objectStore('files').index('byPir').getAllKeys(id);
        await Promise.all(keys.map((k) => tx.objectStore('files').delete(k)));
        const procs = await tx.objectStore('processes').index('bySubject').getAllKeys(id);
        await Promise.all(procs.map((k) => tx.objectStore('processes').delete(k)));
      })(),
    );
  }
  for (const p of change.processes ?? []) ops.push(tx.objectStore('processes').put(stamp('process', p)));
  for (const uid of change.removeProcesses ?? []) ops.push(tx.objectStore('processes').delete(uid));
  for (const id of change.removeFiles ?? []) ops.push(tx.objectStore('files').delete(id));
  await Promise.all([...ops, tx.done]);
}

/**
 * Another tab changed these reports: show what is stored. A report this tab edited and has not stored
 * yet, or edited while it was being read, keeps this tab's version: it is newer, and is stored (and
 * announced) shortly.
 */
export async function reloadReports(ids: number[]) {
  const before = new Map(allReports().map((r) => [r.id, r]));
  const d = await db();
  const found = await Promise.all(ids.map(async (id) => fromStored(await d.get('reports', id))));
  const current = new Map(allReports().map((r) => [r.id, r]));
  const kept = (id: number) => dirty.has(id) || writing.has(id) || current.get(id) !== before.get(id);
  setInMemory(
    found.filter((r): r is Pir => r !== undefined && !kept(r.id)),
    ids.filter((id, i) => found[i] === undefined && !kept(id)),
  );
}

/** Ids of reports the inspector archived: the server listing must not bring them back. */
export async function archivedIds(): Promise<Set<number>> {
  const v = await (await db()).get('meta', 'archived');
  return new Set(Array.isArray(v) ? (v as number[]) : []);
}

export async function addArchived(id: number) {
  const d = await db();
  const set = await archivedIds();
  set.add(id);
  await d.put('meta', [...set], 'archived');
}
