'use client';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useCurrentFiles } from '@/lib/reports/use-current-files';
import { useLocalReports, useProcesses } from '@/lib/local-data/use-local';
import { groupReports, REPORT_GROUPS } from '@/lib/reports/groups';
import { useReferenceData } from '@/lib/reference-data/use-reference-data';
import { byId } from '@/lib/reference-data/labels';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { useOnline } from '@/lib/hooks/use-online';
import { PageHeader } from '@/components/app/page-header';
import { ReportCard } from './report-card';

/** First reports list: the server's listing grouped by status (SPEC §2 group order). */
export function ReportsScreen() {
  const t = useTranslations('reports');
  const format = useFormatter();
  const now = useNow({ updateInterval: 10_000 });
  const user = useStore(sessionStore);
  const online = useOnline();
  const files = useCurrentFiles(Boolean(user));
  const reference = useReferenceData();
  const deviceName = user?.deviceName ?? '';
  const ports = useMemo(() => byId(reference.data?.port), [reference.data]);
  const local = useLocalReports();
  const processes = useProcesses();
  const groups = useMemo(() => groupReports(local.data ?? [], deviceName), [local.data, deviceName]);
  const processesBySubject = useMemo(() => Map.groupBy(processes.data ?? [], (p) => p.subject), [processes.data]);

  const updated = files.dataUpdatedAt ? t('updated', { time: format.relativeTime(new Date(files.dataUpdatedAt), now) }) : t('neverUpdated');

  return (
    <>
      <PageHeader title={t('title')} subtitle={<span data-testid="updated">{updated}</span>} />
      {!online && <p className="mb-4 rounded-lg bg-muted p-3 text-sm">{t('offlineCopy')}</p>}
      {files.isPending && local.data?.length === 0 && <p role="status">{t('loading')}</p>}
      {files.isError && local.data?.length === 0 && (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-destructive">
          {t('loadError', { message: files.error.message })}
        </p>
      )}
      {files.isSuccess && local.data?.length === 0 && <p>{t('empty')}</p>}
      <div className="flex flex-col gap-8">
        {REPORT_GROUPS.map((group) =>
          groups[group].length === 0 ? null : (
            <section key={group} aria-labelledby={`group-${group}`} data-testid={`group-${group}`}>
              <h2 id={`group-${group}`} className="mb-3 flex items-baseline gap-2 text-lg font-semibold">
                {t(`groups.${group}`)}
                <span className="text-sm font-normal text-muted-foreground">{t('count', { count: groups[group].length })}</span>
              </h2>
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {groups[group].map((r) => (
                  <li key={r.id}>
                    <ReportCard report={r} deviceName={deviceName} ports={ports} processes={processesBySubject.get(r.id)} />
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
      </div>
    </>
  );
}
