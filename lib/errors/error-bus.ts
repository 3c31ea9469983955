/** SPEC §8: errors appear in an alert dialog. Anything may report one; the dialog shows the latest. */
type Listener = (error: unknown) => void;
const listeners = new Set<Listener>();

export function reportError(error: unknown) {
  for (const l of listeners) l(error);
}

export function onError(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
