'use client';
import { reportError } from '@/lib/errors/error-bus';
import { useLocale, useTranslations } from 'next-intl';
import { PenLineIcon, CheckCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Language, Pir } from '@/lib/contract';
import { endInspection, startSigning } from '@/lib/reports/actions';
import { editReport } from '@/lib/local-data/reports-store';
import { isHeldBy, signaturesComplete } from '@/lib/lifecycle/transitions';
import { reportTitle } from '@/lib/reports/groups';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { canSign, padEnabled, registerSignature, resetSignature, setMasterRefuses } from '@/features/inspection/data/signatures';
import { renderSignaturePng } from '@/lib/signature/stroke';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { SignaturePad } from '../signature-pad';
import { StepFrame } from '../step-frame';
import { ReportReview, ReviewIntl } from '../review/report-review';
import { SignedReportPdf } from '../review/signed-report-pdf';

/** signature: start signing (confirmed), master pad with "refuses", inspector pad, complete (SPEC §2, §4). */
export function SignatureStep({ report, isCurrent }: { report: Pir; isCurrent: boolean }) {
  const t = useTranslations('signature');
  const [confirm, setConfirm] = useState(false);
  const refuseId = useId();
  const s = report.inspectionSignatures;
  const device = useDeviceName();
  const heldHere = isHeldBy(report, device);
  const signing = canSign(report, device);
  const done = ['readytosubmit', 'submitting', 'submitted'].includes(report.status);
  // the review's language is the master's choice; the inspector's setting stays as it is
  const appLanguage = useLocale() as Language;
  // Kept with the report: a reload (Safari reloads tabs it put in the background) keeps the master's choice.
  const reviewLanguage = s.reviewLanguage ?? appLanguage;
  const setReviewLanguage = (language: Language) =>
    editReport(report.id, (r) => ({ ...r, inspectionSignatures: { ...r.inspectionSignatures, reviewLanguage: language } }));
  const review = report.extended && <ReportReview report={report} language={reviewLanguage} onLanguage={setReviewLanguage} />;

  const guard = (work: () => Promise<void>) => () =>
    void work().catch((e) => reportError(e));

  return (
    <StepFrame step="signature" done={done} locked={heldHere || done ? null : report.claimedByDevice ? 'heldElsewhere' : null}>
      {review && <ReviewFold folded={report.status !== 'inspecting'} summary={t('reviewAgain')}>{review}</ReviewFold>}
      {report.status === 'inspecting' && heldHere && (
        // Kept in reach at the bottom of the screen while the master reads the long review above it.
        <div
          className="sticky bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom)+0.5rem)] z-10 flex flex-col items-start gap-2 rounded-xl border bg-card/95 p-3 shadow-md backdrop-blur @min-[30rem]:flex-row @min-[30rem]:items-center @min-[30rem]:justify-between"
          data-testid="start-signing-bar"
        >
          <p>{isCurrent ? t('readyToSign') : t('finishStepsFirst')}</p>
          <Button size="lg" disabled={!isCurrent} onClick={() => setConfirm(true)}>
            <PenLineIcon aria-hidden /> {t('startSigning')}
          </Button>
        </div>
      )}
      <div className="flex flex-col gap-6">
        <SignaturePad
          label={t('master')}
          saveLabel={t('saveMaster')}
          signer={t('masterSigner', { vessel: reportTitle(report) })}
          unavailable={!signing ? t('waitSigning') : s.masterRefuses ? t('masterRefused') : null}
          testId="pad-master"
          registeredFileId={s.masterSignature}
          disabled={!padEnabled(report, 'master', device)}
          onComplete={async (paths) => registerSignature(report.id, 'master', await renderSignaturePng(paths))}
          onReset={() => resetSignature(report.id, 'master')}
        />
        <div className="flex min-h-11 items-center gap-3">
          <Switch id={refuseId} checked={s.masterRefuses} disabled={!signing} onCheckedChange={(v) => guard(() => setMasterRefuses(report.id, v))()} />
          <Label htmlFor={refuseId}>{t('masterRefuses')}</Label>
        </div>
        <SignaturePad
          label={t('inspector')}
          saveLabel={t('saveInspector')}
          signer={report.extended?.pir.monitoringDetails.principalInspectorName || t('inspector')}
          unavailable={!signing ? t('waitSigning') : t('waitMaster')}
          testId="pad-inspector"
          registeredFileId={s.inspectorSignature}
          disabled={!padEnabled(report, 'inspector', device)}
          onComplete={async (paths) => registerSignature(report.id, 'inspector', await renderSignaturePng(paths))}
          onReset={() => resetSignature(report.id, 'inspector')}
        />
      </div>
      {signing && (
        <div className="flex justify-end border-t pt-4">
          <Button size="lg" disabled={!signaturesComplete(report)} onClick={guard(() => endInspection(report))}>
            <CheckCheckIcon aria-hidden /> {t('finish')}
          </Button>
        </div>
      )}
      {done && report.extended && (
        <ReviewIntl language={reviewLanguage}>
          <SignedReportPdf report={report} />
        </ReviewIntl>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('startSigningTitle')}
        description={t('startSigningText')}
        confirmLabel={t('startSigning')}
        onConfirm={guard(() => startSigning(report))}
      />
    </StepFrame>
  );
}

/**
 * The review, open while inspecting; while signing and after, still there, folded, read only. One
 * element in both cases, so "Start signing" folds the review the master read instead of drawing it
 * again (a long review took most of that tap on a slow tablet).
 */
function ReviewFold({ folded, summary, children }: { folded: boolean; summary: string; children: React.ReactNode }) {
  return (
    <details
      open={!folded || undefined}
      className={cn('group', folded && 'rounded-xl border p-3')}
      data-testid={folded ? 'report-review-folded' : undefined}
    >
      <summary className={cn('min-h-11 cursor-pointer content-center text-lg font-semibold', !folded && 'hidden')}>{summary}</summary>
      <div className={cn(folded && 'pt-3')}>{children}</div>
    </details>
  );
}
