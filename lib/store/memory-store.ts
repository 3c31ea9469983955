/** A tiny external store kept in memory only: state of this page's life that no reload needs. */
export interface MemoryStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createMemoryStore<T>(initial: T): MemoryStore<T> {
  const listeners = new Set<() => void>();
  let value = initial;
  return {
    get: () => value,
    set(next) {
      const v = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(v, value)) return;
      value = v;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
