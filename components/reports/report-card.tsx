'use client';
import { AppLink as Link } from '@/components/app/app-link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { AnchorIcon, CalendarClockIcon, LockIcon, ShipIcon } from 'lucide-react';
import { DEFAULT_PORT_OF_ARRIVAL, type Language, type Pir, type PortEntry } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { ProcessProgress } from '@/components/processes/process-progress';
import { ReportActions } from './report-actions';
import { isClaimedByOtherDevice, reportTitle } from '@/lib/reports/groups';
import { referenceLabel } from '@/lib/reference-data/labels';
import { href } from '@/lib/routes/shell-path';
import { Card } from '@/components/ui/card';
import { StatusBadge } from './status-badge';

export function ReportCard({
  report,
  deviceName,
  ports,
  processes = [],
}: {
  report: Pir;
  deviceName: string;
  ports: Map<number, PortEntry>;
  processes?: ProcessRecord[];
}) {
  const t = useTranslations('reports.card');
  const tc = useTranslations('common');
  const format = useFormatter();
  const locale = useLocale() as Language;
  const port = ports.get(report.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL);
  const claimedByOther = isClaimedByOtherDevice(report, deviceName);
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : tc('noDate'));
  const id = report.id;

  return (
    <Card className="relative h-full gap-3 p-4 transition-shadow focus-within:ring-[3px] focus-within:ring-ring/60 hover:shadow-md" data-testid="report-card" data-report-id={id}>
      <div className="flex items-start gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ShipIcon className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold">
            <Link href={href.pir(id)} className="outline-none after:absolute after:inset-0 after:content-['']" aria-label={`${reportTitle(report)} — ${t('open', { code: report.code })}`}>
              {reportTitle(report)}
            </Link>
          </h3>
          <p className="truncate text-sm text-muted-foreground">
            {report.code} · {report.vesselIdentity.flagState}
          </p>
        </div>
        <StatusBadge status={report.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="flex items-center gap-1 text-muted-foreground">
          <AnchorIcon className="size-4" aria-hidden />
          <span className="sr-only">{t('port')}</span>
        </dt>
        <dd className="truncate">{referenceLabel(port, locale) ?? tc('unknown')}</dd>
        <dt className="flex items-center gap-1 text-muted-foreground">
          <CalendarClockIcon className="size-4" aria-hidden />
          <span className="sr-only">{t('expectedArrival')}</span>
        </dt>
        <dd>{date(report.expectedArrival)}</dd>
      </dl>
      {processes.map((p) => (
        <div key={p.uid} className="relative z-10">
          <ProcessProgress process={p} compact />
        </div>
      ))}
      {claimedByOther && (
        <p className="flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-xs text-muted-foreground" data-testid="claimed-by-other">
          <LockIcon className="size-3.5" aria-hidden /> {t('claimedByOther', { device: report.claimedByDevice ?? '' })}
        </p>
      )}
      <div className="mt-auto">
        <ReportActions report={report} deviceName={deviceName} hasProcess={processes.length > 0} />
      </div>
    </Card>
  );
}
