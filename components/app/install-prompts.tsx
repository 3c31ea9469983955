'use client';
import { useTranslations } from 'next-intl';
import { ExternalLinkIcon, ShareIcon, XIcon } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { installPrompt, isAndroid, isAppleWebKit, runsInstalled, showsSafariStorageNotice, subscribeInstall } from '@/lib/app/install';
import { settingsStore, updateSettings } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';

/** When the Safari storage notice was last dismissed (it comes back a day later). */
const SAFARI_NOTICE_KEY = 'pir-safari-notice-dismissed';

/** SPEC §2: after installing, Android shows a reopen prompt after 5 s. */
const REOPEN_PROMPT_DELAY_MS = 5000;

/**
 * SPEC §2: in a browser tab while the app is installed, a prompt sends the inspector to the
 * installed app (where the reports live offline).
 */
export function InstallPrompts() {
  const t = useTranslations('install');
  const settings = useStore(settingsStore);
  const installed = useSyncExternalStore(subscribeInstall, () => installPrompt() === null && Boolean(settingsStore.get().application.installed), () => false);
  const inTab = useSyncExternalStore(subscribeInstall, () => !runsInstalled(), () => false);
  const [dismissed, setDismissed] = useState(false);
  const [reopen, setReopen] = useState(false);
  const [safariNotice, setSafariNotice] = useState(false);

  useEffect(() => {
    const dismissedAt = Number(localStorage.getItem(SAFARI_NOTICE_KEY)) || null;
    const show = showsSafariStorageNotice({ appleWebKit: isAppleWebKit(navigator.userAgent, navigator.maxTouchPoints), installed: runsInstalled(), dismissedAt, now: Date.now() });
    // Read after mount: the page is pre-rendered without a browser to ask.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSafariNotice(show);
  }, []);

  useEffect(() => {
    const onInstalled = () => {
      updateSettings({ application: { installed: true } });
      if (isAndroid()) setTimeout(() => setReopen(true), REOPEN_PROMPT_DELAY_MS);
    };
    window.addEventListener('pir-installed', onInstalled);
    return () => window.removeEventListener('pir-installed', onInstalled);
  }, []);

  if (reopen) {
    return (
      <Banner onClose={() => setReopen(false)} closeLabel={t('dismiss')}>
        {t('reopen')}
      </Banner>
    );
  }
  if (safariNotice) {
    return (
      <Banner
        onClose={() => {
          localStorage.setItem(SAFARI_NOTICE_KEY, String(Date.now()));
          setSafariNotice(false);
        }}
        closeLabel={t('dismiss')}
        testId="safari-storage-notice"
      >
        <ShareIcon className="size-4 shrink-0" aria-hidden /> {t('safariStorage')}
      </Banner>
    );
  }
  if (inTab && !dismissed && (installed || settings?.application.installed)) {
    return (
      <Banner onClose={() => setDismissed(true)} closeLabel={t('dismiss')}>
        <ExternalLinkIcon className="size-4 shrink-0" aria-hidden /> {t('openInstalled')}
      </Banner>
    );
  }
  return null;
}

function Banner({ children, onClose, closeLabel, testId = 'install-banner' }: { children: React.ReactNode; onClose: () => void; closeLabel: string; testId?: string }) {
  return (
    <div role="status" className="mb-4 flex items-center gap-3 rounded-lg border border-primary/40 bg-primary/10 p-3 text-sm" data-testid={testId}>
      <span className="flex min-w-0 flex-1 items-center gap-2">{children}</span>
      <Button variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel}>
        <XIcon aria-hidden />
      </Button>
    </div>
  );
}
