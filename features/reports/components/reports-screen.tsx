'use client';
import { useFormatter, useLocale, useNow, useTranslations } from 'next-intl';
import { RefreshCwIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Language, Pir } from '@/lib/contract';
import { listingCheckedAt, useCurrentFiles } from '@/lib/reports/use-current-files';
import { useLocalReports, useProcesses } from '@/lib/local-data/use-local';
import { allReports } from '@/lib/local-data/reports-store';
import { heldReportIds, picturesShownFirst } from '@/lib/reports/card';
import { useOutbox } from '@/lib/reports/use-outbox';
import { groupReports, REPORT_GROUPS } from '@/lib/reports/groups';
import { createSearchIndex, filterByPorts, keptAsOwnWork, searchReports } from '@/features/reports/model/search';
import { useHeldLists } from '@/lib/reference-data/use-reference-data';
import { byId, referenceLabel } from '@/lib/reference-data/labels';
import { sessionStore } from '@/lib/session/session-store';
import { settingsStore, updateSettings } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { useOnline } from '@/lib/hooks/use-online';
import { useConnection } from '@/lib/hooks/use-connection';
import { PageHeader } from '@/components/shared/page-header';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PullToRefresh } from './pull-to-refresh';
import { ReportCard } from './report-card';
import { prefetchCardPictures, stopCardPictures } from '@/components/report/report-thumbnail';
import { loadActions } from '@/lib/reports/load-actions';
import { ReportFilters } from './report-filters';
import { ReportGroup, type GroupName } from './report-group';
import { MissingListsNotice } from './missing-lists-notice';
import { TodayOnTablet } from './today-on-tablet';
import { todayOnThisTablet } from '@/lib/reports/today';
import { ReportSearch, useTextFilter } from './report-search';

const NO_PORTS: number[] = [];

/**
 * /reports (SPEC §2): search (debounced, kept in local storage), port filter, pull to refresh, and the
 * reports as carousels: the spec's groups, or "matching" and "other reports" while searching.
 */
