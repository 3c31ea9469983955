'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useFormatter, useLocale, useNow, useTranslations } from 'next-intl';
import { CameraIcon, CircleAlertIcon, CircleCheckIcon, HardDriveIcon, LockIcon, TriangleAlertIcon, UploadIcon, WifiOffIcon } from 'lucide-react';
import { checkReceipt, receiptToShow } from '@/lib/lifecycle/receipt';
import { memo, useSyncExternalStore } from 'react';
import { claimRefusals } from '@/lib/tasks/claim-refusals';
import { useConnection } from '@/lib/hooks/use-connection';
import { useErrorText } from '@/components/shared/use-error-text';
import type { Language, Pir, PortEntry, ReferenceEntry } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { ProcessProgress, ProgressLine } from '@/components/processes/process-progress';
import { reportTitle } from '@/lib/reports/groups';
import {
  cardProgress,
  documentSubmittedAt,
  inspectionScheduledAt,
  inspectionStartedAt,
  photoCount,
  portOfArrivalId,
  sendState,
  showsClaimedNotice,
  showsCommentWarning,
} from '@/lib/reports/card';
import { referenceLabel } from '@/lib/reference-data/labels';
import { href } from '@/lib/routes/shell-path';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ReportActions } from '@/components/report/report-actions';
import { ReportThumbnail } from '@/components/report/report-thumbnail';
import { StatusBadge } from '@/components/report/status-badge';

const DATE_TIME = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
const DATE_TIME_YEAR = { ...DATE_TIME, year: 'numeric' } as const;
const NO_PROCESSES: ProcessRecord[] = [];

