'use client';
import type { Pir, StepName } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { lazy, memo, Suspense, useEffect } from 'react';
import { Loading } from '@/components/shared/loading';
import { whenIdle } from '@/lib/app/when-idle';
import { useFormatter, useTranslations } from 'next-intl';
import { submittedAt } from '@/lib/lifecycle/transitions';
import { AvailableStep, ClaimedStep } from './steps/prepare-steps';
import { StepFrame } from './step-frame';
import { StepReportContext } from './step-report';
import { PROCESS_TYPE } from '@/lib/tasks/builders';
import { processStatus } from '@/lib/tasks/model';
import { isClaimedByOtherDevice } from '@/lib/reports/groups';
import { STEP_NAMES } from '@/lib/contract/constants';
import { needsDetails } from '@/lib/inspection/steps';

interface StepPanelProps {
  step: StepName;
  report: Pir;
  current: StepName;
  deviceName: string;
  processes: ProcessRecord[];
  onDone: () => void;
}

/** What every step's screen is given; each takes the part it uses. */
type ScreenProps = Omit<StepPanelProps, 'step'>;

interface StepScreen {
  Screen: React.ComponentType<ScreenProps>;
  /** the screen's chunk, fetched ahead once the page is idle; none for a screen in the page's own script */
  load?: () => Promise<unknown>;
}

/**
 * The steps' screens load with the step (their forms, zod rules, pickers and signature pads are most
 * of the page's script), except the two a report not yet inspected opens on. Every chunk is precached
 * by the service worker, and the page fetches them all once it is idle, so a step opens offline too.
 * Each chunk holds its own steps' definitions (features/inspection/model/definitions/<step>), not all 17.
 */
const chunk = {
  start: () => import('./steps/start-step'),
  attachments: () => import('./media/attachments-step'),
  pictures: () => import('./media/vessel-pictures-step'),
  identity: () => import('./steps/vessel-identity-step'),
  information: () => import('./steps/inspection-information-step'),
  purpose: () => import('./steps/purpose-step'),
  rfmo: () => import('./steps/rfmo-status-step'),
  authorisations: () => import('./steps/authorisation-steps'),
  controlled: () => import('./steps/controlled-catches-step'),
  transhipment: () => import('./steps/transhipment-step'),
  onboard: () => import('./steps/catch-onboard-step'),
  retained: () => import('./steps/catch-retained-step'),
  monitoring: () => import('./steps/monitoring-step'),
  examinations: () => import('./steps/examination-steps'),
  signature: () => import('./steps/signature-step'),
  submit: () => import('./steps/submit-step'),
};

const StartStep = lazy(() => chunk.start().then((m) => ({ default: m.StartStep })));
const SignatureStep = lazy(() => chunk.signature().then((m) => ({ default: m.SignatureStep })));
const SubmitStep = lazy(() => chunk.submit().then((m) => ({ default: m.SubmitStep })));

type FormStepProps = { onCompleted: () => void };

function form<M>(load: () => Promise<M>, pick: (m: M) => (p: FormStepProps) => React.ReactNode): StepScreen {
  // Memoised, and given the report by context: an edit redraws the step's frame (FormStep reads the
  // report), not the step's fields, which follow the form (20 catches redrawn at each keystroke before).
  const Form = lazy(() => load().then((m) => ({ default: memo(pick(m)) })));
  function FormScreen({ report, onDone }: ScreenProps) {
    // Keyed by report: a form starts from that report's stored values.
    return (
      <StepReportContext value={report}>
        <Form key={report.id} onCompleted={onDone} />
      </StepReportContext>
    );
  }
  return { Screen: FormScreen, load };
}

/** Every step's screen, by the step's name (lib/contract/steps.ts): a step left out is a type error. */
const STEP_SCREENS: Record<StepName, StepScreen> = {
  claimedandprepared: {
    Screen: ({ report, deviceName, processes }) => <ClaimedStep report={report} deviceName={deviceName} processes={processes.filter((p) => p.type === 'prepare')} />,
  },
  piravailable: { Screen: ({ report }) => <AvailableStep report={report} /> },
  'inspection started': { Screen: ({ report, onDone }) => <StartStep report={report} onStarted={onDone} />, load: chunk.start },
  pirattachments: form(chunk.attachments, (m) => m.AttachmentsStep),
  vesselpictures: form(chunk.pictures, (m) => m.VesselPicturesStep),
  updatevesselidentity: form(chunk.identity, (m) => m.VesselIdentityStep),
  inspectioninformation: form(chunk.information, (m) => m.InspectionInformationStep),
  purposeandportofcall: form(chunk.purpose, (m) => m.PurposeStep),
  statusinrfmo: form(chunk.rfmo, (m) => m.RfmoStatusStep),
  RelevantFishingauthorisation: form(chunk.authorisations, (m) => m.FishingAuthorisationStep),
  RelevantTranshipmentAuthorisation: form(chunk.authorisations, (m) => m.TranshipmentAuthorisationStep),
  ControlledCatches: form(chunk.controlled, (m) => m.ControlledCatchesStep),
  transhipmentInfo: form(chunk.transhipment, (m) => m.TranshipmentStep),
  catchonboard: form(chunk.onboard, (m) => m.CatchOnboardStep),
  catchretained: form(chunk.retained, (m) => m.CatchRetainedStep),
  monitoring: form(chunk.monitoring, (m) => m.MonitoringStep),
  examinations: form(chunk.examinations, (m) => m.ExaminationsStep),
  findings: form(chunk.examinations, (m) => m.FindingsStep),
  infringement: form(chunk.examinations, (m) => m.InfringementStep),
  comments: form(chunk.examinations, (m) => m.CommentsStep),
  signature: { Screen: ({ report, current }) => <SignatureStep report={report} isCurrent={current === 'signature'} />, load: chunk.signature },
  submit: { Screen: ({ report, processes }) => <SubmitStep report={report} processes={processes} />, load: chunk.submit },
};

