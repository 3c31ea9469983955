import Link from 'next/link';

/**
 * Links inside the app. Prefetching is off: every page is precached by the service worker, and
 * the report routes share one shell, so prefetches only compete with the inspector's downloads.
 */
export function AppLink(props: React.ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
