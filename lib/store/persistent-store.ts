/**
 * A tiny external store kept in localStorage, validated on read, and shared between tabs
 * through the `storage` event. Small synchronous state only (settings, the signed-in user):
 * it must be readable before the first paint.
 */
import type { z } from 'zod';

export interface PersistentStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage (used after another tab wrote it). */
  reload(): void;
}

export function createPersistentStore<S extends z.ZodType>(key: string, schema: S, initial: z.infer<S>): PersistentStore<z.infer<S>> {
  type T = z.infer<S>;
  const listeners = new Set<() => void>();
  let value: T = read();

  function read(): T {
    if (typeof localStorage === 'undefined') return initial;
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return initial;
      const parsed = schema.safeParse(JSON.parse(raw));
      // A value from an older version that no longer parses keeps what it can: merge over the defaults.
      if (parsed.success) return parsed.data;
      const merged = schema.safeParse(mergeDeep(initial, JSON.parse(raw)));
      return merged.success ? merged.data : initial;
    } catch {
      return initial;
    }
  }

  function emit() {
    for (const l of listeners) l();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) {
        value = read();
        emit();
      }
    });
  }

  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the value still lives for this session.
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      value = read();
      emit();
    },
  };
}

function mergeDeep(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeDeep(base[k], v) : v;
  return out;
}
function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
