'use client';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon, ListIcon } from 'lucide-react';
import { memo, useState } from 'react';
import type { StepName } from '@/lib/contract';
import type { StepState } from '@/lib/inspection/steps';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { Stepper } from './stepper';

const stepHref = (step: StepName) => `#${encodeURIComponent(step)}`;

/**
 * The step list folded for a narrow screen: the shown step and where it stands, previous and next,
 * and a sheet with every step (the stepper's states) to jump to any of them. Steps are chosen by the
 * address's hash, as on the stepper (SPEC §2). Memoised, like the stepper: drawn again when a step's
 * state or the shown step changes, not at each keystroke.
 */
export const StepNavigator = memo(function StepNavigator({
  states,
  steps,
  shown,
  current,
}: {
  states: readonly StepState[];
  steps: readonly StepName[];
  shown: StepName;
  current: StepName;
}) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  const tc = useTranslations('common');
  const [open, setOpen] = useState(false);
  const index = steps.indexOf(shown);
  const position = ti('position', { index: index + 1, total: steps.length });

  return (
    <nav aria-label={ti('navigatorLabel')} className="flex flex-col gap-3 rounded-xl border bg-card p-3" data-testid="step-navigator">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-[1_1_8rem]">
          <p className="text-sm text-muted-foreground" data-testid="step-position">
            {position}
          </p>
          <p className="font-semibold wrap-anywhere" data-testid="step-navigator-current">
            {t(`${shown}.title`)}
          </p>
        </div>
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" data-testid="step-sheet-open">
              <ListIcon aria-hidden /> {ti('stepsButton')}
            </Button>
          </SheetTrigger>
          <SheetContent
            closeLabel={tc('close')}
            data-testid="step-sheet"
            // Opens on the shown step, which may be far down the list.
            onOpenAutoFocus={(e) => {
              const shownLink = document.querySelector<HTMLElement>('[data-testid="step-sheet"] [aria-current="step"]');
              if (!shownLink) return;
              e.preventDefault();
              shownLink.focus();
            }}
          >
            <div className="pe-10">
              <SheetTitle>{ti('allSteps')}</SheetTitle>
              <SheetDescription className="mt-1">{ti('allStepsHint')}</SheetDescription>
            </div>
            <Stepper states={states} steps={steps} shown={shown} current={current} testIdPrefix="stepnav" onNavigate={() => setOpen(false)} />
          </SheetContent>
        </Sheet>
      </div>
      <Progress value={((index + 1) / steps.length) * 100} aria-label={position} className="h-1.5" />
      <StepLinks steps={steps} shown={shown} />
    </nav>
  );
});

/**
 * Previous and Next: links to the neighbouring steps, disabled at either end of the list. On the
 * navigator (test ids `step-previous`, `step-next`) and at the end of every step, where each also
 * names the step it opens (`step-end-previous`, `step-end-next`). Memoised: not drawn again at each edit.
 */
export const StepLinks = memo(function StepLinks({
  steps,
  shown,
  testIdPrefix = 'step',
  named = false,
}: {
  steps: readonly StepName[];
  shown: StepName;
  testIdPrefix?: string;
  named?: boolean;
}) {
  const ti = useTranslations('inspection');
  const index = steps.indexOf(shown);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = index < steps.length - 1 ? steps[index + 1] : undefined;
  return (
    <div className="grid grid-cols-2 gap-2">
      <StepLink to={previous} testId={`${testIdPrefix}-previous`} named={named} align="start">
        <ChevronLeftIcon aria-hidden className="rtl:rotate-180" /> {ti('previousStep')}
      </StepLink>
      <StepLink to={next} testId={`${testIdPrefix}-next`} named={named} align="end">
        {ti('nextStep')} <ChevronRightIcon aria-hidden className="rtl:rotate-180" />
      </StepLink>
    </div>
  );
});

function StepLink({ to, testId, named, align, children }: { to: StepName | undefined; testId: string; named: boolean; align: 'start' | 'end'; children: React.ReactNode }) {
  const t = useTranslations('steps');
  if (!to) {
    // Nothing to go to: the end of the list. Kept in place so the other one does not move.
    if (named) return <span />;
    return (
      <Button variant="outline" disabled data-testid={testId}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" className={cn(named && 'h-auto flex-col gap-0.5 py-2 whitespace-normal', named && (align === 'start' ? 'items-start text-start' : 'items-end text-end'))}>
      <a href={stepHref(to)} data-testid={testId}>
        <span className="inline-flex items-center gap-2">{children}</span>
        {named && <span className="text-xs font-normal text-muted-foreground wrap-anywhere">{t(`${to}.title`)}</span>}
      </a>
    </Button>
  );
}
