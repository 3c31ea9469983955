'use client';
import type { Pir, StepName } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { lazy, Suspense, useEffect } from 'react';
import { Loading } from '@/components/app/loading';
import { whenIdle } from '@/lib/app/when-idle';
import { useFormatter, useTranslations } from 'next-intl';
import { submittedAt } from '@/lib/reports/transitions';
import { AvailableStep, ClaimedStep } from './steps/prepare-steps';
import { StepFrame } from './step-frame';
import { PROCESS_TYPE } from '@/lib/tasks/builders';
import { processStatus } from '@/lib/tasks/model';
import { isClaimedByOtherDevice } from '@/lib/reports/groups';

/**
 * The steps' screens load with the step (their forms, zod rules, pickers and signature pads are most
 * of the page's script), except the two a report not yet inspected opens on. Every chunk is precached
 * by the service worker, and the page fetches them all once it is idle, so a step opens offline too.
 */
const load = {
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

const StartStep = lazy(() => load.start().then((m) => ({ default: m.StartStep })));
const SignatureStep = lazy(() => load.signature().then((m) => ({ default: m.SignatureStep })));
const SubmitStep = lazy(() => load.submit().then((m) => ({ default: m.SubmitStep })));

type FormStepProps = { report: Pir; onCompleted: () => void };

interface StepPanelProps {
  step: StepName;
  report: Pir;
  current: StepName;
  deviceName: string;
  processes: ProcessRecord[];
  onDone: () => void;
}

function form<M>(from: () => Promise<M>, pick: (m: M) => (p: FormStepProps) => React.ReactNode) {
  return lazy(() => from().then((m) => ({ default: pick(m) })));
}

const FORMS: Partial<Record<StepName, React.ComponentType<FormStepProps>>> = {
  pirattachments: form(load.attachments, (m) => m.AttachmentsStep),
  vesselpictures: form(load.pictures, (m) => m.VesselPicturesStep),
  updatevesselidentity: form(load.identity, (m) => m.VesselIdentityStep),
  inspectioninformation: form(load.information, (m) => m.InspectionInformationStep),
  purposeandportofcall: form(load.purpose, (m) => m.PurposeStep),
  statusinrfmo: form(load.rfmo, (m) => m.RfmoStatusStep),
  RelevantFishingauthorisation: form(load.authorisations, (m) => m.FishingAuthorisationStep),
  RelevantTranshipmentAuthorisation: form(load.authorisations, (m) => m.TranshipmentAuthorisationStep),
  ControlledCatches: form(load.controlled, (m) => m.ControlledCatchesStep),
  transhipmentInfo: form(load.transhipment, (m) => m.TranshipmentStep),
  catchonboard: form(load.onboard, (m) => m.CatchOnboardStep),
  catchretained: form(load.retained, (m) => m.CatchRetainedStep),
  monitoring: form(load.monitoring, (m) => m.MonitoringStep),
  examinations: form(load.examinations, (m) => m.ExaminationsStep),
  findings: form(load.examinations, (m) => m.FindingsStep),
  infringement: form(load.examinations, (m) => m.InfringementStep),
  comments: form(load.examinations, (m) => m.CommentsStep),
};

/**
 * Fetches every step's chunk once the page is idle (they then open at once, online or not), one at a
 * time, each when the page is idle again: all at once, their scripts ran as one long task of the
 * page's first seconds.
 */
function usePreloadSteps() {
  useEffect(() => {
    const queue = Object.values(load);
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

/** The right-hand side of the inspection page: the step being shown. */
export function StepPanel(props: StepPanelProps) {
  usePreloadSteps();
  return (
    <Suspense fallback={<Loading />}>
      <Step {...props} />
    </Suspense>
  );
}

/**
 * The steps that show or send the report's stored details. A submitted report's Submit step needs
 * none: it says when the report was sent and what the server lists as sent.
 */
const NEEDS_DETAILS = (step: StepName, report: Pir) =>
  step !== 'claimedandprepared' && step !== 'piravailable' && step !== 'inspection started' && !(step === 'submit' && report.status === 'submitted');

function Step({ step, report, current, deviceName, processes, onDone }: StepPanelProps) {
  // Without the report's details (a tablet downloading again a report it holds) a form would show empty
  // fields whose edits could not be kept, and a signature or a submission would be of a report not seen.
  if (!report.extended && NEEDS_DETAILS(step, report)) {
    // Held by another tablet, the details will not come here unless the inspector reclaims it.
    const heldBy = isClaimedByOtherDevice(report, deviceName) ? report.claimedByDevice : null;
    return <DetailsNotHere step={step} report={report} processes={processes} heldBy={heldBy} />;
  }
  switch (step) {
    case 'claimedandprepared':
      return <ClaimedStep report={report} deviceName={deviceName} processes={processes.filter((p) => p.type === 'prepare')} />;
    case 'piravailable':
      return <AvailableStep report={report} />;
    case 'inspection started':
      return <StartStep report={report} onStarted={onDone} />;
    case 'signature':
      return <SignatureStep report={report} isCurrent={current === 'signature'} />;
    case 'submit':
      return <SubmitStep report={report} processes={processes} />;
    default: {
      const Form = FORMS[step]!;
      // Keyed by report: a form starts from that report's stored values.
      return <Form key={report.id} report={report} onCompleted={onDone} />;
    }
  }
}
