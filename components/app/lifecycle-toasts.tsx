'use client';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { reportTitle } from '@/lib/reports/groups';
import { coalesce } from '@/lib/tasks/coalesce';
import { onLifecycleEvent } from '@/lib/tasks/events';
import type { Pir } from '@/lib/contract';
import { LONG_TOAST_MS } from '@/components/shared/toasts';
import { useErrorText } from '../shared/use-error-text';

export function LifecycleToasts() {
  const t = useTranslations('toast');
  const errorText = useErrorText();
  useEffect(() => {
    // Reports made ready close together (several claims, downloads after a sign-in) are told in one toast.
    const ready = coalesce<Pir>((batch) => {
      const reports = [...new Map(batch.map((r) => [r.id, r])).values()];
      const vessels = reports.map(reportTitle);
      toast.success(reports.length === 1 ? t('pirReady', { vessel: vessels[0]! }) : t('pirReadyMany', { count: reports.length, vessels: vessels.join(', ') }), {
        duration: LONG_TOAST_MS,
      });
    });
    const off = onLifecycleEvent((e) => {
      switch (e.type) {
        case 'pirReady':
          ready.push(e.report);
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
    });
    return () => {
      off();
      ready.flush();
    };
  }, [t, errorText]);
  return null;
}
