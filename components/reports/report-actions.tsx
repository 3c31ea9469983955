'use client';
import { reportError } from '@/lib/errors/error-bus';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Pir } from '@/lib/contract';
import { useDialogChoice } from '@/lib/hooks/use-dialog-choice';
import { useOnline } from '@/lib/hooks/use-online';
import { loadActions } from '@/lib/reports/load-actions';
import { canTransition, isAtLeast } from '@/lib/reports/transitions';
import { isClaimedByOtherDevice, reportTitle } from '@/lib/reports/groups';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/app/confirm-dialog';

/** Claim, release (confirmed) and reclaim (confirmed, naming vessel and device) of one report. */
export function ReportActions({ report, deviceName, hasProcess }: { report: Pir; deviceName: string; hasProcess: boolean }) {
  const t = useTranslations('actions');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const { open: confirm, show: setConfirm, mounted } = useDialogChoice<'release' | 'reclaim'>();
  const otherDevice = isClaimedByOtherDevice(report, deviceName);
  const vessel = reportTitle(report);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      reportError(e);
    } finally {
      setBusy(false);
    }
  }

  const canClaim = report.status === 'notready' && !otherDevice;
  const canReclaim = otherDevice && report.status !== 'submitted' && canTransition(report, 'reclaim');
  const canRelease = report.claimedByDevice === deviceName && canTransition(report, 'release');
  if (!canClaim && !canReclaim && !canRelease) return null;
  const disabled = busy || !online;

  return (
    <div className="relative z-10 flex flex-wrap items-center gap-2">
      {canClaim && (
        <Button size="sm" disabled={disabled} onClick={() => void run(async () => (await loadActions()).claimReport(report, deviceName))}>
          {t('claim')}
        </Button>
      )}
      {canReclaim && (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => setConfirm('reclaim')}>
          {t('reclaim')}
        </Button>
      )}
      {canRelease && (
        <Button size="sm" variant="outline" disabled={disabled || (hasProcess && report.status !== 'preparing')} onClick={() => setConfirm('release')}>
          {t('release')}
        </Button>
      )}
      {!online && <span className="text-xs text-muted-foreground">{t('needsNetwork')}</span>}

      {/* Mounted from the first time asked: a list of cards mounts none of them. */}
      {mounted('release') && (
        <ConfirmDialog
          open={confirm === 'release'}
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('releaseTitle')}
          description={isAtLeast(report, 'inspecting') ? t('releaseTextWork', { vessel }) : t('releaseText', { vessel })}
          confirmLabel={t('release')}
          destructive
          onConfirm={() => void run(async () => (await loadActions()).releaseReport(report, deviceName))}
        />
      )}
      {mounted('reclaim') && (
        <ConfirmDialog
          open={confirm === 'reclaim'}
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('reclaimTitle')}
          description={t('reclaimText', { vessel, device: report.claimedByDevice ?? '' })}
          confirmLabel={t('reclaim')}
          destructive
          onConfirm={() => void run(async () => (await loadActions()).claimReport(report, deviceName, { reclaim: true }))}
        />
      )}
    </div>
  );
}
