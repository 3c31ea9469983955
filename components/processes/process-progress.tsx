'use client';
import { useNow, useTranslations } from 'next-intl';
import { RotateCcwIcon, SkipForwardIcon, WifiOffIcon } from 'lucide-react';
import type { ProcessRecord } from '@/lib/local-data/db';
import { useOnline } from '@/lib/hooks/use-online';
import { loadActions } from '@/lib/reports/load-actions';
import { processProgress, processStatus, rejectionMessage } from '@/lib/tasks/model';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useErrorText } from '@/components/shared/use-error-text';

function processLabelKey(description: string): 'prepare' | 'submit' {
  return description === 'process.submit' ? 'submit' : 'prepare';
}

/** A progress's line (what, how far) over its bar: the one shape of every bar a report card shows. */
export function ProgressLine({ label, percent, percentTestId, value, ariaLabel }: { label: string; percent: string; percentTestId?: string; value: number; ariaLabel?: string }) {
  return (
    <>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground" data-testid={percentTestId}>
          {percent}
        </span>
      </div>
      <Progress value={value} aria-label={ariaLabel} />
    </>
  );
}

/** A process's progress, its current task, and retry/ignore for rejected tasks (SPEC §8). */
export function ProcessProgress({ process, compact = false }: { process: ProcessRecord; compact?: boolean }) {
  const t = useTranslations('process');
  const errorText = useErrorText();
  const online = useOnline();
  const now = useNow({ updateInterval: 1000 }).getTime();
  const percent = Math.round(processProgress(process));
  const status = processStatus(process.tasks);
  const running = process.tasks.find((x) => x.status === 'REGISTERED');
  const waiting = process.tasks.find((x) => x.status === 'UNDEFINED' && (x.completionDetails as { retryAt?: number } | null)?.retryAt);
  const rejected = process.tasks.filter((x) => x.status === 'REJECTED');
  const current = running ?? waiting;

  return (
    <div className="flex flex-col gap-1.5" data-testid="process" data-process-type={process.type} data-process-status={status}>
      <ProgressLine
        label={t(processLabelKey(process.description))}
        percent={t('progress', { percent })}
        percentTestId="process-percent"
        value={percent}
        ariaLabel={`${t(processLabelKey(process.description))}: ${t('progress', { percent })}`}
      />
      {!online && status !== 'REJECTED' && (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <WifiOffIcon className="size-3.5" aria-hidden /> {t('waitingOnline')}
        </p>
      )}
      {online && current && !compact && (
        <p className="truncate text-xs text-muted-foreground">
          {t(current.description.replace('process.', '') as 'file')} · {current.name}
          {waiting && !running && ` · ${t('retrying', { seconds: Math.max(0, Math.ceil((((waiting.completionDetails as { retryAt: number }).retryAt ?? 0) - now) / 1000)) })}`}
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {rejected.slice(0, compact ? 1 : 5).map((task) => (
            <li key={task.uid} className="flex flex-wrap items-center gap-2 rounded-md bg-destructive/10 p-2 text-xs text-destructive" data-testid="rejected-task">
              <span className="min-w-0 flex-1 break-words">
                {task.name}: {t('failed', { reason: errorText(rejectionMessage(task) ?? '') })}
              </span>
              <Button size="sm" variant="outline" onClick={() => void loadActions().then((a) => a.retryTask(process.uid, task.uid, process.subject))}>
                <RotateCcwIcon aria-hidden /> {t('retry')}
              </Button>
              {task.canIgnore && (
                <Button size="sm" variant="ghost" onClick={() => void loadActions().then((a) => a.ignoreTask(process.uid, task.uid, process.subject))}>
                  <SkipForwardIcon aria-hidden /> {t('ignore')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
