'use client';
import { useTranslations } from 'next-intl';

/**
 * The page's name in the tab and for screen readers: "page · app", or the app's name alone.
 * React puts the newest title first in the head, so a page's title wins while the page is shown, and
 * the app's (drawn once by the shell) stands in between. There is always one: with none (Next's own
 * title leaves the head while a route changes), Next's route announcer read the new page's heading
 * with innerText, which laid the page out in the middle of the navigation (opening a report, 15-30 ms
 * at CPU 4x).
 */
export function DocumentTitle({ page }: { page?: string }) {
  const t = useTranslations('app');
  return <title>{page ? t('pageTitle', { page, app: t('name') }) : t('name')}</title>;
}
