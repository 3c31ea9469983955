'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { loadedSonner, loadSonner, onSonnerLoaded } from '@/lib/app/toast';
import { whenIdle } from '@/lib/app/when-idle';

const ABOVE_TAB_BAR = 'calc(var(--tabbar-height) + env(safe-area-inset-bottom) + 0.75rem)';

/** How long after mount sonner is fetched at the latest when the page never goes idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Sonner's <Toaster>, mounted once sonner is loaded: when the page is first idle after mount, or at
 * the first toast (lib/app/toast.ts), whichever comes first. Keeps sonner out of every route's first scripts.
 */
export function ToasterHost() {
  const sonner = useSyncExternalStore(onSonnerLoaded, loadedSonner, () => undefined);

  useEffect(() => whenIdle(() => void loadSonner().catch((e) => console.warn('Could not load the toasts', e)), IDLE_TIMEOUT_MS, 500), []);

  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    // SPEC §9: toasts default to 2 s, dark, whatever the app's theme: the `dark` class gives them the
    // dark theme's colours, which keep WCAG AA contrast, over a light page as over a dark one.
    <Toaster
      theme="dark"
      className="dark"
      duration={2000}
      // At the bottom end, above the tab bar: at the top they covered page titles and dialog headings, and at
      // the bottom centre a centred dialog's buttons. (On a phone sonner spans the width.)
      position="bottom-right"
      offset={{ bottom: ABOVE_TAB_BAR }}
      mobileOffset={{ bottom: ABOVE_TAB_BAR }}
      closeButton
      toastOptions={{
        classNames: {
          toast: 'border bg-popover text-popover-foreground',
          error: 'border-destructive/60 [&_[data-icon]]:text-destructive',
          success: 'border-success/60 [&_[data-icon]]:text-success',
          warning: 'border-warning/60 [&_[data-icon]]:text-warning',
        },
      }}
    />
  );
}
