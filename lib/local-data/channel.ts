/**
 * Tells the app's other tabs that stored data changed, so they show the same reports and progress.
 * Where a browser has no BroadcastChannel, a localStorage key carries the message: its `storage`
 * event fires in the other tabs only, which is the same reach.
 */
export type LocalChange = { type: 'reports'; ids: number[] } | { type: 'processes' } | { type: 'files'; pirId: number };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pir-local-data');
const FALLBACK_KEY = 'pir-local-data-change';

export function announce(change: LocalChange) {
  if (channel) return channel.postMessage(change);
  try {
    // A nonce, so the same change twice is still a change of the key.
    localStorage.setItem(FALLBACK_KEY, JSON.stringify({ change, nonce: Math.random() }));
  } catch {
    // no storage at all: a single tab has nobody to tell
  }
}

export function onRemoteChange(listener: (change: LocalChange) => void): () => void {
  if (channel) {
    const handler = (e: MessageEvent<LocalChange>) => listener(e.data);
    channel.addEventListener('message', handler);
    return () => channel.removeEventListener('message', handler);
  }
  if (typeof window === 'undefined') return () => {};
  const handler = (e: StorageEvent) => {
    if (e.key !== FALLBACK_KEY || !e.newValue) return;
    try {
      listener((JSON.parse(e.newValue) as { change: LocalChange }).change);
    } catch {
      // not ours
    }
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