/** SPEC §2 report card. Memoised: a list of many cards re-renders only the cards whose report changed. */
export const ReportCard = memo(function ReportCard({
  report,
  deviceName,
  ports,
  flags,
  processes = NO_PROCESSES,
}: {
  report: Pir;
  deviceName: string;
  ports: Map<number, PortEntry>;
  /** flag states from the reference list: named in the inspector's language */
  flags: Map<number, ReferenceEntry>;
  processes?: ProcessRecord[];
}) {
  const t = useTranslations('reports.card');
  const tc = useTranslations('common');
  const format = useFormatter();
  const locale = useLocale() as Language;
  const id = report.id;
  const title = reportTitle(report);
  const port = referenceLabel(ports.get(portOfArrivalId(report)), locale) ?? tc('unknown');
  const { flagStateId, flagState } = report.vesselIdentity;
  const flag = (flagStateId !== null ? referenceLabel(flags.get(flagStateId), locale) : undefined) ?? flagState;
  const progress = cardProgress(report);
  const percent = Math.round((progress ?? 0) * 100);
  const photos = photoCount(report);
  const thisYear = useNow().getFullYear();
  const refusal = useSyncExternalStore(claimRefusals.subscribe, () => claimRefusals.get().get(id), () => undefined);
  const errorText = useErrorText();
  // The year only when it is not this one: shorter, and the card's columns mostly stay on one line.
  const dateOr = (iso: string | null, missing: string) => {
    if (!iso) return missing;
    const d = new Date(iso);
    return format.dateTime(d, d.getFullYear() === thisYear ? DATE_TIME : DATE_TIME_YEAR);
  };

  const facts: [label: string, value: string, testId: string][] = [
    // The port comes first: other tests read it as the card's first definition.
    [t('port'), port, 'card-port'],
    [t('expectedArrival'), dateOr(report.expectedArrival, tc('noDate')), 'card-expected-arrival'],
    [t('scheduled'), dateOr(inspectionScheduledAt(report), t('notYet')), 'card-scheduled'],
    [t('started'), dateOr(inspectionStartedAt(report), t('notYet')), 'card-started'],
    [t('photosLabel'), t('photos', { count: photos }), 'photo-count'],
  ];
  // Only a submitted report has a submission date to show (a dash on every other card said nothing).
  if (report.status === 'submitted') facts.splice(4, 0, [t('submitted'), dateOr(documentSubmittedAt(report), t('notYet')), 'card-submitted']);
  const send = sendState(report, deviceName);
  const connection = useConnection();

  return (
    <Card
      // No transition on the shadow, and the ring for keyboard focus only: a tap drew a ring, and the
      // shadow's transition repainted the whole list at each frame while the report was being drawn.
      className="relative h-full gap-3 p-4 hover:shadow-md has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60"
      data-testid="report-card"
      data-report-id={id}
    >
      <div className="flex items-start gap-3">
        {/* Remounted when the report moves on or its downloads end, to pick up a picture stored meanwhile. */}
        <ReportThumbnail key={`${report.status}:${processes.length}`} report={report} className="h-18 w-24" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {/* The name wraps, never clipped; the badge goes under it when both do not fit on one line. */}
          <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
            <h3 className="min-w-0 flex-auto text-base font-semibold leading-snug wrap-anywhere" data-title="vessel">
              <Link
                href={href.pir(id)}
                className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
                aria-label={`${title} — ${t('open', { code: report.code })}`}
                draggable={false}
              >
                {title}
              </Link>
            </h3>
            <StatusBadge status={report.status} className="max-w-full whitespace-normal leading-tight" />
          </div>
          <p className="text-sm text-muted-foreground wrap-anywhere" data-title="code" data-testid="card-code">
            {report.code} · {flag}
          </p>
          {showsCommentWarning(report) && (
            <div>
              <Link
                href={href.pir(id, 'comments')}
                // A 44 px block around a small pill, on its own line: above the card's stretched link
                // (z-10), and below the number line instead of over it (a negative margin overlapped it).
                className="group/comment relative z-10 flex min-h-11 w-fit max-w-full items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                aria-label={t('commentLink', { vessel: title })}
                data-testid="comment-warning"
                draggable={false}
              >
                <span className="inline-flex items-center gap-1 rounded-full bg-warning px-2 py-0.5 text-xs font-semibold text-warning-foreground group-hover/comment:bg-warning/85">
                  <TriangleAlertIcon className="size-3.5" aria-hidden /> {t('comment')}
                </span>
              </Link>
            </div>
          )}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {facts.map(([label, value, testId]) => (
          <div key={testId} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="wrap-break-word" data-testid={testId}>
              {testId === 'photo-count' && <CameraIcon className="me-1 inline size-4 align-[-3px] text-muted-foreground" aria-hidden />}
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {send && send.kind !== 'sent' && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="card-send-state" data-state={send.kind}>
          {send.kind === 'saved' ? (
            <>
              <HardDriveIcon className="size-3.5 shrink-0" aria-hidden /> {t('savedNotSent', { time: dateOr(send.at, '') })}
            </>
          ) : connection === 'online' ? (
            <>
              <UploadIcon className="size-3.5 shrink-0" aria-hidden /> {t('sending')}
            </>
          ) : (
            <>
              <WifiOffIcon className="size-3.5 shrink-0" aria-hidden /> {connection === 'offline' ? t('waitingNetwork') : t('waitingServer')}
            </>
          )}
        </p>
      )}
      <ReceiptNote report={report} />
      {/*
        One bar at a time, in a place of its own: while a download or a submission shows its progress,
        the inspection's waits. Every card that can get a bar keeps the room for one (a line and a bar,
        the shape of each), so a download starting or ending on one card moves nothing under the
        inspector's finger on the cards below.
      */}
      {report.status !== 'submitted' && (
        <div className="relative z-10 flex flex-col gap-3">
          {processes.length > 0 ? (
            processes.map((p) => <ProcessProgress key={p.uid} process={p} compact />)
          ) : (
            // The inspection's progress; before there is one, its room.
            <div
              className={cn('flex flex-col gap-1.5', progress === null && 'invisible')}
              aria-hidden={progress === null || undefined}
              data-testid={progress === null ? undefined : 'inspection-progress'}
              data-value={progress ?? undefined}
            >
              <ProgressLine
                label={t('inspection')}
                percent={format.number(percent / 100, { style: 'percent' })}
                value={percent}
                ariaLabel={t('progress', { percent })}
              />
            </div>
          )}
        </div>
      )}
      {refusal !== undefined && report.status === 'notready' && (
        <p className="rounded-md bg-destructive/10 px-2 py-1 text-xs text-destructive" role="status" data-testid="claim-refused">
          {t('claimRefused', { reason: errorText(refusal) })}
        </p>
      )}
      {showsClaimedNotice(report, deviceName) && (
        <p className="flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-xs text-muted-foreground" data-testid="claimed-by-other">
          <LockIcon className="size-3.5 shrink-0" aria-hidden /> {t('claimedByOther', { device: report.claimedByDevice ?? '' })}
        </p>
      )}
      <div className="mt-auto">
        <ReportActions report={report} deviceName={deviceName} processes={processes} />
      </div>
    </Card>
  );
});

/** What the server's receipt says, on the card of a submitted report until it is archived. */
function ReceiptNote({ report }: { report: Pir }) {
  const t = useTranslations('reports.card');
  const stored = receiptToShow(report);
  if (!stored) return null;
  const check = checkReceipt(stored);
  return (
    <p
      className={`flex items-center gap-1.5 text-xs font-medium ${check.checked ? 'text-success' : 'text-destructive'}`}
      data-testid="card-receipt"
      data-checked={check.checked}
    >
      {check.checked ? <CircleCheckIcon className="size-3.5 shrink-0" aria-hidden /> : <CircleAlertIcon className="size-3.5 shrink-0" aria-hidden />}
      {t(check.checked ? 'receiptChecked' : 'receiptIncomplete', { held: check.held, sent: check.sent })}
    </p>
  );
}
