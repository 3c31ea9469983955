'use client';
import { useTranslations } from 'next-intl';
import { MonitorDownIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { installPrompt, promptInstall, subscribeInstall } from '@/lib/app/install';
import { Button } from '@/components/ui/button';

/** SPEC §2: install app, offered while the browser has an install prompt for it. */
export function InstallButton() {
  const t = useTranslations('install');
  const available = useSyncExternalStore(subscribeInstall, () => installPrompt() !== null, () => false);
  if (!available) return null;
  return (
    <Button onClick={() => void promptInstall()} data-testid="install-app">
      <MonitorDownIcon aria-hidden /> {t('install')}
    </Button>
  );
}
