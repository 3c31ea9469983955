'use client';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon, ListIcon } from 'lucide-react';
import { useState } from 'react';
import type { Pir, StepName } from '@/lib/contract';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Stepper } from './stepper';

const stepHref = (step: StepName) => `#${encodeURIComponent(step)}`;

/**
 * The step list folded for a narrow screen: the shown step and where it stands, previous and next,
 * and a sheet with every step (the stepper's states) to jump to any of them. Steps are chosen by the
 * address's hash, as on the stepper (SPEC §2).
 */
export function StepNavigator({ report, steps, shown, current }: { report: Pir; steps: readonly StepName[]; shown: StepName; current: StepName }) {
  const t = useTranslations('steps');
  const ti = useTranslations('inspection');
  const tc = useTranslations('common');
  const [open, setOpen] = useState(false);
  const index = steps.indexOf(shown);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = index < steps.length - 1 ? steps[index + 1] : undefined;
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
            <Stepper report={report} steps={steps} shown={shown} current={current} testIdPrefix="stepnav" onNavigate={() => setOpen(false)} />
          </SheetContent>
        </Sheet>
      </div>
      <Progress value={((index + 1) / steps.length) * 100} aria-label={position} className="h-1.5" />
      <div className="grid grid-cols-2 gap-2">
        <StepLink to={previous} testId="step-previous">
          <ChevronLeftIcon aria-hidden className="rtl:rotate-180" /> {ti('previousStep')}
        </StepLink>
        <StepLink to={next} testId="step-next">
          {ti('nextStep')} <ChevronRightIcon aria-hidden className="rtl:rotate-180" />
        </StepLink>
      </div>
    </nav>
  );
}

/** Previous or Next: a link to the neighbouring step, disabled at either end of the list. */
function StepLink({ to, testId, children }: { to: StepName | undefined; testId: string; children: React.ReactNode }) {
  if (!to) {
    return (
      <Button variant="outline" disabled data-testid={testId}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <a href={stepHref(to)} data-testid={testId}>
        {children}
      </a>
    </Button>
  );
}
