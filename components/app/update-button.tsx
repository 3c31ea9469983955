'use client';
import { useTranslations } from 'next-intl';
import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { busyReasons, onBusyChange } from '@/lib/app/busy';
import { checkForUpdates, installUpdate } from '@/lib/app/service-worker';
import { hasPendingEdits, flushEdits } from '@/lib/local-data/reports-store';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';
import { LONG_TOAST_MS } from '@/components/shared/toasts';

const noReasons: string[] = [];
let cached: { key: string; value: string[] } = { key: '', value: noReasons };
function currentReasons(): string[] {
  const value = busyReasons();
  const key = value.join(',');
  if (key !== cached.key) cached = { key, value };
  return cached.value;
}

/** "Check for updates", or "install update" once one waits — held back while work is in progress. */
export function UpdateButton() {
  const t = useTranslations('update');
  const settings = useStore(settingsStore);
  const reasons = useSyncExternalStore(onBusyChange, currentReasons, () => noReasons);
  const [busy, setWorking] = useState(false);
  const [waitingFor, setWaitingFor] = useState(false);

  async function check() {
    setWorking(true);
    try {
      if (!(await checkForUpdates())) toast(t('noneFound'), { duration: 2000 });
    } catch {
      toast.error(t('errorCheck'), { duration: LONG_TOAST_MS });
    } finally {
      setWorking(false);
    }
  }

  async function install() {
    if (hasPendingEdits()) await flushEdits();
    if (busyReasons().length > 0) {
      setWaitingFor(true);
      return;
    }
    setWorking(true);
    try {
      await installUpdate();
    } catch {
      toast.error(t('errorIngest'), { duration: LONG_TOAST_MS });
      setWorking(false);
    }
  }

  if (!settings?.updateAvailable) {
    return (
      <Button variant="outline" onClick={() => void check()} disabled={busy}>
        <RefreshCwIcon aria-hidden className={busy ? 'animate-spin' : undefined} /> {t('check')}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={() => void install()} disabled={busy} data-testid="install-update">
        <DownloadIcon aria-hidden /> {t('install')}
      </Button>
      {waitingFor && reasons.length > 0 && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="update-held">
          {t('heldBack', { reasons: reasons.map((r) => t(`busy.${r}`)).join(', ') })}
        </p>
      )}
    </div>
  );
}
