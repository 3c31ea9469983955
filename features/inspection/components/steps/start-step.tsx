'use client';
import { reportError } from '@/lib/errors/error-bus';
import { useFormatter, useTranslations } from 'next-intl';
import { PlayIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Pir } from '@/lib/contract';
import { startInspection } from '@/lib/reports/actions';
import { isAtLeast, isHeldBy } from '@/lib/lifecycle/transitions';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { sessionStore } from '@/lib/session/session-store';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { StepFrame } from '../step-frame';

/** 'inspection started': the start-inspection modal asks for the inspector's name (SPEC §2). */
export function StartStep({ report, onStarted }: { report: Pir; onStarted: () => void }) {
  const t = useTranslations('inspection');
  const tc = useTranslations('common');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(() => report.extended?.pir.monitoringDetails.principalInspectorName || sessionStore.get()?.name || '');
  const nameId = useId();
  const started = isAtLeast(report, 'inspecting');
  const heldHere = isHeldBy(report, useDeviceName());
  const canStart = report.status === 'ready' && heldHere && report.extended !== null;
  // Without the details (a report another tablet holds), the listing's start time is all there is.
  const startedAt = report.extended?.pir.startOfInspection ?? report.startOfInspection;
  const startedByName = report.extended?.pir.monitoringDetails.principalInspectorName;

  async function start(e: React.FormEvent) {
    e.preventDefault();
    try {
      await startInspection(report, name);
      setOpen(false);
      onStarted();
    } catch (err) {
      reportError(err);
    }
  }

  return (
    <StepFrame step="inspection started" done={started} locked={heldHere || started ? null : report.claimedByDevice ? 'heldElsewhere' : null}>
      {started ? (
        <p>
          {startedAt
            ? t(startedByName ? 'startedBy' : 'startedOn', { name: startedByName ?? '', date: format.dateTime(new Date(startedAt), { dateStyle: 'medium', timeStyle: 'short' }) })
            : t('startedAlready')}
        </p>
      ) : (
        <>
          <p>{canStart ? t('readyToStart') : t('startNotYet')}</p>
          <Button className="self-start" size="lg" disabled={!canStart} onClick={() => setOpen(true)}>
            <PlayIcon aria-hidden /> {t('start')}
          </Button>
        </>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={tc('close')}>
          <form onSubmit={start} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('startTitle')}</DialogTitle>
              <DialogDescription>{t('startText')}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-2">
              <Label htmlFor={nameId}>{t('inspectorName')}</Label>
              <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={200} required />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {tc('cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim()}>
                {t('start')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </StepFrame>
  );
}
