'use client';
import { reportError } from '@/lib/errors/error-bus';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState } from 'react';
import type { Pir } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { useDialogChoice } from '@/lib/hooks/use-dialog-choice';
import { useOnline } from '@/lib/hooks/use-online';
import { loadActions } from '@/lib/reports/load-actions';
import { canTransition, isAtLeast } from '@/lib/lifecycle/transitions';
import { cardAction } from '@/lib/reports/card';
import { reportTitle } from '@/lib/reports/groups';
import { href } from '@/lib/routes/shell-path';
import { follow } from '@/lib/reports/followed-report';
import { processStatus } from '@/lib/tasks/model';
import { AppLink as Link } from '@/components/shared/app-link';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { MoreButton } from './more-button';

// The menu's code (radix's menu and its positioning) loads on the first tap of its button, as dialogs do.
const CardMenu = lazy(() => import('./card-menu').then((m) => ({ default: m.CardMenu })));

/**
 * A card's actions: its main one for the report's status (claim, reclaim — confirmed, naming vessel and
 * device —, open, continue, submit, retry), and release (confirmed) in a secondary menu. On the report's
 * own page (`onReport`) there is nothing to open, and release is a button of its claim step.
 */
export function ReportActions({
  report,
  deviceName,
  processes,
  onReport = false,
}: {
  report: Pir;
  deviceName: string;
  processes: ProcessRecord[];
  onReport?: boolean;
}) {
  const t = useTranslations('actions');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const { open: confirm, show: setConfirm, mounted } = useDialogChoice<'release' | 'reclaim'>();
  const [menuWanted, setMenuWanted] = useState(false);
  const vessel = reportTitle(report);
  const submitRejected = processes.some((p) => p.type === 'submit' && processStatus(p.tasks) === 'REJECTED');
  const main = cardAction(report, deviceName, submitRejected);

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

  const canRelease = report.claimedByDevice === deviceName && canTransition(report, 'release');
  // Not while work is on its way (a submission); a preparation may be stopped by releasing.
  const releaseBlocked = processes.length > 0 && report.status !== 'preparing';
  const needsNetwork = main.kind === 'claim' || main.kind === 'reclaim' || (onReport && canRelease);
  const disabled = busy || !online;

  return (
    <div className="relative z-10 flex flex-wrap items-center gap-2">
      {main.kind === 'claim' && (
        <Button
          size="sm"
          disabled={disabled}
          onClick={() =>
            void run(async () => {
              await (await loadActions()).claimReport(report, deviceName);
              follow(report.id);
            })
          }
        >
          {t('claim')}
        </Button>
      )}
      {main.kind === 'reclaim' && (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => setConfirm('reclaim')}>
          {t('reclaim')}
        </Button>
      )}
      {main.kind === 'open' && !onReport && (
        <Button asChild size="sm" variant={main.label === 'open' ? 'outline' : 'default'}>
          <Link href={href.pir(report.id, main.step ?? undefined)} data-testid="card-main-action" aria-label={t(`${main.label}Label`, { vessel })}>
            {t(main.label)}
          </Link>
        </Button>
      )}
      {needsNetwork && !online && <span className="text-xs text-muted-foreground">{t('needsNetwork')}</span>}
      {canRelease && onReport && (
        <Button size="sm" variant="outline" disabled={disabled || releaseBlocked} onClick={() => setConfirm('release')}>
          {t('release')}
        </Button>
      )}
      {canRelease &&
        !onReport &&
        (menuWanted ? (
          <Suspense fallback={<MoreButton vessel={vessel} aria-busy />}>
            <CardMenu vessel={vessel} disabled={disabled || releaseBlocked} online={online} onRelease={() => setConfirm('release')} />
          </Suspense>
        ) : (
          <MoreButton vessel={vessel} onClick={() => setMenuWanted(true)} />
        ))}

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
          onConfirm={() =>
            void run(async () => {
              await (await loadActions()).claimReport(report, deviceName, { reclaim: true });
              follow(report.id);
            })
          }
        />
      )}
    </div>
  );
}
