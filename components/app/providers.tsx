'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient, syncOnlineManager } from '@/lib/query/client';
import { startAppRuntime } from '@/lib/app/runtime';
import { AppRuntimeContext } from './app-runtime';
import { IntlProvider } from './intl-provider';
import { SettingsEffects } from './settings-effects';
import { ServiceWorkerRegistration } from './service-worker';
import { SessionEffects } from './session-effects';
import { AppShell } from './app-shell';
import { ErrorDialog } from './error-dialog';
import { MockBanner } from './mock-banner';
import { Toaster } from './toaster';
import { DocumentTitle } from '@/components/shared/document-title';

export function Providers({ children }: { children: React.ReactNode }) {
  const [runtime] = useState(() => {
    syncOnlineManager();
    return startAppRuntime(createQueryClient);
  });
  return (
    <AppRuntimeContext value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <IntlProvider>
          <DocumentTitle />
          <SettingsEffects />
          <ServiceWorkerRegistration />
          <SessionEffects />
          <MockBanner />
          <AppShell>{children}</AppShell>
          <ErrorDialog />
          <Toaster />
        </IntlProvider>
      </QueryClientProvider>
    </AppRuntimeContext>
  );
}
