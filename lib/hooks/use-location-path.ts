'use client';
import { usePathname } from 'next/navigation';
import { useMemo, useSyncExternalStore } from 'react';
import { parseRoute, type AppRoute } from '@/lib/routes/shell-path';

const noSubscribe = () => () => {};

/**
 * The app route of the address. Dynamic routes are served from a shell pre-rendered with `_` ids,
 * so the ids are read once hydrated (null before, matching the HTML). The address is the router's,
 * not the window's: a navigation's render already sees the address it goes to, while the window's
 * changes only when that render is committed (the page was then drawn a second time, all at once).
 */
export function useAppRoute(): AppRoute | null {
  const pathname = usePathname();
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  return useMemo(() => (hydrated ? parseRoute(pathname) : null), [hydrated, pathname]);
}
