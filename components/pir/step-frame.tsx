'use client';
import { useTranslations } from 'next-intl';
import { CheckCircle2Icon, LockIcon } from 'lucide-react';
import type { StepName } from '@/lib/contract';
import type { StepLock } from '@/lib/reports/transitions';
import { Button } from '@/components/ui/button';

const LOCK_TEXT = { notYet: 'lockedNotYet', past: 'lockedPast', heldElsewhere: 'lockedHeldElsewhere' } as const satisfies Record<StepLock, string>;

/** The right-hand panel of one step: title, lock notice, content, "mark complete". */
export function StepFrame({
  step,
  locked,
  done,
  onComplete,
  canComplete,
  blocked,
  children,
}: {
  step: StepName;
  locked?: StepLock | null;
  done?: boolean;
  onComplete?: () => void;
  canComplete?: boolean;
  /** why "mark complete" is disabled: fields that need attention, and a way to show them */
  blocked?: { count: number; show: () => void } | null;
  children: React.ReactNode;
}) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  return (
    <section aria-labelledby="step-title" className="@container flex flex-col gap-4 rounded-xl border bg-card p-5" data-testid={`step-${step}`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="step-title" className="text-xl font-semibold">
          {t(`${step}.title`)}
        </h2>
        {done && (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
            <CheckCircle2Icon className="size-4" aria-hidden /> {ti('done')}
          </span>
        )}
      </header>
      {locked && (
        <p className="flex items-center gap-2 rounded-lg bg-muted p-3 text-sm" role="note">
          <LockIcon className="size-4 shrink-0" aria-hidden /> {ti(LOCK_TEXT[locked])}
        </p>
      )}
      {children}
      {onComplete && (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
          {blocked && (
            <Button type="button" variant="link" className="text-destructive" onClick={blocked.show} data-testid="step-blocked">
              {ti('needsAttention', { count: blocked.count })}
            </Button>
          )}
          <Button onClick={onComplete} disabled={!canComplete}>
            <CheckCircle2Icon aria-hidden /> {ti('markComplete')}
          </Button>
        </div>
      )}
    </section>
  );
}
