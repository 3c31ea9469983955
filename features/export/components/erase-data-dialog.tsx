'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { eraseAllData } from '@/features/export/data/actions';
import { useLocalReports } from '@/lib/local-data/use-local';
import { reportTitle } from '@/lib/reports/groups';
import { reportsWithUnsentWork } from '@/lib/session/login-state';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { LONG_TOAST_MS } from '@/components/shared/toasts';

/**
 * SPEC §2 "erase all data", after confirmation: the tablet's reports, files, queued work and cached
 * lists go; settings, the tablet's name and the signed-in user stay. Reports with unsent work are named.
 */
export function EraseDataDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('exportData.erase');
  const queryClient = useQueryClient();
  const user = useStore(sessionStore);
  const reports = useLocalReports().data ?? [];
  const unsent = reportsWithUnsentWork(reports, user?.deviceName ?? '');

  async function erase() {
    try {
      await eraseAllData(queryClient);
      toast.success(t('done'));
    } catch (e) {
      toast.error(t('failed', { message: e instanceof Error ? e.message : String(e) }), { duration: LONG_TOAST_MS });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={
        <>
          {t('description')}
          {unsent.length > 0 && (
            <span className="mt-3 block font-medium text-foreground" data-testid="erase-unsent">
              {t('unsent', { count: unsent.length, vessels: unsent.map(reportTitle).join(', ') })}
            </span>
          )}
        </>
      }
      confirmLabel={t('confirm')}
      destructive
      onConfirm={() => void erase()}
    />
  );
}
