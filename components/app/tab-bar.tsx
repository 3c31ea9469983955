'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { CalendarDaysIcon, ClipboardCheckIcon, ListIcon } from 'lucide-react';
import { useAppRoute } from '@/lib/hooks/use-location-path';
import { href } from '@/lib/routes/shell-path';
import { lastReportStore } from '@/lib/reports/last-report';
import { useStore } from '@/lib/store/use-store';
import { cn } from '@/lib/utils';
import { useOutbox } from '@/lib/reports/use-outbox';
import { OnlineBadge } from './online-badge';
import { UserMenu } from './user-menu';

/** SPEC §2: reports, pir (last opened report or a pick-one placeholder), calendar, status, user. */
export function TabBar() {
  const route = useAppRoute();
  const lastReport = useStore(lastReportStore);
  const outbox = useOutbox();
  const active = route?.name === 'reports' || route?.name === 'home' ? 'reports' : route?.name === 'calendar' ? 'calendar' : route ? 'pir' : null;
  return <Tabs active={active} lastReport={lastReport} unsent={outbox.toSend + outbox.sending} />;
}

/** Drawn again only when a tab or the outbox count changes: the outbox follows every edit of a report. */
const Tabs = memo(function Tabs({ active, lastReport, unsent }: { active: 'reports' | 'pir' | 'calendar' | null; lastReport: string | null | undefined; unsent: number }) {
  const t = useTranslations('nav');
  const tabs = [
    { key: 'reports', label: t('reports'), to: href.reports(), Icon: ListIcon },
    { key: 'pir', label: t('pir'), to: href.pir(lastReport ?? '_'), Icon: ClipboardCheckIcon },
    { key: 'calendar', label: t('calendar'), to: href.calendar(), Icon: CalendarDaysIcon },
  ] as const;
  return (
    <nav
      aria-label={t('label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/85"
    >
      <div className="@container mx-auto flex h-[var(--tabbar-height)] max-w-[1400px] items-stretch gap-1 px-2 sm:px-6">
        {tabs.map(({ key, label, to, Icon }) => (
          <Link
            key={key}
            href={to}
            aria-current={active === key ? 'page' : undefined}
            aria-label={key === 'reports' && unsent > 0 ? `${label}, ${t('outbox', { count: unsent })}` : undefined}
            className={cn(
              'flex min-w-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg text-xs font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 @2xl:max-w-40 @2xl:flex-row @2xl:gap-2 @2xl:text-sm',
              active === key && 'bg-accent text-primary',
            )}
          >
            <span className="relative">
              <Icon className="size-6" aria-hidden />
              {/* The outbox on every screen: signed reports not sent yet, as the Reports screen counts them. */}
              {key === 'reports' && unsent > 0 && (
                <span
                  className="absolute -end-2.5 -top-1.5 min-w-5 rounded-full bg-primary px-1 text-center text-[0.7rem] leading-5 font-bold text-primary-foreground tabular-nums"
                  data-testid="tab-outbox"
                  aria-hidden
                >
                  {unsent}
                </span>
              )}
            </span>
            {/* Labels give way to icons only when very large text leaves no room; they stay for screen readers. */}
            <span className="sr-only @min-[19rem]:not-sr-only">{label}</span>
          </Link>
        ))}
        <div className="ms-auto flex items-center gap-2">
          <OnlineBadge />
          <UserMenu />
        </div>
      </div>
    </nav>
  );
});
