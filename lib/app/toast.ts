/**
 * Toasts without sonner in the first scripts. `toast(...)` has sonner's call shapes (the ones the
 * app uses); until sonner is loaded the calls wait here, in order, and the first one starts the
 * load. `ToasterHost` (components/app/toaster-host.tsx) also loads it once the page is idle, and
 * mounts sonner's <Toaster> as soon as it is there. Sonner's Toaster shows the toasts raised before
 * it subscribed, so nothing raised early is lost.
 */
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Call = (sonner: Sonner) => void;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const queue: Call[] = [];
const listeners = new Set<() => void>();

/** Loads sonner once, then runs the waiting calls. A failed load is tried again by the next call. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const call of queue.splice(0)) {
        try {
          call(module);
        } catch (e) {
          console.warn('A toast failed', e);
        }
      }
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** For useSyncExternalStore: sonner once loaded. */
export function loadedSonner(): Sonner | undefined {
  return sonner;
}

export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function run(call: Call): void {
  if (sonner) return call(sonner);
  queue.push(call);
  // The calls stay queued if the chunk cannot be fetched; the next call or the host tries again.
  loadSonner().catch((e) => console.warn('Could not load the toasts', e));
}

type Message = string;
type Options = ExternalToast;

function show(message: Message, options?: Options): void {
  run((s) => s.toast(message, options));
}

/** sonner's `toast`, queued until sonner is loaded. Returns nothing (no caller needs the id). */
export const toast = Object.assign(show, {
  success: (message: Message, options?: Options) => run((s) => s.toast.success(message, options)),
  error: (message: Message, options?: Options) => run((s) => s.toast.error(message, options)),
  warning: (message: Message, options?: Options) => run((s) => s.toast.warning(message, options)),
  info: (message: Message, options?: Options) => run((s) => s.toast.info(message, options)),
  dismiss: (id?: string | number) => run((s) => s.toast.dismiss(id)),
});
