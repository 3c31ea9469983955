'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { CalendarClockIcon } from 'lucide-react';
import { useId } from 'react';
import type { Pir } from '@/lib/contract';
import { AppLink as Link } from '@/components/shared/app-link';
import { StatusBadge } from '@/components/report/status-badge';
import { reportTitle } from '@/lib/reports/groups';
import { href } from '@/lib/routes/shell-path';
import type { TodayItem } from '@/lib/reports/today';

/** Today's and tomorrow's work on this tablet, at a glance above the groups (docs/decisions.md). */
export function TodayOnTablet({ items }: { items: TodayItem<Pir>[] }) {
  const t = useTranslations('reports.today');
  const format = useFormatter();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} data-testid="today-on-tablet" className="rounded-lg border bg-card p-3">
      <h2 id={headingId} className="flex items-start gap-2 text-base font-semibold">
        <CalendarClockIcon className="mt-1 size-4 shrink-0" aria-hidden /> {t('title')}
      </h2>
      <ul className="mt-1 flex flex-col">
        {items.map(({ report, at, day }) => (
          <li key={report.id} data-today-report={report.id} data-day={day}>
            <Link
              href={href.pir(report.id)}
              className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1.5 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="font-medium wrap-anywhere">{reportTitle(report)}</span>
              <span className="text-sm text-muted-foreground">
                {t(day, { time: format.dateTime(at, { hour: '2-digit', minute: '2-digit' }) })}
              </span>
              <StatusBadge status={report.status} className="max-w-full whitespace-normal leading-tight" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
