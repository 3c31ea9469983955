'use client';
import { useTranslations } from 'next-intl';
import { AlertCircleIcon, CheckCircle2Icon, LockIcon } from 'lucide-react';
import { useCallback, useId, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { StepName } from '@/lib/contract';
import type { StepLock } from '@/lib/lifecycle/transitions';
import { fieldLabelStore, type FieldLabelStore } from '@/components/forms/field-labels';
import { Button } from '@/components/ui/button';

const LOCK_TEXT = { notYet: 'lockedNotYet', past: 'lockedPast', heldElsewhere: 'lockedHeldElsewhere' } as const satisfies Record<StepLock, string>;

/** Fields named in the "needs attention" line; more are counted ("… and 2 more"). */
const NAMED_FIELDS = 3;
const NO_LABELS = fieldLabelStore();

/**
 * What "Mark complete" says once the step is kept: a short toast, read out politely by the toaster's
 * live region (the next step opens meanwhile, and a tick in the list alone went unnoticed). One at a
 * time: the next step's replaces it, so steps completed in a row never stack toasts over the page.
 */
export function useStepKept(step: StepName) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  return useCallback(() => {
    toast.success(ti('stepKept', { step: t(`${step}.title`) }), { id: 'step-kept' });
  }, [t, ti, step]);
}

/** "2 fields need attention: Port of landing, Date", named as the step shows them (as they are drawn). */
function AttentionText({ count, paths, labels }: { count: number; paths?: readonly string[]; labels?: FieldLabelStore | null }) {
  const ti = useTranslations('inspection');
  const store = labels ?? NO_LABELS;
  useSyncExternalStore(store.subscribe, store.version, store.version);
  const names = [
    ...new Set(
      (paths ?? []).flatMap((path) => {
        const l = store.labelOf(path);
        return l ? [l.entry ? ti('fieldInEntry', { field: l.label, entry: l.entry }) : l.label] : [];
      }),
    ),
  ];
  if (names.length === 0) return ti('needsAttention', { count });
  const listed = names.slice(0, NAMED_FIELDS).join(', ');
  const fields = names.length > NAMED_FIELDS ? ti('fieldsAndMore', { fields: listed, more: names.length - NAMED_FIELDS }) : listed;
  return ti('needsAttentionFields', { count, fields });
}

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
  /** why "mark complete" is disabled: fields that need attention (their paths, named from the step's labels), and a way to show them */
  blocked?: { count: number; show: () => void; paths?: readonly string[]; labels?: FieldLabelStore | null } | null;
  children: React.ReactNode;
}) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  const reasonId = useId();
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
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 border-t pt-4">
          {/* The reason "Mark complete" cannot be used, on one line beside it. While fields need
              attention, the count and the button itself show every message and go to the first. */}
          {blocked ? (
            // The named fields wrap on a narrow screen (the button shrinks to the line, still 44 px tall at least).
            <Button
              type="button"
              variant="link"
              className="h-auto min-w-0 shrink px-2 text-start whitespace-normal text-destructive underline"
              onClick={blocked.show}
              data-testid="step-blocked"
            >
              <AlertCircleIcon aria-hidden />
              <span>
                <AttentionText count={blocked.count} paths={blocked.paths} labels={blocked.labels} />
              </span>
            </Button>
          ) : (
            !canComplete && (
              <p className="text-sm text-muted-foreground" id={reasonId} data-testid="complete-reason">
                {ti(done ? 'completeReasonDone' : locked ? 'completeReasonLocked' : 'completeReasonInvalid')}
              </p>
            )
          )}
          <Button
            onClick={canComplete ? onComplete : blocked ? blocked.show : undefined}
            // Still focusable and tappable while fields need attention: it then shows them.
            {...(blocked ? { 'aria-disabled': true } : { disabled: !canComplete })}
            aria-describedby={!canComplete && !blocked ? reasonId : undefined}
            data-testid="mark-complete"
          >
            <CheckCircle2Icon aria-hidden /> {ti('markComplete')}
          </Button>
        </div>
      )}
    </section>
  );
}
