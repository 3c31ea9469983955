'use client';
import { useSyncExternalStore } from 'react';
import { onServerReach, probe, serverReach } from '@/lib/api/server-reach';

export type Connection = 'offline' | 'no-server' | 'online';

function subscribe(cb: () => void) {
  // Back on a network: ask at once whether the server is there too.
  const online = () => {
    probe();
    cb();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', cb);
  const off = onServerReach(cb);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', cb);
    off();
  };
}

function snapshot(): Connection {
  if (!navigator.onLine) return 'offline';
  return serverReach() === 'unreachable' ? 'no-server' : 'online';
}

/**
 * What the tablet can reach: no network (the browser says so), a network without the server (the
 * app's own requests got no reply), or the server. Online while pre-rendering.
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, snapshot, () => 'online');
}
