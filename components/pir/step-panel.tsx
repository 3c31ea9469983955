'use client';
import type { Pir, StepName } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { AvailableStep, ClaimedStep } from './steps/prepare-steps';
import { StartStep } from './steps/start-step';
import { AttachmentsStep } from './media/attachments-step';
import { VesselPicturesStep } from './media/vessel-pictures-step';
import { VesselIdentityStep } from './steps/vessel-identity-step';
import { InspectionInformationStep } from './steps/inspection-information-step';
import { PurposeStep } from './steps/purpose-step';
import { RfmoStatusStep } from './steps/rfmo-status-step';
import { FishingAuthorisationStep, TranshipmentAuthorisationStep } from './steps/authorisation-steps';
import { ControlledCatchesStep } from './steps/controlled-catches-step';
import { TranshipmentStep } from './steps/transhipment-step';
import { CatchOnboardStep } from './steps/catch-onboard-step';
import { CatchRetainedStep } from './steps/catch-retained-step';
import { MonitoringStep } from './steps/monitoring-step';
import { CommentsStep, ExaminationsStep, FindingsStep, InfringementStep } from './steps/examination-steps';
import { SignatureStep } from './steps/signature-step';
import { SubmitStep } from './steps/submit-step';

type FormStepProps = { report: Pir; onCompleted: () => void };

const FORMS: Partial<Record<StepName, (p: FormStepProps) => React.ReactNode>> = {
  pirattachments: AttachmentsStep,
  vesselpictures: VesselPicturesStep,
  updatevesselidentity: VesselIdentityStep,
  inspectioninformation: InspectionInformationStep,
  purposeandportofcall: PurposeStep,
  statusinrfmo: RfmoStatusStep,
  RelevantFishingauthorisation: FishingAuthorisationStep,
  RelevantTranshipmentAuthorisation: TranshipmentAuthorisationStep,
  ControlledCatches: ControlledCatchesStep,
  transhipmentInfo: TranshipmentStep,
  catchonboard: CatchOnboardStep,
  catchretained: CatchRetainedStep,
  monitoring: MonitoringStep,
  examinations: ExaminationsStep,
  findings: FindingsStep,
  infringement: InfringementStep,
  comments: CommentsStep,
};

/** The right-hand side of the inspection page: the step being shown. */
export function StepPanel({
  step,
  report,
  current,
  deviceName,
  processes,
  onDone,
}: {
  step: StepName;
  report: Pir;
  current: StepName;
  deviceName: string;
  processes: ProcessRecord[];
  onDone: () => void;
}) {
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
