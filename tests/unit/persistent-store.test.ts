import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

describe('persistent store (settings survive a reload)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  const schema = z.object({ darkMode: z.boolean(), language: z.enum(['en', 'fr']), filters: z.object({ ports: z.array(z.number()) }) });
  const initial = { darkMode: false, language: 'en' as const, filters: { ports: [] as number[] } };

  it('writes through and reads back in a new store (a reload)', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    const a = createPersistentStore('s', schema, initial);
    a.set((s) => ({ ...s, darkMode: true, language: 'fr' }));
    const b = createPersistentStore('s', schema, initial);
    expect(b.get()).toEqual({ darkMode: true, language: 'fr', filters: { ports: [] } });
  });

  it('notifies subscribers', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    const a = createPersistentStore('s', schema, initial);
    let calls = 0;
    const off = a.subscribe(() => calls++);
    a.set(initial);
    off();
    a.set(initial);
    expect(calls).toBe(1);
  });

  it('keeps what it can of a stored value from an older version, and ignores garbage', async () => {
    const { createPersistentStore } = await import('@/lib/store/persistent-store');
    localStorage.setItem('old', JSON.stringify({ darkMode: true }));
    expect(createPersistentStore('old', schema, initial).get()).toEqual({ ...initial, darkMode: true });
    localStorage.setItem('bad', '{not json');
    expect(createPersistentStore('bad', schema, initial).get()).toEqual(initial);
    localStorage.setItem('wrong', JSON.stringify({ darkMode: 'yes' }));
    expect(createPersistentStore('wrong', schema, initial).get()).toEqual(initial);
  });
});
