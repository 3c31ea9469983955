'use client';
import { useTranslations } from 'next-intl';
import { AlertCircleIcon, CheckCircle2Icon, CircleIcon, LockIcon } from 'lucide-react';
import { memo } from 'react';
import type { StepName } from '@/lib/contract';
import type { StepState } from '@/lib/inspection/steps';
import { cn } from '@/lib/utils';

const ICON: Record<StepState, typeof CircleIcon> = { done: CheckCircle2Icon, errors: AlertCircleIcon, todo: CircleIcon, locked: LockIcon };

/**
 * The step list: each step with its state (done, has errors, locked); the shown one is marked.
 * The compact navigator's sheet shows the same list with its own test ids and closes on a choice.
 * Given the steps' states, not the report: the list is drawn again only when a state changes (or the
 * shown step), not at each keystroke; each entry only when its own state changes.
 */
export const Stepper = memo(function Stepper({
  states,
  steps,
  shown,
  current,
  testIdPrefix = 'stepper',
  onNavigate,
}: {
  /** each step's state, in the order of `steps` */
  states: readonly StepState[];
  steps: readonly StepName[];
  shown: StepName;
  current: StepName;
  testIdPrefix?: string;
  onNavigate?: () => void;
}) {
  const ti = useTranslations('inspection');
  return (
    <nav aria-label={ti('stepsLabel')}>
      <ol className="flex flex-col gap-1">
        {steps.map((step, i) => (
          <StepEntry
            key={step}
            step={step}
            state={states[i]!}
            isShown={step === shown}
            isNext={step === current && step !== shown}
            testIdPrefix={testIdPrefix}
            onNavigate={onNavigate}
          />
        ))}
      </ol>
    </nav>
  );
});

const StepEntry = memo(function StepEntry({
  step,
  state,
  isShown,
  isNext,
  testIdPrefix,
  onNavigate,
}: {
  step: StepName;
  state: StepState;
  isShown: boolean;
  isNext: boolean;
  testIdPrefix: string;
  onNavigate?: () => void;
}) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  const Icon = ICON[state];
  return (
    <li>
      <a
        href={`#${encodeURIComponent(step)}`}
        aria-current={isShown ? 'step' : undefined}
        data-testid={`${testIdPrefix}-${step}`}
        onClick={onNavigate}
        data-state={state}
        className={cn(
          'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
          isShown && 'bg-accent font-semibold text-primary',
          state === 'locked' && 'text-muted-foreground',
        )}
      >
        <Icon className={cn('size-5 shrink-0', state === 'done' && 'text-success', state === 'errors' && 'text-destructive')} aria-hidden />
        <span className="min-w-0 flex-1">{t(`${step}.title`)}</span>
        <span className="sr-only">{ti(`state.${state}`)}</span>
        {/* The step to work on next, named (a bare dot said nothing). */}
        {isNext && (
          <span className="shrink-0 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary" data-testid="next-up">
            {ti('nextUp')}
          </span>
        )}
      </a>
    </li>
  );
});