/** The chunks to fetch ahead, once each, in the stepper's order. */
const PRELOADS = [...new Set(STEP_NAMES.flatMap((s) => STEP_SCREENS[s].load ?? []))];

/**
 * Fetches every step's chunk once the page is idle (they then open at once, online or not), one at a
 * time, each when the page is idle again: all at once, their scripts ran as one long task of the
 * page's first seconds.
 */
function usePreloadSteps() {
  useEffect(() => {
    const queue = [...PRELOADS];
    let cancel = () => {};
    const next = () => {
      const l = queue.shift();
      if (!l) return;
      void l()
        .catch(() => undefined)
        .then(() => {
          cancel = whenIdle(next, 3000, 200);
        });
    };
    cancel = whenIdle(next, 3000, 1000);
    return () => {
      queue.length = 0;
      cancel();
    };
  }, []);
}

function DetailsNotHere({ step, report, processes, heldBy }: { step: StepName; report: Pir; processes: ProcessRecord[]; heldBy: string | null }) {
  const t = useTranslations('inspection');
  const ts = useTranslations('steps');
  const format = useFormatter();
  if (report.status === 'submitted') {
    // Read from the server's listing: done, sent, and not to be downloaded again.
    const at = submittedAt(report);
    return (
      <StepFrame step={step} done>
        <p className="rounded-lg bg-muted p-3 text-sm" role="note" data-testid="details-submitted">
          {t('detailsSubmitted', { date: at ? format.dateTime(at, { dateStyle: 'medium', timeStyle: 'short' }) : '' })}{' '}
          <a href="#submit" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
            {ts('submit.title')}
          </a>
        </p>
      </StepFrame>
    );
  }
  // A download that failed for good waits for the inspector: say so, and where to retry it.
  const failed = processes.some((p) => p.type === PROCESS_TYPE.prepare && processStatus(p.tasks) === 'REJECTED');
  return (
    <StepFrame step={step}>
      {heldBy ? (
        <p className="rounded-lg bg-muted p-3 text-sm" role="note" data-testid="details-held-elsewhere">
          {t('detailsHeldElsewhere', { device: heldBy })}
        </p>
      ) : failed ? (
        <p className="rounded-lg bg-destructive/10 p-3 text-sm" role="note" data-testid="details-failed">
          {t('detailsFailed')}{' '}
          <a href="#claimedandprepared" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
            {t('detailsRetryIn', { step: ts('claimedandprepared.title') })}
          </a>
        </p>
      ) : (
        <p className="rounded-lg bg-muted p-3 text-sm" role="note" data-testid="details-not-here">
          {t('detailsNotHere')}
        </p>
      )}
    </StepFrame>
  );
}

/**
 * The right-hand side of the inspection page: the step being shown. Memoised: while the step list moves
 * ahead of it (inspection-screen.tsx draws the chosen step as a deferred value), an urgent render leaves it be.
 */
export const StepPanel = memo(function StepPanel(props: StepPanelProps) {
  usePreloadSteps();
  return (
    <Suspense fallback={<Loading />}>
      <Step {...props} />
    </Suspense>
  );
});

function Step({ step, report, current, deviceName, processes, onDone }: StepPanelProps) {
  // Without the report's details (a tablet downloading again a report it holds) a form would show empty
  // fields whose edits could not be kept, and a signature or a submission would be of a report not seen.
  if (!report.extended && needsDetails(step, report)) {
    // Held by another tablet, the details will not come here unless the inspector reclaims it.
    const heldBy = isClaimedByOtherDevice(report, deviceName) ? report.claimedByDevice : null;
    return <DetailsNotHere step={step} report={report} processes={processes} heldBy={heldBy} />;
  }
  const { Screen } = STEP_SCREENS[step];
  return <Screen report={report} current={current} deviceName={deviceName} processes={processes} onDone={onDone} />;
}
