'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useFormatter, useTranslations } from 'next-intl';
import { useServerNow } from '@/lib/hooks/use-server-now';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { calendarDays, dayKey, groupByDay } from '@/features/calendar/model/days';
import { reportTitle } from '@/lib/reports/groups';
import { isHeldHere } from '@/lib/reports/merge';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { useLocalReports } from '@/lib/local-data/use-local';
import { useCurrentFiles } from '@/lib/reports/use-current-files';
import { href } from '@/lib/routes/shell-path';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/shared/page-header';
import { ReportThumbnail } from '@/components/report/report-thumbnail';
import { StatusBadge } from '@/components/report/status-badge';

/**
 * /calendar (SPEC §2): three days before today, today, three days after, each listing that day's
 * reports by `startOfInspection` (the tablet's time zone) as cards: first vessel picture, title and
 * status, its time first and large; this tablet's own inspections marked. Reads only the tablet's reports,
 * so it works offline.
 */
export function CalendarScreen() {
  const t = useTranslations('calendar');
  const format = useFormatter();
  // "Today" is the server's: the inspections' times were recorded on its clock.
  const now = useServerNow({ updateInterval: 60_000 });
  const files = useLocalReports();
  const device = useDeviceName();
  const settled = useReportsSettled(files.data);
  const days = useMemo(() => calendarDays(now), [now]);
  // This tablet's own inspections first in each day: today is about them.
  const byDay = useMemo(() => groupByDay(files.data ?? [], (r) => r.startOfInspection, (r) => isHeldHere(r, device)), [files.data, device]);
  const todayKey = dayKey(now);
  const undated = useMemo(() => (files.data ?? []).filter((r) => !r.startOfInspection).length, [files.data]);
  // Opens on today: where the days are stacked (portrait, phone), today would be below the first screen.
  const shownToday = useRef(false);
  const showToday = useCallback((el: HTMLLIElement | null) => {
    if (!el || shownToday.current) return;
    shownToday.current = true;
    if (el.getBoundingClientRect().top > window.innerHeight / 3) el.scrollIntoView({ block: 'start' });
  }, []);
  const first = days[0]!;
  const last = days[days.length - 1]!;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { from: format.dateTime(first, { day: 'numeric', month: 'long' }), to: format.dateTime(last, { day: 'numeric', month: 'long', year: 'numeric' }) })}
      />
      {/* Drawn once the tablet's reports are read, so the days do not jump as their cards arrive. */}
      {settled && files.data && (
        <div className="@container">
          <ol className="grid grid-cols-1 gap-3 @5xl:grid-cols-7">
            {days.map((day) => {
              const key = dayKey(day);
              const reports = byDay.get(key) ?? [];
              const isToday = key === todayKey;
              return (
                <li
                  key={key}
                  ref={isToday ? showToday : undefined}
                  className={cn('@container flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3', isToday && 'border-primary ring-2 ring-primary/30')}
                  data-testid="calendar-day"
                  data-day={key}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <h2 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
                    <span className="capitalize" data-testid="weekday">
                      {format.dateTime(day, { weekday: 'long' })}
                    </span>
                    <span className="text-muted-foreground">{format.dateTime(day, { day: 'numeric', month: 'short' })}</span>
                    {isToday && <span className="text-primary">· {t('today')}</span>}
                    <span className="sr-only">({t('count', { count: reports.length })})</span>
                  </h2>
                  {reports.length === 0 ? (
                    <p className="text-xs text-muted-foreground">{t('none')}</p>
                  ) : (
                    <ul className="grid grid-cols-1 gap-2 @md:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]">
                      {reports.map((r) => {
                        const time = format.dateTime(new Date(r.startOfInspection!), { hour: '2-digit', minute: '2-digit' });
                        // This tablet's own inspections stand apart from the others'.
                        const mine = isHeldHere(r, device);
                        return (
                          <li key={r.id}>
                            <Link
                              href={href.pir(r.id)}
                              // A day as wide as a phone lists its cards as rows, a small picture beside the name;
                              // narrower (a week's column) or wider (a grid of cards), the picture is on top.
                              className={cn(
                                'flex h-full flex-col gap-1.5 rounded-lg border bg-background p-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 @min-[16rem]:@max-md:flex-row @min-[16rem]:@max-md:items-start @min-[16rem]:@max-md:gap-3',
                                mine && 'border-primary/60 bg-primary/5',
                              )}
                              data-mine={mine || undefined}
                              data-testid="calendar-card"
                              data-report-id={r.id}
                            >
                              <ReportThumbnail key={r.status} report={r} className="aspect-[4/3] w-full shrink-0 @min-[16rem]:@max-md:w-24" />
                              <span className="flex min-w-0 flex-1 flex-col gap-1.5">
                                <time dateTime={r.startOfInspection!} className="text-base font-semibold tabular-nums" data-testid="calendar-time">
                                  {time}
                                </time>
                                <span className="font-medium leading-snug wrap-anywhere" data-title="vessel">
                                  {reportTitle(r)}
                                </span>
                                {mine && (
                                  <span className="self-start rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary" data-testid="calendar-mine">
                                    {t('mine')}
                                  </span>
                                )}
                                <span className="flex flex-wrap items-center justify-between gap-1">
                                  {/* Wraps rather than clips in a narrow day column ("Ready to submit", "Prêt à soumettre"). */}
                                  <StatusBadge status={r.status} className="max-w-full whitespace-normal leading-tight" />
                                </span>
                              </span>
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {undated > 0 && (
            <p className="mt-4 text-sm text-muted-foreground" data-testid="calendar-undated">
              {t('undated', { count: undated })}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** How long an empty tablet waits for the server's listing to be merged before showing empty days. */
const FIRST_LISTING_WAIT_MS = 2000;

/**
 * Whether the days can be drawn without jumping as reports arrive: the tablet's reports are read,
 * and on a first visit (none stored yet) the server's listing has come and been merged, or failed,
 * or is not coming (offline, nothing to merge, or FIRST_LISTING_WAIT_MS passed).
 */
function useReportsSettled(local: readonly unknown[] | undefined): boolean {
  const listing = useCurrentFiles();
  const [waited, setWaited] = useState(false);
  const listingHasReports = (listing.data?.length ?? 0) > 0;
  useEffect(() => {
    if (!listingHasReports) return;
    const timer = setTimeout(() => setWaited(true), FIRST_LISTING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [listingHasReports]);
  if (!local) return false;
  if (local.length > 0 || waited) return true;
  if (listing.data === undefined) return listing.fetchStatus !== 'fetching';
  return !listingHasReports;
}
