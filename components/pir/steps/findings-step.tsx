'use client';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { Pir } from '@/lib/contract';
import { editReport } from '@/lib/local-data/reports-store';
import { markComplete, markEdited, stepState } from '@/lib/inspection/steps';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { StepFrame } from '../step-frame';

type Field = 'findingsByInspector' | 'commentsByMaster';

/** findings: the inspector's findings and the master's comments, free text (SPEC §2). */
export function FindingsStep({ report, onCompleted }: { report: Pir; onCompleted: () => void }) {
  const t = useTranslations('findings');
  const ids = { findings: useId(), master: useId() };
  const state = stepState(report, 'findings');
  const editable = report.status === 'inspecting';
  const pir = report.extended?.pir;

  function edit(field: Field, value: string) {
    editReport(report.id, (r) => (r.extended ? markEdited({ ...r, extended: { ...r.extended, pir: { ...r.extended.pir, [field]: value } } }, 'findings') : r));
  }

  return (
    <StepFrame
      step="findings"
      done={state === 'done'}
      locked={editable ? null : report.status === 'ready' || report.status === 'notready' || report.status === 'preparing' ? 'notYet' : 'past'}
      canComplete={editable && state !== 'done'}
      onComplete={() => {
        editReport(report.id, (r) => markComplete(r, 'findings'));
        onCompleted();
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.findings}>{t('findingsByInspector')}</Label>
        <Textarea id={ids.findings} rows={6} value={pir?.findingsByInspector ?? ''} disabled={!editable} onChange={(e) => edit('findingsByInspector', e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.master}>{t('commentsByMaster')}</Label>
        <Textarea id={ids.master} rows={4} value={pir?.commentsByMaster ?? ''} disabled={!editable} onChange={(e) => edit('commentsByMaster', e.target.value)} />
      </div>
    </StepFrame>
  );
}
