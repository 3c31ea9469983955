import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryStorage } from './fixtures/memory-storage';

describe('persistent store (settings survive a reload)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  const schema = z.object({ darkMode: z.boolean(), language: z.enum(['en', 'fr']), filters: z.object({ ports: z.array(z.number()) }) });
  const initial = { darkMode: false, language: 'en' as const, filters: { ports: [] as number[] } };

  it('writes through and reads back in a new store (a reload)', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    const a = createPersistentStore('s', async () => schema, initial);
    a.set((s) => ({ ...s, darkMode: true, language: 'fr' }));
    const b = createPersistentStore('s', async () => schema, initial);
    expect(b.get()).toEqual({ darkMode: true, language: 'fr', filters: { ports: [] } });
  });

  it('notifies subscribers', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    const a = createPersistentStore('s', async () => schema, initial);
    let calls = 0;
    const off = a.subscribe(() => calls++);
    a.set(initial);
    off();
    a.set(initial);
    expect(calls).toBe(1);
  });

  it('shows a stored value at once, merged over the defaults, before its schema has loaded', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    localStorage.setItem('early', JSON.stringify({ language: 'fr', extra: 1 }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = createPersistentStore('early', () => gate.then(() => schema), initial);
    expect(store.get()).toMatchObject({ darkMode: false, language: 'fr', filters: { ports: [] } });
    release();
    await store.checked();
    // zod strips what the schema does not know
    expect(store.get()).toEqual({ darkMode: false, language: 'fr', filters: { ports: [] } });
  });

  it('keeps a change made before the schema loaded', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    localStorage.setItem('race', JSON.stringify({ darkMode: 'yes' }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = createPersistentStore('race', () => gate.then(() => schema), initial);
    store.set({ ...initial, language: 'fr' });
    release();
    await store.checked();
    expect(store.get()).toEqual({ ...initial, language: 'fr' });
  });

  it('keeps what it can of a stored value from an older version, and ignores garbage', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    const load = async () => schema;
    localStorage.setItem('old', JSON.stringify({ darkMode: true }));
    const old = createPersistentStore('old', load, initial);
    await old.checked();
    expect(old.get()).toEqual({ ...initial, darkMode: true });
    localStorage.setItem('bad', '{not json');
    expect(createPersistentStore('bad', load, initial).get()).toEqual(initial);
    localStorage.setItem('wrong', JSON.stringify({ darkMode: 'yes' }));
    const wrong = createPersistentStore('wrong', load, initial);
    await wrong.checked();
    expect(wrong.get()).toEqual(initial);
  });
});
