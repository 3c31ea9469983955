'use client';
import { useLocale, useTranslations } from 'next-intl';
import { DownloadIcon, ListChecksIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Pir } from '@/lib/contract';
import { beforeExport, exportSettings, isExportable, saveDownload } from '@/features/export/data/actions';
import { ExportFailure, ExportWorker } from '@/features/export/data/client';
import { estimateExportSize, type ScannedReport } from '@/features/export/model/images';
import {
  DEFAULT_MAX_SIZE,
  DEFAULT_QUALITY_PERCENT,
  exportFileName,
  MAX_MAX_SIZE,
  MAX_QUALITY_PERCENT,
  MAX_SIZE_STEP,
  MIN_MAX_SIZE,
  MIN_QUALITY_PERCENT,
} from '@/features/export/model/manifest';
import type { ExportProgress } from '@/features/export/data/zip-writer';
import { formatBytes } from '@/lib/format/bytes';
import { useLocalReports } from '@/lib/local-data/use-local';
import { reportTitle } from '@/lib/reports/groups';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { MultiSelectModal } from '@/components/forms/multi-select-modal';
import { StatusBadge } from '@/components/report/status-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Switch } from '@/components/ui/switch';
import { SliderField } from './slider-field';
import { errorMessage } from './error-message';

type Phase =
  | { kind: 'idle' }
  | { kind: 'building'; progress: ExportProgress }
  | { kind: 'done'; name: string; size: number; reports: number; files: number; reduced: number }
  | { kind: 'error'; failure: ExportFailure };

const byTitle = (a: Pir, b: Pir) => reportTitle(a).localeCompare(reportTitle(b)) || a.id - b.id;

/**
 * SPEC §2 "Download data": one report or several (only reports past notready), image quality and
 * maximum picture size, an estimate before and the real size after. The zip is built by the export
 * worker; the page only draws the progress and saves the Blob it hands back.
 */
