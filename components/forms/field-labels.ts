'use client';
/**
 * The labels of a step's fields, as the fields are drawn, for the step to name the fields that need
 * attention. Apart from the fields themselves so that the step's frame does not load the form library.
 */
import { createContext, useContext, useEffect } from 'react';

/** A field's name as the step shows it: its label, and the list entry it belongs to ("Catch 2"), if any. */
interface FieldLabel {
  label: string;
  entry: string | null;
}

/**
 * The labels of a step's fields by name, as the fields are drawn: the step names the fields that
 * need attention with them. Held outside React state, like the checks: a field registering its label
 * re-renders only what reads them.
 */
export interface FieldLabelStore {
  register(name: string, label: FieldLabel): () => void;
  /** the label of the field at `path`, else of the nearest field or list holding it ("catches.3.species" → "catches") */
  labelOf(path: string): FieldLabel | undefined;
  version(): number;
  subscribe(listener: () => void): () => void;
}

export function fieldLabelStore(): FieldLabelStore {
  const labels = new Map<string, FieldLabel>();
  const listeners = new Set<() => void>();
  let version = 0;
  let queued = false;
  // One notice for the many fields that register as a step is drawn.
  const changed = () => {
    version++;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      for (const l of listeners) l();
    });
  };
  return {
    register(name, label) {
      labels.set(name, label);
      changed();
      return () => {
        if (labels.get(name) !== label) return;
        labels.delete(name);
        changed();
      };
    },
    labelOf(path) {
      for (let p = path; ; p = p.slice(0, p.lastIndexOf('.'))) {
        const found = labels.get(p);
        if (found) return found;
        if (!p.includes('.')) return undefined;
      }
    },
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export const FieldLabelsContext = createContext<FieldLabelStore | null>(null);
/** The title of the list entry the fields inside belong to (set by ListSection). */
export const FieldEntryContext = createContext<string | null>(null);

/** Gives the step this field's label (with its list entry), while the field is drawn. */
export function useFieldLabel(name: string, label: string) {
  const labels = useContext(FieldLabelsContext);
  const entry = useContext(FieldEntryContext);
  useEffect(() => labels?.register(name, { label, entry }), [labels, name, label, entry]);
}

