'use client';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { registerServiceWorker, takeUpdatedFlag } from '@/lib/app/service-worker';
import { LONG_TOAST_MS } from '@/components/shared/toasts';

/** The service worker precaches the whole app so it starts with no network. Production builds only. */
export function ServiceWorkerRegistration() {
  const t = useTranslations('update');
  useEffect(() => {
    if (takeUpdatedFlag()) toast.success(t('updated'), { duration: LONG_TOAST_MS });
    if (process.env.NODE_ENV !== 'production') return;
    registerServiceWorker().catch((e) => console.warn('Service worker registration failed', e));
  }, [t]);
  return null;
}
