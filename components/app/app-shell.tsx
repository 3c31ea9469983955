'use client';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useOnline } from '@/lib/hooks/use-online';
import { isLoggedIn } from '@/lib/session/login-state';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { HeldListsContext, useReferenceDataLifecycle } from '@/lib/reference-data/use-reference-data';
import { useCurrentFiles } from '@/lib/reports/use-current-files';
import { TabBar } from './tab-bar';
import { Loading } from '../shared/loading';
import { LocalDataGate } from './local-data-gate';
import { ServerSync } from './server-sync';
import { LifecycleToasts } from './lifecycle-toasts';
import { InstallPrompts } from './install-prompts';
import { SaveProblemBanner } from './save-problem-banner';
import { ClockBanner } from './clock-banner';

// Loaded only when no one is signed in: a signed-in tablet's pages do not carry it.
const LoginScreen = dynamic(() => import('@/features/session/components/login-screen').then((m) => m.LoginScreen), {
  loading: () => <Loading className="flex min-h-dvh items-center justify-center" />,
});

/** The login screen replaces everything while no one is logged in (SPEC §2). */
export function AppShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations('app');
  const user = useStore(sessionStore);
  const online = useOnline();
  const loggedIn = user !== undefined && isLoggedIn(user, online);
  const lists = useReferenceDataLifecycle(loggedIn);
  // The listing is asked for as soon as the inspector is known to be signed in, not once the tablet's
  // reports are read from IndexedDB: on a first visit over a weak link it arrives ~0.6 s sooner.
  useCurrentFiles(loggedIn);

  if (user === undefined) {
    return <Loading className="flex min-h-dvh items-center justify-center" />;
  }
  if (!loggedIn) return <LoginScreen />;
  return (
    <HeldListsContext value={lists}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:p-3"
      >
        {t('skipToContent')}
      </a>
      <main id="main" className="mx-auto min-h-dvh w-full max-w-[1400px] px-4 pt-4 pb-[calc(var(--tabbar-height)+1.5rem)] sm:px-6">
        <SaveProblemBanner />
        <ClockBanner />
        <InstallPrompts />
        <LocalDataGate>
          <ServerSync />
          <LifecycleToasts />
          {children}
        </LocalDataGate>
      </main>
      <TabBar />
    </HeldListsContext>
  );
}
