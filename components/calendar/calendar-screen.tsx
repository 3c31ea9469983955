'use client';
import { AppLink as Link } from '@/components/app/app-link';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useMemo } from 'react';

import { calendarDays, dayKey, groupByDay } from '@/lib/calendar/days';
import { reportTitle } from '@/lib/reports/groups';
import { useLocalReports } from '@/lib/local-data/use-local';
import { href } from '@/lib/routes/shell-path';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/app/page-header';
import { StatusBadge } from '@/components/reports/status-badge';

/** /calendar: three days before today, today, three days after (SPEC §2). */
export function CalendarScreen() {
  const t = useTranslations('calendar');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const files = useLocalReports();
  const days = useMemo(() => calendarDays(now), [now]);
  const byDay = useMemo(() => groupByDay(files.data ?? [], (r) => r.startOfInspection), [files.data]);
  const todayKey = dayKey(now);

  return (
    <>
      <PageHeader title={t('title')} />
      <ol className="grid grid-cols-1 gap-4 md:grid-cols-7">
        {days.map((day) => {
          const key = dayKey(day);
          const reports = byDay.get(key) ?? [];
          const isToday = key === todayKey;
          return (
            <li key={key} className={cn('flex flex-col gap-2 rounded-xl border bg-card p-3', isToday && 'border-primary ring-2 ring-primary/30')} data-testid="calendar-day" data-day={key}>
              <h2 className="text-sm font-semibold">
                <span className="block capitalize">{format.dateTime(day, { weekday: 'long' })}</span>
                <span className="text-muted-foreground">{format.dateTime(day, { day: 'numeric', month: 'short' })}</span>
                {isToday && <span className="ms-1 text-primary">· {t('today')}</span>}
              </h2>
              {reports.length === 0 ? (
                <p className="text-xs text-muted-foreground">{t('none')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {reports.map((r) => (
                    <li key={r.id}>
                      <Link href={href.pir(r.id)} className="flex flex-col gap-1 rounded-lg border p-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60">
                        <span className="font-medium">{reportTitle(r)}</span>
                        <StatusBadge status={r.status} className="max-w-full self-start truncate" />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
