'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'sonner';
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

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(() => {
    syncOnlineManager();
    return createQueryClient();
  });
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
        {/* SPEC §9: toasts default to 2 s, dark */}
        <Toaster
          theme={settings?.darkMode ? 'dark' : 'light'}
          duration={2000}
          position="top-center"
          closeButton
          toastOptions={{
            // Theme colours rather than the library's: they keep WCAG AA contrast in both themes.
            classNames: {
              toast: 'border bg-popover text-popover-foreground',
              error: 'border-destructive/60 [&_[data-icon]]:text-destructive',
              success: 'border-success/60 [&_[data-icon]]:text-success',
              warning: 'border-warning/60 [&_[data-icon]]:text-warning',
            },
          }}
        />
      </IntlProvider>
    </QueryClientProvider>
  );
}
