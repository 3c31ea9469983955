'use client';
import { reportError } from '@/lib/errors/error-bus';
import { useFormatter, useLocale, useNow, useTranslations } from 'next-intl';
import { ArchiveIcon, CircleAlertIcon, CircleCheckIcon, FileTextIcon, SendIcon, UndoIcon } from 'lucide-react';
import { formatBytes } from '@/lib/format/bytes';
import { shortFingerprint } from '@/lib/inspection/fingerprint';
import { checkReceipt, receiptToShow } from '@/lib/lifecycle/receipt';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRouter } from 'next/navigation';
import type { Pir } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { archiveReport, cancelSubmit, submitReport } from '@/lib/reports/actions';
import { ARCHIVE_AFTER_DAYS, isArchiveDue, isHeldBy, submissionFailed, submittedAt } from '@/lib/lifecycle/transitions';
import { clockOffsetMs, serverNow } from '@/lib/clock/clock';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { processStatus } from '@/lib/tasks/model';
import { waitingForServer } from '@/lib/lifecycle/waiting';
import { href } from '@/lib/routes/shell-path';
import { reportTitle } from '@/lib/reports/groups';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { ProcessProgress } from '@/components/processes/process-progress';
import { StepFrame } from '../step-frame';
import { ReportOutboxSection } from './report-outbox-section';
import { Fireworks } from '../fireworks';

/** submit: submit when ready, progress, retry on failure, archive once submitted (SPEC §2, §4). */
export function SubmitStep({ report, processes }: { report: Pir; processes: ProcessRecord[] }) {
  const t = useTranslations('submit');
  const format = useFormatter();
  const router = useRouter();
  const settings = useStore(settingsStore);
  const [confirm, setConfirm] = useState<'archive' | 'cancel' | null>(null);
  const submit = processes.find((p) => p.type === 'submit');
  const failed = submissionFailed(report, submit !== undefined && processStatus(submit.tasks) === 'REJECTED');
  const heldHere = isHeldBy(report, useDeviceName());
  const at = submittedAt(report);
  // Lifecycle dates are the server's time (lib/clock).
  const now = useNow({ updateInterval: 5000 }).getTime() + clockOffsetMs();
  const notSentYet = report.status === 'submitting' && waitingForServer(report, submit, now);
  // Fireworks for a submission seen happening on this page, not for an old one.
  const [sawSubmitting] = useState(report.status !== 'submitted');

  const guard = (work: () => Promise<void>) => () => void work().catch((e) => reportError(e));

  return (
    <StepFrame step="submit" done={report.status === 'submitted'} locked={heldHere || report.status === 'submitted' ? null : 'heldElsewhere'}>
      <Fireworks play={sawSubmitting && report.status === 'submitted'} />
      <p data-testid="submit-status" role="status">
        {report.status === 'submitted'
          ? t('submitted', { date: at ? format.dateTime(at, { dateStyle: 'medium', timeStyle: 'short' }) : '' })
          : report.status === 'submitting'
            ? notSentYet
              ? t('notSentYet')
              : t('submitting')
            : report.status === 'readytosubmit'
              ? failed
                ? t('failed')
                : t('ready')
              : t('notYet')}
      </p>
      {report.status === 'submitted' && <SentForms report={report} />}
      {submit && <ProcessProgress process={submit} />}
      <ReportOutboxSection report={report} submit={submit} />
      <ReceiptSection report={report} />
      <div className="flex flex-wrap gap-2">
        {report.status === 'readytosubmit' && heldHere && (
          <Button size="lg" onClick={guard(() => submitReport(report))}>
            <SendIcon aria-hidden /> {failed ? t('retry') : t('submit')}
          </Button>
        )}
        {report.status === 'submitting' && heldHere && settings?.showAdvancedFeatures && (
          <Button variant="outline" onClick={() => setConfirm('cancel')}>
            <UndoIcon aria-hidden /> {t('cancel')}
          </Button>
        )}
        {report.status === 'submitted' && (
          <Button variant="outline" onClick={() => setConfirm('archive')}>
            <ArchiveIcon aria-hidden /> {t('archive')}
          </Button>
        )}
      </div>
      {report.status === 'submitted' && isArchiveDue(report, serverNow()) && <p className="text-sm text-muted-foreground">{t('archiveDue', { days: ARCHIVE_AFTER_DAYS })}</p>}
      <ConfirmDialog
        open={confirm === 'archive'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('archiveTitle')}
        description={t('archiveText', { vessel: reportTitle(report) })}
        confirmLabel={t('archive')}
        destructive
        onConfirm={guard(async () => {
          await archiveReport(report);
          toast.success(t('archived', { vessel: reportTitle(report) }));
          router.push(href.reports());
        })}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('cancelTitle')}
        description={t('cancelText')}
        confirmLabel={t('cancel')}
        destructive
        onConfirm={guard(() => cancelSubmit(report))}
      />
    </StepFrame>
  );
}

