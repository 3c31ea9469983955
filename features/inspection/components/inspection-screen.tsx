'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { AppWindowIcon, FolderOpenIcon, LockIcon } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { Pir, StepName } from '@/lib/contract';
import { STEP_NAMES } from '@/lib/contract/constants';
import { useAppRoute } from '@/lib/hooks/use-location-path';
import { currentStep, inspectionProgress, stepFromHash, stepState, type StepState } from '@/lib/inspection/steps';
import type { ProcessRecord } from '@/lib/local-data/db';
import { useListingArriving } from '@/lib/reports/listing-merge';
import { useProcessesOf } from '@/lib/local-data/use-local';
import { isClaimedByOtherDevice, reportTitle } from '@/lib/reports/groups';
import { useReport } from '@/lib/reports/use-report';
import { href } from '@/lib/routes/shell-path';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { StatusBadge } from '@/components/report/status-badge';
import { ReportActions } from '@/components/report/report-actions';
import { LONG_TOAST_MS } from '@/components/shared/toasts';
import { DocumentTitle } from '@/components/shared/document-title';
import { Stepper } from './stepper';
import { StepLinks, StepNavigator } from './step-navigator';
import { PickReportPlaceholder } from '@/components/report/report-frame';
import { StepPanel } from './step-panel';
import { useReportEditor } from './use-report-editor';

/** Statuses in which the step panel changes the report: only one tab does that at a time. */
const EDITED_STATUSES = new Set<Pir['status']>(['ready', 'inspecting', 'signing', 'readytosubmit']);

// One empty list, so the memoised step panel sees the same one from render to render.
const NO_PROCESSES: never[] = [];

/** Every step of SPEC §2, in its order. */
const PAGE_STEPS: readonly StepName[] = STEP_NAMES;

function subscribeHash(cb: () => void) {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
}

/** /pir/{id}: the report card and step list on the left, the current step on the right (SPEC §2). */
export function InspectionScreen() {
  const t = useTranslations('pir');
  const route = useAppRoute();
  const router = useRouter();
  const id = route?.name === 'pir' ? route.id : null;
  const { report: stored, isPending } = useReport(id === '_' ? null : id);
  // The page follows each stored edit in a render that yields to the browser: the tap or keystroke
  // that made the edit paints first (the step's own fields hold what is typed; the step list, its
  // counts and messages follow within a frame or two). Drawn at once, the whole page was redrawn
  // before that paint: 30–60 ms at each edit on a slow tablet. A report opened is drawn at once.
  const edited = useDeferredValue(stored);
  const report = edited?.id === stored?.id ? edited : stored;
  const arriving = useListingArriving();
  const hash = useSyncExternalStore(subscribeHash, () => window.location.hash, () => '');

  // SPEC §2: an unknown id goes back to the list with a 5 s danger toast; not while the server's
  // listing, which may name it, is still on its way (a link followed right after signing in).
  useEffect(() => {
    if (id && id !== '_' && !isPending && !arriving && !stored) {
      toast.error(t('cannotAccess', { id }), { duration: LONG_TOAST_MS });
      router.replace(href.reports());
    }
  }, [id, isPending, arriving, stored, router, t]);

  if (id === '_') return <PickReportPlaceholder />;
  if (!report) return <p role="status">{t('loading')}</p>;
  return <Inspection report={report} requested={stepFromHash(hash)} />;
}

