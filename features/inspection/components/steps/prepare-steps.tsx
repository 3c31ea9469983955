'use client';
import { useFormatter, useTranslations } from 'next-intl';
import type { Pir } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { isStepComplete } from '@/lib/inspection/steps';
import { isAtLeast } from '@/lib/lifecycle/transitions';
import { remoteFilesOf } from '@/lib/reports/remote-files';
import { ProcessProgress } from '@/components/processes/process-progress';
import { ReportActions } from '@/components/report/report-actions';
import { StepFrame } from '../step-frame';

/** claimedandprepared: the claim, and the download of the report with its files. */
export function ClaimedStep({ report, deviceName, processes }: { report: Pir; deviceName: string; processes: ProcessRecord[] }) {
  const t = useTranslations('inspection');
  const prepared = isStepComplete(report, 'claimedandprepared');
  const device = report.claimedByDevice ?? deviceName;
  // Held here past preparing, details missing: a tablet downloading again a report it holds.
  const text = prepared
    ? report.status === 'submitted' && !report.extended
      ? t('claimedSubmitted', { device })
      : t('claimedHere', { device })
    : report.status === 'preparing'
      ? t('preparing')
      : isAtLeast(report, 'ready')
        ? t('claimedNotHere', { device })
        : t('notClaimed');
  return (
    <StepFrame step="claimedandprepared" done={prepared}>
      <p>{text}</p>
      {processes.map((p) => (
        <ProcessProgress key={p.uid} process={p} />
      ))}
      <ReportActions report={report} deviceName={deviceName} processes={processes} onReport />
    </StepFrame>
  );
}

/** piravailable: what the tablet holds for this inspection. */
export function AvailableStep({ report }: { report: Pir }) {
  const t = useTranslations('inspection');
  const format = useFormatter();
  const files = remoteFilesOf(report);
  const available = isStepComplete(report, 'piravailable');
  return (
    <StepFrame step="piravailable" done={available}>
      {available ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('vessel')}</dt>
          <dd>{report.extended?.vessel.name || report.vesselIdentity.vesselName}</dd>
          <dt className="text-muted-foreground">{t('files')}</dt>
          <dd>{t('fileCount', { count: files.length })}</dd>
          <dt className="text-muted-foreground">{t('scheduled')}</dt>
          <dd>{report.startOfInspection ? format.dateTime(new Date(report.startOfInspection), { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</dd>
        </dl>
      ) : (
        <p>{t('notAvailable')}</p>
      )}
    </StepFrame>
  );
}
