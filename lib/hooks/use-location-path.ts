'use client';
import { usePathname } from 'next/navigation';
import { useMemo, useSyncExternalStore } from 'react';
import { parseRoute, type AppRoute } from '@/lib/routes/shell-path';

function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb);
  return () => window.removeEventListener('popstate', cb);
}

/**
 * The app route of the real address. Dynamic routes are served from a shell pre-rendered with
 * `_` ids, so the ids are read from the address once hydrated (null before, matching the HTML).
 */
export function useAppRoute(): AppRoute | null {
  // Re-renders on client-side navigation, which changes the address without a popstate event.
  usePathname();
  const path = useSyncExternalStore(subscribe, () => window.location.pathname, () => null);
  return useMemo(() => (path === null ? null : parseRoute(path)), [path]);
}
