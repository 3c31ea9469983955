'use client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { startEarly } from '@/lib/app/early-start';
import { createQueryClient, syncOnlineManager } from '@/lib/query/client';
import { useStore } from '@/lib/store/use-store';
import { settingsStore } from '@/lib/store/settings';
import { IntlProvider } from './intl-provider';
import { SettingsEffects } from './settings-effects';
import { ServiceWorkerRegistration } from './service-worker';
import { SessionEffects } from './session-effects';
import { AppShell } from './app-shell';
import { ErrorDialog } from './error-dialog';
import { MockBanner } from './mock-banner';
import { ToasterHost } from './toaster-host';

let appClient: QueryClient | undefined;

/** The app's one query client, made (and its first requests started) when this module loads. */
function appQueryClient(): QueryClient {
  if (!appClient) {
    syncOnlineManager();
    appClient = createQueryClient();
    if (typeof window !== 'undefined') startEarly(appClient);
  }
  return appClient;
}
if (typeof window !== 'undefined') appQueryClient();

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(appQueryClient);
  const settings = useStore(settingsStore);
  return (
    <QueryClientProvider client={queryClient}>
      <IntlProvider>
        <SettingsEffects />
        <ServiceWorkerRegistration />
        <SessionEffects />
        <MockBanner />
        <AppShell>{children}</AppShell>
        <ErrorDialog />
        <ToasterHost dark={settings?.darkMode ?? false} />
      </IntlProvider>
    </QueryClientProvider>
  );
}
