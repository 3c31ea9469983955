'use client';
import { useSyncExternalStore } from 'react';
import type { PersistentStore } from './persistent-store';

/**
 * Reads a store in a component. During pre-rendering and hydration the value is `undefined`
 * (the static HTML cannot know the tablet's settings), then the stored value.
 */
export function useStore<T>(store: PersistentStore<T>): T | undefined {
  return useSyncExternalStore(store.subscribe, store.get, () => undefined);
}
