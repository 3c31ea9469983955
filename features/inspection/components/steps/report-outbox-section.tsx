'use client';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { CircleAlertIcon, CircleCheckIcon, CheckIcon, HardDriveIcon, UploadIcon, WifiOffIcon } from 'lucide-react';
import type { Pir } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { formatBytes } from '@/lib/format/bytes';
import { useConnection } from '@/lib/hooks/use-connection';
import { outboxCounts, reportOutbox, type OutboxFile, type OutboxState } from '@/lib/reports/report-outbox';

const ICONS: Record<OutboxState, typeof CheckIcon> = {
  onTablet: HardDriveIcon,
  waiting: WifiOffIcon,
  sending: UploadIcon,
  sent: CheckIcon,
  failed: CircleAlertIcon,
  confirmed: CircleCheckIcon,
  differs: CircleAlertIcon,
};

const TONE: Record<OutboxState, string> = {
  onTablet: 'text-muted-foreground',
  waiting: 'text-muted-foreground',
  sending: 'text-foreground',
  sent: 'text-foreground',
  failed: 'text-destructive',
  confirmed: 'text-success',
  differs: 'text-destructive',
};

/**
 * The report's own outbox: its entries and each of its files, on the tablet, waiting, on their way,
 * sent or confirmed by the server's receipt, in the words the report's card uses.
 */
export function ReportOutboxSection({ report, submit }: { report: Pir; submit: ProcessRecord | undefined }) {
  const t = useTranslations('submit');
  const signature = useTranslations('signature');
  const format = useFormatter();
  const locale = useLocale();
  const connection = useConnection();
  const outbox = reportOutbox(report, submit);
  const counts = outboxCounts(outbox);
  // Waiting is named as the card and the header name it: for the network, or for the server.
  const stateWord = (s: OutboxState) => t('outboxState', { state: s === 'waiting' ? (connection === 'offline' ? 'waitingNetwork' : 'waitingServer') : s });
  const pictures = report.extended?.pictures ?? [];
  const attachments = report.extended?.attachments ?? [];
  const name = (f: OutboxFile) => {
    if (f.part === 'signatures') return signature(f.role);
    if (f.part === 'pictures') {
      const i = pictures.findIndex((p) => p.uid === f.pictureUid);
      const p = pictures[i];
      return [t('outboxPicture', { n: i + 1 }), p?.description].filter(Boolean).join(' · ');
    }
    return t('outboxAttachment', { name: attachments.find((a) => a.uid === f.attachmentUid)?.name ?? f.fileUrl });
  };

  return (
    <section className="flex flex-col gap-2 rounded-lg border p-3" aria-labelledby="outbox-title" data-testid="report-outbox" data-entries={outbox.entries}>
      <h3 id="outbox-title" className="text-base font-semibold">
        {t('outboxTitle')}
      </h3>
      <OutboxRow state={outbox.entries} word={stateWord(outbox.entries)} testId="outbox-entries">
        <span className="font-medium">{t('outboxEntries')}</span>
        <span className="text-muted-foreground">
          {' · '}
          {t('outboxEdited', { time: format.dateTime(new Date(report.lastUpdateDate), { dateStyle: 'medium', timeStyle: 'short' }) })}
        </span>
      </OutboxRow>
      <p className="text-sm text-muted-foreground" data-testid="outbox-files-summary">
        {t('outboxFiles', { count: outbox.files.length, sent: counts.sent + counts.confirmed + counts.differs, confirmed: counts.confirmed })}
      </p>
      {outbox.files.length > 0 && (
        <ul className="flex flex-col" aria-label={t('outboxListLabel')}>
          {outbox.files.map((f) => (
            <li key={f.fileUrl} className="border-t" data-testid="outbox-file" data-state={f.state} data-file={f.fileUrl}>
              <OutboxRow state={f.state} word={stateWord(f.state)}>
                <span className="wrap-anywhere">{name(f)}</span>
                {f.size !== null && <span className="text-muted-foreground tabular-nums"> · {formatBytes(f.size, locale)}</span>}
              </OutboxRow>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OutboxRow({ state, word, testId, children }: { state: OutboxState; word: string; testId?: string; children: React.ReactNode }) {
  const Icon = ICONS[state];
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5 text-sm" data-testid={testId} data-state={state}>
      <p className="min-w-0 flex-1 basis-48">{children}</p>
      <p className={`flex items-center gap-1.5 ${TONE[state]}`} data-testid="outbox-state">
        <Icon className="size-4 shrink-0 self-center" aria-hidden />
        {word}
      </p>
    </div>
  );
}