/** What the server lists as sent: each PIR form with its date and attached documents (newest first). */
function SentForms({ report }: { report: Pir }) {
  const t = useTranslations('submit');
  const format = useFormatter();
  const forms = report.submitedForms.filter((f) => f.typeOfForm === 'PIR').sort((a, b) => b.submitDate.localeCompare(a.submitDate));
  return (
    <section className="flex flex-col gap-2" aria-labelledby="sent-title" data-testid="submit-sent">
      <h3 id="sent-title" className="text-base font-semibold">
        {t('sentTitle')}
      </h3>
      {forms.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('sentNone')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {forms.map((f) => (
            <li key={f.id} className="flex gap-3 rounded-lg border p-3 text-sm" data-testid="sent-form">
              <FileTextIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{t('sentForm', { name: f.name, date: format.dateTime(new Date(f.submitDate), { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
                <p className="text-muted-foreground wrap-anywhere">
                  {t('sentAttachments', { count: f.attachments.length })}
                  {f.attachments.length > 0 && ` — ${f.attachments.map((a) => (a.documentTag ? `${a.name} (${a.documentTag})` : a.name)).join(', ')}`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The server's receipt of the submission, kept on the tablet with the report (shown offline
 * too) until it is archived: how many of the files sent it holds unchanged, the total, the fingerprint
 * it checked, and each file with its size and SHA-256.
 */
function ReceiptSection({ report }: { report: Pir }) {
  const t = useTranslations('submit');
  const format = useFormatter();
  const locale = useLocale();
  const stored = receiptToShow(report);
  if (!stored) return null;
  const { receipt } = stored;
  const check = checkReceipt(stored);
  const sent = new Map(stored.sent.map((f) => [f.fileUrl, f]));
  return (
    <section className="flex flex-col gap-2 rounded-lg border p-3" aria-labelledby="receipt-title" data-testid="submit-receipt" data-checked={check.checked}>
      <h3 id="receipt-title" className="text-base font-semibold">
        {t('receiptTitle')}
      </h3>
      <p className={`flex items-start gap-2 font-medium ${check.checked ? 'text-success' : 'text-destructive'}`} data-testid="receipt-summary">
        {check.checked ? <CircleCheckIcon className="mt-0.5 size-5 shrink-0" aria-hidden /> : <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />}
        {t(check.checked ? 'receiptChecked' : 'receiptIncomplete', { held: check.held, sent: check.sent })}
      </p>
      <p className="text-sm text-muted-foreground">
        {t('receiptTotal', {
          files: receipt.total.files,
          size: formatBytes(receipt.total.bytes, locale),
          date: format.dateTime(new Date(receipt.submitDate), { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </p>
      <p className="text-sm text-muted-foreground wrap-anywhere" data-testid="receipt-fingerprint">
        {receipt.fingerprint ? t('receiptFingerprint', { fingerprint: shortFingerprint(receipt.fingerprint) }) : t('receiptNoFingerprint')}
      </p>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-medium">{t('receiptFiles')}</summary>
        <ul className="flex flex-col gap-1" data-testid="receipt-files">
          {receipt.files.map((f) => {
            const s = sent.get(f.fileUrl);
            const same = s !== undefined && s.size === f.size && s.sha256 === f.sha256;
            return (
              <li key={f.fileUrl} className="flex flex-wrap gap-x-2 border-t py-1" data-testid="receipt-file">
                <span className="font-medium wrap-anywhere">{f.fileUrl}</span>
                <span className="tabular-nums text-muted-foreground">{formatBytes(f.size, locale)}</span>
                <code className="text-xs text-muted-foreground wrap-anywhere" title={f.sha256}>
                  SHA-256 {shortFingerprint(f.sha256)}
                </code>
                {s !== undefined && <span className={same ? 'text-success' : 'text-destructive'}>{same ? t('receiptFileChecked') : t('receiptFileDiffers')}</span>}
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
