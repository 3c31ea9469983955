'use client';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { reportTitle } from '@/lib/reports/groups';
import { onLifecycleEvent } from '@/lib/tasks/events';
import { LONG_TOAST_MS } from '@/components/shared/toasts';
import { useErrorText } from '../shared/use-error-text';

export function LifecycleToasts() {
  const t = useTranslations('toast');
  const errorText = useErrorText();
  useEffect(
    () =>
      onLifecycleEvent((e) => {
        switch (e.type) {
          case 'pirReady':
            toast.success(t('pirReady', { vessel: reportTitle(e.report) }), { duration: LONG_TOAST_MS });
            break;
          case 'pirSubmitted':
            toast.success(t('pirSubmitted', { vessel: reportTitle(e.report) }), { duration: LONG_TOAST_MS });
            break;
          case 'claimFailed':
            toast.error(t('claimFailed', { vessel: reportTitle(e.report), reason: errorText(e.message) }), { duration: LONG_TOAST_MS });
            break;
          case 'prepareFailed':
            toast.error(t('prepareFailed', { vessel: reportTitle(e.report), reason: errorText(e.message) }), { duration: LONG_TOAST_MS });
            break;
          case 'submitFailed':
            toast.error(t('submitFailed', { vessel: reportTitle(e.report), reason: errorText(e.message) }), { duration: LONG_TOAST_MS });
            break;
          case 'removed':
            toast(t('removed', { count: e.reports.length, vessels: e.reports.map(reportTitle).join(', ') }), { duration: LONG_TOAST_MS });
            break;
          case 'lostClaim':
            toast.warning(t('lostClaim', { count: e.reports.length, vessels: e.reports.map(reportTitle).join(', ') }), { duration: LONG_TOAST_MS });
            break;
        }
      }),
    [t, errorText],
  );
  return null;
}