export function DownloadDataDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('exportData.download');
  const te = useTranslations('exportData.errors');
  const ts = useTranslations('status');
  const tc = useTranslations('common');
  const locale = useLocale();
  const user = useStore(sessionStore);
  const reports = useLocalReports().data;
  const eligible = useMemo(() => (reports ?? []).filter(isExportable).sort(byTitle), [reports]);
  const singleId = useId();

  const [single, setSingle] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [quality, setQuality] = useState(DEFAULT_QUALITY_PERCENT);
  const [maxSize, setMaxSize] = useState(DEFAULT_MAX_SIZE);
  const [picker, setPicker] = useState(false);
  const [scan, setScan] = useState<ScannedReport[] | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [wasOpen, setWasOpen] = useState(false);
  const worker = useRef<ExportWorker | null>(null);
  const stop = useRef<(() => void) | null>(null);

  if (open !== wasOpen) {
    // Each opening starts over: every report chosen, the SPEC's default quality and size.
    setWasOpen(open);
    if (open) {
      setSingle(false);
      setChosen(eligible.map((r) => r.id));
      setQuality(DEFAULT_QUALITY_PERCENT);
      setMaxSize(DEFAULT_MAX_SIZE);
      setScan(null);
      setPhase({ kind: 'idle' });
    }
  }

  const eligibleKey = eligible.map((r) => r.id).join(',');
  useEffect(() => {
    if (!open) return;
    const w = new ExportWorker();
    worker.current = w;
    const ids = eligibleKey ? eligibleKey.split(',').map(Number) : [];
    void beforeExport()
      .then(() => w.scan(ids))
      .then(setScan, (e: unknown) => {
        // Closing the dialog cancels the scan; anything else means the export cannot run here: say so.
        if (e instanceof ExportFailure && e.code === 'cancelled') return;
        setPhase({ kind: 'error', failure: e instanceof ExportFailure ? e : new ExportFailure('unexpected', { message: String(e) }) });
      });
    return () => {
      worker.current = null;
      w.dispose();
    };
  }, [open, eligibleKey]);

  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const chosenReports = eligible.filter((r) => chosenSet.has(r.id));
  const estimate = scan ? estimateExportSize(scan.filter((s) => chosenSet.has(s.id)), { quality, maxSize }) : null;
  const busy = phase.kind === 'building';

  function toggleSingle(on: boolean) {
    setSingle(on);
    setChosen(on ? chosen.slice(0, 1) : eligible.map((r) => r.id));
  }

  async function start() {
    const w = worker.current;
    if (!w || chosenReports.length === 0) return;
    setPhase({ kind: 'building', progress: { done: 0, total: 0, bytes: 0 } });
    const device = user?.deviceName ?? '';
    const now = new Date();
    try {
      await beforeExport();
      const job = w.exportZip(
        chosenReports.map((r) => r.id),
        exportSettings(user ?? null, device, { quality, maxSize }, now),
        (progress) => setPhase({ kind: 'building', progress }),
      );
      stop.current = job.cancel;
      const zip = await job.promise;
      const name = exportFileName(device, now);
      saveDownload(zip.blob, name);
      setPhase({ kind: 'done', name, size: zip.size, reports: zip.reports, files: zip.files, reduced: zip.reduced });
    } catch (e) {
      const failure = e instanceof ExportFailure ? e : new ExportFailure('unexpected', { message: String(e) });
      setPhase(failure.code === 'cancelled' ? { kind: 'idle' } : { kind: 'error', failure });
    } finally {
      stop.current = null;
    }
  }

  const options = useMemo(() => eligible.map((r) => ({ value: r.id, label: `${reportTitle(r)} · ${ts(r.status)}`, code: r.code })), [eligible, ts]);
  const percent = phase.kind === 'building' && phase.progress.total > 0 ? Math.round((phase.progress.done / phase.progress.total) * 100) : 0;

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent closeLabel={tc('close')} className="flex max-w-xl flex-col" data-testid="download-data-dialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>

        {eligible.length === 0 ? (
          <p className="rounded-lg bg-muted p-3 text-sm">{t('noReports')}</p>
        ) : (
          // The choices scroll on a short screen; the size, the progress and the buttons stay in view.
          <div className="-mx-6 min-h-0 flex-1 overflow-y-auto px-6 py-1">
            <fieldset className="flex min-w-0 flex-col gap-5" disabled={busy}>
              <div className="flex min-h-11 items-center justify-between gap-4">
                <Label htmlFor={singleId} className="text-base">
                  {t('singleReport')}
                </Label>
                <Switch id={singleId} checked={single} onCheckedChange={toggleSingle} disabled={busy} />
              </div>

              <div className="flex flex-col gap-2">
                <div className="flex items-center justify-between gap-4">
                  <span className="text-sm font-medium">{t('reports')}</span>
                  <Button type="button" variant="outline" size="sm" onClick={() => setPicker(true)} disabled={busy}>
                    <ListChecksIcon aria-hidden /> {chosen.length ? t('change') : single ? t('chooseOne') : t('choose')}
                  </Button>
                </div>
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {t('selected', { count: chosenReports.length })}
                </p>
                {chosenReports.length > 0 && (
                  // Focusable, so that a keyboard can scroll a long choice (WCAG 2.1.1).
                  <ul
                    tabIndex={0}
                    aria-label={t('reports')}
                    className="max-h-32 shrink-0 overflow-y-auto rounded-lg border text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    data-testid="export-chosen"
                  >
                    {chosenReports.map((r) => (
                      <li key={r.id} className="flex items-center justify-between gap-3 border-b px-3 py-2 last:border-b-0">
                        <span className="min-w-0 truncate">{reportTitle(r)}</span>
                        <StatusBadge status={r.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>

              {/* Said before the sliders it explains: at the end of the scrolled part, a landscape tablet cut it mid-sentence. */}
              <p className="text-xs text-muted-foreground">{t('picturesHint')}</p>
              <SliderField
                label={t('quality')}
                value={quality}
                valueText={t('percent', { value: quality })}
                min={MIN_QUALITY_PERCENT}
                max={MAX_QUALITY_PERCENT}
                step={5}
                onChange={setQuality}
                disabled={busy}
              />
              <SliderField
                label={t('maxSize')}
                value={maxSize}
                valueText={t('pixels', { value: maxSize })}
                min={MIN_MAX_SIZE}
                max={MAX_MAX_SIZE}
                step={MAX_SIZE_STEP}
                onChange={setMaxSize}
                disabled={busy}
              />
            </fieldset>
            {/* The cue that more is below: sticks to the bottom of the scrolled part and fades what is under
                it; once scrolled to the end it sits below the last slider, over nothing. */}
            <div
              aria-hidden
              className="pointer-events-none sticky bottom-0 -mx-6 h-8 bg-linear-to-t from-popover via-popover/70 to-transparent"
              data-testid="export-more-below"
            />
          </div>
        )}

        {phase.kind === 'idle' && eligible.length > 0 && (
          <p className="text-sm font-medium" data-testid="export-estimate" aria-live="polite">
            {estimate === null ? t('estimating') : t('estimate', { size: formatBytes(estimate, locale) })}
          </p>
        )}
        {phase.kind === 'building' && (
          <div className="flex flex-col gap-2" data-testid="export-progress">
            <Progress value={percent} aria-label={t('buildingLabel')} aria-valuetext={`${percent} %`} />
            <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
              {t('building', { done: phase.progress.done, total: phase.progress.total })} · {formatBytes(phase.progress.bytes, locale)}
            </p>
          </div>
        )}
        {phase.kind === 'done' && (
          <p className="rounded-lg bg-success/15 p-3 text-sm" role="status" data-testid="export-result">
            {t('done', { name: phase.name, size: formatBytes(phase.size, locale), reports: phase.reports, files: phase.files })}{' '}
            {phase.reduced > 0 && t('reduced', { count: phase.reduced })}
          </p>
        )}
        {phase.kind === 'error' && (
          <p className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive" role="alert">
            {errorMessage(te, phase.failure, (n) => formatBytes(n, locale))}
          </p>
        )}

        <DialogFooter>
          {phase.kind === 'building' ? (
            <Button type="button" variant="outline" onClick={() => stop.current?.()}>
              {t('stop')}
            </Button>
          ) : phase.kind === 'done' ? (
            <Button type="button" onClick={() => onOpenChange(false)}>
              {t('close')}
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {tc('cancel')}
              </Button>
              <Button type="button" onClick={() => void start()} disabled={chosenReports.length === 0}>
                <DownloadIcon aria-hidden /> {t('export')}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>

      <MultiSelectModal
        open={picker}
        onOpenChange={setPicker}
        title={single ? t('chooseOne') : t('choose')}
        options={options}
        selected={chosen}
        multiple={!single}
        onApply={setChosen}
      />
    </Dialog>
  );
}
