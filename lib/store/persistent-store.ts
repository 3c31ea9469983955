/**
 * A tiny external store kept in localStorage, validated on read, and shared between tabs
 * through the `storage` event. Small synchronous state only (settings, the signed-in user):
 * it must be readable before the first paint, so a stored value is first merged over the
 * defaults, then checked against its schema as soon as the schema has loaded (zod stays out of
 * the first scripts); a value that fails the check is replaced as before. A store given a record kind
 * (the settings) keeps its value versioned: stamped when written, migrated when read.
 */
import type { z } from 'zod';
import { migrate, stamp, type RecordKind } from '@/lib/local-data/record-versions';

export interface PersistentStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage (used after another tab wrote it). */
  reload(): void;
  /** Settles once the stored value has been checked against the schema. */
  checked(): Promise<void>;
}

export function createPersistentStore<T>(key: string, loadSchema: () => Promise<z.ZodType<T>>, initial: T, options: { record?: RecordKind } = {}): PersistentStore<T> {
  const listeners = new Set<() => void>();
  const { record } = options;
  /**
   * The stored value was written by a newer version of the app: what can be read of it is shown, and
   * it is never written over (changes last for this session).
   */
  let newer = false;
  let value: T = read();
  let checking: Promise<void> = Promise.resolve();
  check();

  function stored(): unknown {
    newer = false;
    if (typeof localStorage === 'undefined') return undefined;
    let raw: unknown;
    try {
      const text = localStorage.getItem(key);
      raw = text === null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
    if (!record || raw === undefined) return raw;
    const m = migrate(record, raw);
    newer = !m.ok && m.reason === 'newer';
    // Unreadable: as before (the defaults, or what the check keeps of it).
    return m.ok ? m.record : raw;
  }

  function write(next: T) {
    if (newer) return;
    const copy = record && typeof next === 'object' && next !== null ? stamp(record, next) : next;
    localStorage.setItem(key, JSON.stringify(copy));
  }

  /** Before the schema loads: the stored value merged over the defaults, when it has their shape. */
  function read(): T {
    const raw = stored();
    if (raw === undefined) return initial;
    if (isObject(initial)) return isObject(raw) ? (mergeDeep(initial, raw) as T) : initial;
    if (initial === null) return raw === null || isObject(raw) ? (raw as T) : initial;
    return typeof raw === typeof initial ? (raw as T) : initial;
  }

  /** A value from an older version that no longer parses keeps what it can; garbage gives the defaults. */
  function check() {
    const raw = stored();
    if (raw === undefined) return;
    const shown = value;
    checking = loadSchema().then(
      (schema) => {
        const parsed = schema.safeParse(raw);
        const merged = parsed.success ? parsed : schema.safeParse(mergeDeep(initial, raw));
        const next = merged.success ? merged.data : initial;
        // A write since the read wins; otherwise show the checked value.
        if (value !== shown || JSON.stringify(next) === JSON.stringify(value)) return;
        value = next;
        emit();
      },
      () => undefined, // schema not loadable (offline without cache): keep the merged value
    );
  }

  function emit() {
    for (const l of listeners) l();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) {
        value = read();
        check();
        emit();
      }
    });
  }

  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      try {
        write(value);
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
      check();
      emit();
    },
    checked: () => checking,
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
