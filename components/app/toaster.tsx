'use client';
import { useTranslations } from 'next-intl';
import { Toaster as Sonner } from 'sonner';

const ABOVE_TAB_BAR = 'calc(var(--tabbar-height) + env(safe-area-inset-bottom) + 0.75rem)';

/** The app's toasts (sonner). */
export function Toaster() {
  const t = useTranslations('toast');
  return (
    // SPEC §9: toasts default to 2 s, dark, whatever the app's theme: the `dark` class gives them the
    // dark theme's colours, which keep WCAG AA contrast, over a light page as over a dark one.
    <Sonner
      theme="dark"
      className="dark"
      duration={2000}
      // At the bottom end, above the tab bar: at the top they covered page titles and dialog headings, and at
      // the bottom centre a centred dialog's buttons. (On a phone sonner spans the width.)
      position="bottom-right"
      offset={{ bottom: ABOVE_TAB_BAR }}
      mobileOffset={{ bottom: ABOVE_TAB_BAR }}
      closeButton
      // the library's own words are English: the inspector's language instead
      containerAriaLabel={t('notifications')}
      toastOptions={{
        closeButtonAriaLabel: t('close'),
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
