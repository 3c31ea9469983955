/** Tells the app's other tabs that stored data changed, so they show the same reports and progress. */
export type LocalChange = { type: 'reports'; ids: number[] } | { type: 'processes' } | { type: 'files'; pirId: number };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pir-local-data');

export function announce(change: LocalChange) {
  channel?.postMessage(change);
}

export function onRemoteChange(listener: (change: LocalChange) => void): () => void {
  if (!channel) return () => {};
  const handler = (e: MessageEvent<LocalChange>) => listener(e.data);
  channel.addEventListener('message', handler);
  return () => channel.removeEventListener('message', handler);
}