export function ReportsScreen() {
  const t = useTranslations('reports');
  const format = useFormatter();
  const locale = useLocale() as Language;
  const now = useNow({ updateInterval: 10_000 });
  const user = useStore(sessionStore);
  const settings = useStore(settingsStore);
  const online = useOnline();
  const connection = useConnection();
  const files = useCurrentFiles(Boolean(user));
  const reference = useHeldLists();
  const deviceName = user?.deviceName ?? '';
  const ports = useMemo(() => byId(reference.data?.port), [reference.data]);
  const flags = useMemo(() => byId(reference.data?.flag), [reference.data]);
  const local = useLocalReports();
  const processes = useProcesses();
  const processesBySubject = useMemo(() => Map.groupBy(processes.data ?? [], (p) => p.subject), [processes.data]);
  const filter = useTextFilter();
  const portFilter = settings?.filters.ports ?? NO_PORTS;

  // The cards are drawn in a background render React can pause for input (a first visit draws the
  // whole listing at once; a slow tablet would freeze for that long).
  const all = useDeferredValue(local.data);
  // The port filter narrows the pool; the search runs over what it leaves.
  const pool = useMemo(() => filterByPorts(all ?? [], portFilter, deviceName), [all, portFilter, deviceName]);
  const groups = useMemo(() => groupReports(pool, deviceName), [pool, deviceName]);
  const today = useMemo(() => todayOnThisTablet(all ?? [], deviceName, now), [all, deviceName, now]);
  const ordered = useMemo(() => REPORT_GROUPS.flatMap((g) => groups[g]), [groups]);
  const index = useMemo(() => createSearchIndex((id) => referenceLabel(ports.get(id), locale)), [ports, locale]);
  const result = useMemo(() => (filter.query ? searchReports(ordered, filter.query, index) : null), [ordered, filter.query, index]);

  // The first cards' pictures are asked for with the listing, not once the cards are drawn.
  const client = useQueryClient();
  const listing = files.data;
  useEffect(() => {
    if (!listing || !navigator.onLine) return;
    prefetchCardPictures(client, picturesShownFirst(listing, heldReportIds(allReports(), deviceName), deviceName));
  }, [client, listing, deviceName]);
  useEffect(() => {
    // A card's claim button must not wait for its code to load: it is fetched while the list shows.
    void loadActions().catch(() => undefined);
    return () => stopCardPictures(client);
  }, [client]);

  const refetch = files.refetch;
  const refresh = useCallback(async () => {
    if (!navigator.onLine) {
      toast(t('refresh.offline'));
      return;
    }
    await refetch();
  }, [refetch, t]);
  const [refreshing, setRefreshing] = useState(false);
  const refreshByButton = async () => {
    setRefreshing(true);
    try {
      await refresh();
    } finally {
      setRefreshing(false);
    }
  };

  const renderCard = useCallback(
    (r: Pir) => <ReportCard report={r} deviceName={deviceName} ports={ports} flags={flags} processes={processesBySubject.get(r.id)} />,
    [deviceName, ports, flags, processesBySubject],
  );

  const outbox = useOutbox();
  // (after a reload offline, the time of the last answer before it)
  const checkedAt = files.dataUpdatedAt || listingCheckedAt();
  // `now` ticks every few seconds: a listing that arrived since is "now", never "in 1 second".
  const updated = checkedAt ? t('updated', { time: format.relativeTime(new Date(Math.min(checkedAt, now.getTime())), now) }) : t('neverUpdated');
  const total = all?.length ?? 0;
  const shownGroups: [GroupName, Pir[]][] = result
    ? [
        ['filtered', result.matches],
        ['unfiltered', result.others],
      ]
    : REPORT_GROUPS.map((g) => [g, groups[g]]);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={
          <span className="flex flex-wrap gap-x-3">
            <span data-testid="updated">{updated}</span>
            {/* What has left the tablet, online or not. */}
            <span data-testid="outbox" role="status" aria-label={t('outboxLabel', { ...outbox, connection })} className="font-medium text-foreground">
              {t('outbox', { ...outbox, connection })}
            </span>
          </span>
        }
      >
        {/* Offline it looks unavailable, yet a tap still says why nothing happens (so it stays a live button). */}
        <Button
          variant="outline"
          onClick={() => void refreshByButton()}
          disabled={refreshing}
          className={cn(!online && 'border-dashed text-muted-foreground')}
          aria-label={t('refresh.label')}
          data-testid="refresh-button"
        >
          <RefreshCwIcon className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} aria-hidden />
          <span>{t('refresh.button')}</span>
        </Button>
      </PageHeader>

      <div className="mb-2 flex items-center gap-2">
        <ReportSearch filter={filter} />
        <ReportFilters
          designatedPorts={reference.data?.designatedPort}
          ports={ports}
          selected={portFilter}
          onChange={(next) => updateSettings({ filters: { ...(settings?.filters ?? { ports: [] }), ports: next } })}
        />
      </div>
      <div className="mb-4 flex min-h-6 flex-wrap gap-x-4 text-sm text-muted-foreground" aria-live="polite">
        {filter.searching ? (
          <span data-testid="search-status">{t('search.searching')}</span>
        ) : (
          result && (
            <span data-testid="search-count" className="font-medium text-foreground">
              {t('search.matches', { count: result.matches.length, total: pool.length })}
            </span>
          )
        )}
        {portFilter.length > 0 && (
          <span data-testid="filter-count">{t('filters.showing', { count: pool.length, total, own: keptAsOwnWork(pool, portFilter, deviceName) })}</span>
        )}
      </div>

      <PullToRefresh onRefresh={refresh}>
        {!online && <p className="mb-4 rounded-lg bg-muted p-3 text-sm">{t('offlineCopy')}</p>}
        <MissingListsNotice />
        {files.isPending && total === 0 && <p role="status">{t('loading')}</p>}
        {files.isError && total === 0 && (
          <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-destructive">
            {t('loadError', { message: files.error.message })}
          </p>
        )}
        {files.isSuccess && all?.length === 0 && <p>{t('empty')}</p>}
        {total > 0 && pool.length === 0 && (
          <p className="rounded-lg bg-muted p-3 text-sm" data-testid="filter-empty">
            {t('filters.emptyFiltered')}
          </p>
        )}

        {filter.searching ? (
          <SearchPlaceholders />
        ) : (
          <div className="flex flex-col gap-8">
            {!result && <TodayOnTablet items={today} />}
            {result && result.matches.length === 0 && pool.length > 0 && (
              <p className="rounded-lg bg-muted p-3 text-sm" data-testid="search-empty">
                {t('search.none', { query: filter.query.trim() })}
              </p>
            )}
            {shownGroups.map(([name, items]) =>
              items.length === 0 ? null : (
                // A new search starts its carousels at their first card.
                <ReportGroup key={result ? `${name}:${filter.query}` : name} name={name} items={items} renderItem={renderCard} />
              ),
            )}
          </div>
        )}
      </PullToRefresh>
    </>
  );
}

/**
 * Empty cards where the results will appear, while the debounce runs. Still, not pulsing: an
 * animation keeps the page drawing a frame every 16 ms, and the results then wait for the next of
 * those frames (about 10 ms more from the debounce end to the results on screen, measured).
 */
function SearchPlaceholders() {
  return (
    <div className="flex flex-col gap-8 @container" data-testid="search-placeholders" aria-hidden>
      {[0, 1].map((g) => (
        <div key={g}>
          <div className="mb-3 h-7 w-48 rounded-md bg-muted" />
          <div className="flex gap-6 overflow-hidden">
            {[0, 1, 2].map((c) => (
              <div
                key={c}
                className="h-56 shrink-0 basis-[calc((100%-1.5rem)/1.15)] rounded-xl border bg-muted/40 @xl:basis-[calc((100%-1.5rem)/1.75)] @4xl:basis-[calc((100%-1.5rem*1.75)/2.75)]"
                data-testid="search-placeholder"
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
