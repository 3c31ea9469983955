'use client';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { AlertTriangleIcon, FileUpIcon, LockIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { APP_VERSIONS, applyRestore } from '@/features/export/data/actions';
import { ExportFailure, ExportWorker } from '@/features/export/data/client';
import { planRestore, type RestorePlan } from '@/features/export/model/restore-plan';
import { formatBytes } from '@/lib/format/bytes';
import { allReports } from '@/lib/local-data/reports-store';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { StatusBadge } from '@/components/report/status-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from './error-message';

type Phase =
  | { kind: 'choose' }
  | { kind: 'checking'; name: string }
  | { kind: 'review'; plan: RestorePlan }
  | { kind: 'restoring'; plan: RestorePlan }
  | { kind: 'done'; count: number }
  | { kind: 'error'; failure: ExportFailure };

/**
 * SPEC §2 "restore data from a file": the zip is read and checked completely by the export worker
 * (manifest, versions, every entry's size and sha256, every report against the contract); the
 * dialog then shows what it will restore and what it would replace, and writes only when confirmed.
 */
export function RestoreDataDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('exportData.restore');
  const te = useTranslations('exportData.errors');
  const tc = useTranslations('common');
  const format = useFormatter();
  const locale = useLocale();
  const user = useStore(sessionStore);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [wasOpen, setWasOpen] = useState(false);
  const worker = useRef<ExportWorker | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPhase({ kind: 'choose' });
  }

  useEffect(() => {
    if (!open) return;
    const w = new ExportWorker();
    worker.current = w;
    return () => {
      worker.current = null;
      w.dispose();
    };
  }, [open]);

  const busy = phase.kind === 'checking' || phase.kind === 'restoring';

  async function check(file: File | undefined) {
    const w = worker.current;
    if (!file || !w) return;
    setPhase({ kind: 'checking', name: file.name });
    try {
      const manifest = await w.check(file, APP_VERSIONS);
      setPhase({ kind: 'review', plan: planRestore(manifest, allReports(), user?.deviceName ?? '', user?.id ?? null) });
    } catch (e) {
      setPhase({ kind: 'error', failure: e instanceof ExportFailure ? e : new ExportFailure('unexpected', { message: String(e) }) });
    } finally {
      // The same file may be chosen again after a refusal.
      if (input.current) input.current.value = '';
    }
  }

  async function restore(plan: RestorePlan) {
    const w = worker.current;
    if (!w) return;
    setPhase({ kind: 'restoring', plan });
    try {
      const result = await applyRestore(w);
      setPhase({ kind: 'done', count: result.reportIds.length });
      toast.success(t('done', { count: result.reportIds.length }));
    } catch (e) {
      setPhase({ kind: 'error', failure: e instanceof ExportFailure ? e : new ExportFailure('unexpected', { message: String(e) }) });
    }
  }

  const plan = phase.kind === 'review' || phase.kind === 'restoring' ? phase.plan : null;
  const replacing = plan ? plan.items.filter((i) => i.replaces).length : 0;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const picker = (label: string) => (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip,application/x-zip-compressed"
        name="backup"
        className="hidden"
        aria-label={label}
        tabIndex={-1}
        onChange={(e) => void check(e.target.files?.[0])}
        disabled={busy}
      />
      <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
        <FileUpIcon aria-hidden /> {label}
      </Button>
    </>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent closeLabel={tc('close')} className="max-w-xl" data-testid="restore-data-dialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>

        {phase.kind === 'checking' && (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> {t('checking', { name: phase.name })}
          </p>
        )}

        {phase.kind === 'error' && (
          <p className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive" role="alert" data-testid="restore-error">
            {errorMessage(te, phase.failure, (n) => formatBytes(n, locale))}
          </p>
        )}

        {plan && (
          <div className="flex min-h-0 flex-col gap-3" data-testid="restore-plan">
            <p className="text-sm">
              {plan.userName
                ? t('from', { device: plan.device, user: plan.userName, date: date(plan.createdAt), version: plan.appVersion })
                : t('fromUnknownUser', { device: plan.device, date: date(plan.createdAt), version: plan.appVersion })}
            </p>
            {plan.otherUser && (
              <p className="flex items-start gap-2 rounded-lg bg-warning/15 p-3 text-sm" data-testid="restore-other-user">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> {plan.userName ? t('otherUser', { user: plan.userName }) : t('unknownUser')}
              </p>
            )}
            {plan.reducedPictures > 0 && <p className="rounded-lg bg-muted p-3 text-sm">{t('reduced', { count: plan.reducedPictures })}</p>}
            <p className="text-sm font-medium">{t('summary', { count: plan.items.length, files: plan.files, size: formatBytes(plan.bytes, locale) })}</p>
            <ul className="max-h-[40dvh] overflow-y-auto rounded-lg border">
              {plan.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-1.5 border-b p-3 last:border-b-0" data-testid="restore-item" data-report-id={item.id}>
                  <div className="flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate font-medium">{item.title}</span>
                    <StatusBadge status={item.status} />
                  </div>
                  <p className="text-xs text-muted-foreground">{t('fileCount', { count: item.files })}</p>
                  {item.replaces ? (
                    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="restore-replaces">
                      {t('replaces')} <StatusBadge status={item.replaces.status} />
                    </div>
                  ) : (
                    <p className="text-sm text-muted-foreground">{t('new')}</p>
                  )}
                  {item.replaces?.newer && (
                    <p className="flex items-start gap-2 text-sm">
                      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden /> {t('newerHere')}
                    </p>
                  )}
                  {item.heldElsewhere && (
                    <p className="flex items-start gap-2 text-sm" data-testid="restore-held-elsewhere">
                      <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> {t('heldElsewhere', { device: item.claimedByDevice ?? '' })}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}

        {phase.kind === 'done' && (
          <p className="rounded-lg bg-success/15 p-3 text-sm" role="status" data-testid="restore-done">
            {t('done', { count: phase.count })}
          </p>
        )}

        <DialogFooter>
          {phase.kind === 'done' ? (
            <Button type="button" onClick={() => onOpenChange(false)}>
              {t('close')}
            </Button>
          ) : plan ? (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button type="button" variant={replacing ? 'destructive' : 'default'} onClick={() => void restore(plan)} disabled={busy}>
                {phase.kind === 'restoring' ? t('restoring') : replacing ? t('restoreAndReplace', { count: replacing }) : t('restore')}
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                {tc('cancel')}
              </Button>
              {picker(phase.kind === 'error' ? t('chooseAnother') : t('choose'))}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