const Inspection = memo(function Inspection({ report, requested }: { report: Pir; requested: StepName | null }) {
  const ti = useTranslations('inspection');
  const user = useStore(sessionStore);
  const processes = useProcessesOf(report.id).data ?? NO_PROCESSES;
  const current = currentStep(report, PAGE_STEPS);
  const chosen = requested && PAGE_STEPS.includes(requested) ? requested : current;
  // A tap on a step, or a step marked complete, answers at once in the step list; the next step is
  // drawn after that paint, in a render the next tap can interrupt (a long step took 150–200 ms at CPU 4×).
  const shown = useDeferredValue(chosen);
  const progress = inspectionProgress(report);
  const editor = useReportEditor(report.id);
  const readOnly = editor.state !== 'editing' && EDITED_STATUSES.has(report.status);

  // SPEC §2: completing a step returns to the step list, which then shows the next step (from its top, below).
  const backToCurrent = useCallback(() => {
    history.replaceState(null, '', window.location.pathname);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);

  // Choosing a step (from the list, Previous/Next or completing one) shows it from its top: beside the
  // list on a wide screen (the list stays in view, scrolled to the chosen step), below the navigator on
  // a narrow one. Not on the first showing: the page opens where the browser puts it.
  const aside = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    const list = aside.current;
    if (!list) return;
    const wide = getComputedStyle(list).position === 'sticky';
    if (wide) {
      const item = list.querySelector<HTMLElement>('[data-testid^="stepper-"][aria-current="step"]');
      if (item) {
        const box = list.getBoundingClientRect();
        const at = item.getBoundingClientRect();
        if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - (box.height - at.height) / 2;
      }
    }
    const top = wide ? panel.current : list.querySelector<HTMLElement>('[data-testid="step-navigator"]');
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }, [shown]);

  const device = user?.deviceName ?? '';
  // SPEC §6: a report another tablet holds is read here, not worked on; reclaiming it is offered.
  const heldElsewhere = isClaimedByOtherDevice(report, device) && report.status !== 'submitted';
  const states = useStepStates(report);
  return (
    <div className="@container">
    <div className="grid gap-4 @min-[60rem]:grid-cols-[minmax(14rem,18rem)_1fr] @min-[60rem]:gap-6">
      {/* Wide: the list is sticky with its own scroll, so it stays in view however long the step. */}
      <aside
        ref={aside}
        className="flex scroll-mt-4 flex-col gap-4 @min-[60rem]:sticky @min-[60rem]:top-4 @min-[60rem]:max-h-[calc(100dvh-var(--tabbar-height)-2rem)] @min-[60rem]:self-start @min-[60rem]:overflow-y-auto @min-[60rem]:overscroll-contain @min-[60rem]:rounded-xl"
        id="steps"
        data-testid="steps-aside"
      >
        <ReportCard
          id={report.id}
          title={reportTitle(report)}
          code={report.code}
          status={report.status}
          progress={progress}
          held={heldElsewhere ? report : null}
          device={device}
          processes={processes}
        />
        {/* Where the step list and the step do not fit side by side (a phone, a portrait tablet, or large
            text), the list folds into a navigator, so the step starts on the first screen. */}
        <div className="@min-[60rem]:hidden">
          <StepNavigator states={states} steps={PAGE_STEPS} shown={chosen} current={current} />
        </div>
        <div className="hidden @min-[60rem]:block">
          <Stepper states={states} steps={PAGE_STEPS} shown={chosen} current={current} />
        </div>
      </aside>
      <div className="flex min-w-0 scroll-mt-4 flex-col gap-4" ref={panel} data-testid="step-column">
        {readOnly && (
          <div className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/10 p-4 text-sm @min-[30rem]:flex-row @min-[30rem]:items-center" role="status" data-testid="edited-elsewhere">
            <p className="flex flex-1 gap-2">
              <AppWindowIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> {ti('editedElsewhere')}
            </p>
            <Button onClick={editor.takeOver} disabled={editor.state === 'taking'} data-testid="edit-here">
              {editor.state === 'taking' ? ti('takingOver') : ti('editHere')}
            </Button>
          </div>
        )}
        {/* Read here while another tab edits: the step follows every stored edit (drawn again from it). */}
        <div inert={readOnly} key={readOnly ? `read:${report.lastUpdateDate}` : 'edit'} className="contents" data-read-only={readOnly || undefined}>
          <StepPanel step={shown} report={report} current={current} deviceName={device} processes={processes} onDone={backToCurrent} />
        </div>
        {/* Every step ends with Previous and Next, so a long step need not be scrolled back up. */}
        <nav aria-label={ti('endNavLabel')} data-testid="step-end-nav">
          <StepLinks steps={PAGE_STEPS} shown={shown} testIdPrefix="step-end" named />
        </nav>
      </div>
    </div>
    </div>
  );
});

/**
 * Each step's state, as a list that stays the same object while no state changes: the step list and
 * the navigator are then not drawn again at each keystroke (their redraws were most of what an edit
 * allocated, and so of the garbage collections that held up a keystroke now and then).
 */
function useStepStates(report: Pir): readonly StepState[] {
  const key = PAGE_STEPS.map((s) => stepState(report, s)).join(' ');
  return useMemo(() => key.split(' ') as StepState[], [key]);
}

/**
 * The report's card above the step list: its vessel, code, status and progress. Given those, not the
 * report, so an edit that changes none of them does not draw it again; a report held by another
 * tablet (never edited here) is given whole, for the actions that reclaim it.
 */
const ReportCard = memo(function ReportCard({
  id,
  title,
  code,
  status,
  progress,
  held,
  device,
  processes,
}: {
  id: number;
  title: string;
  code: string;
  status: Pir['status'];
  progress: number;
  held: Pir | null;
  device: string;
  processes: ProcessRecord[];
}) {
  const t = useTranslations('pir');
  const ti = useTranslations('inspection');
  return (
    <div className="rounded-xl border bg-card p-4" data-testid="report-summary">
      {/* Name and number wrap, never clipped; the badge goes under them when they need the width. */}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-auto">
          <DocumentTitle page={title} />
          <h1 className="text-xl font-bold wrap-anywhere" data-title="vessel">
            {title}
          </h1>
          <p className="text-sm text-muted-foreground wrap-anywhere" data-title="code">
            {t('code', { code })}
          </p>
        </div>
        <StatusBadge status={status} />
      </div>
      {(status === 'inspecting' || status === 'signing') && (
        <Progress className="mt-3" value={progress * 100} aria-label={t('progress', { percent: Math.round(progress * 100) })} data-testid="inspection-progress" />
      )}
      {held && (
        <div className="mt-3 flex flex-col gap-2 rounded-lg bg-warning/15 p-3 text-sm" role="note" data-testid="held-elsewhere">
          <p className="flex gap-2">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> {ti('heldElsewhere', { device: held.claimedByDevice ?? '' })}
          </p>
          <ReportActions report={held} deviceName={device} processes={processes} onReport />
        </div>
      )}
      <Button asChild variant="outline" className="mt-3 w-full">
        <Link href={href.vessel(id)}>
          <FolderOpenIcon aria-hidden /> {t('vesselFiles')}
        </Link>
      </Button>
    </div>
  );
});
