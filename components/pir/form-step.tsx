'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { Pir } from '@/lib/contract';
import { stepErrors, type StepDefinition } from '@/lib/inspection/forms/step-definition';
import { markComplete, markEdited, stepState } from '@/lib/inspection/steps';
import { editReport } from '@/lib/local-data/reports-store';
import { StepFrame } from './step-frame';

type Prepared = Pir & { extended: NonNullable<Pir['extended']> };

/**
 * A form step (SPEC §2, §4, §5): react-hook-form with the step's zod schema; every change is
 * written to the report at once, clearing the step's done flag and recomputing its errors.
 * "Mark complete" is enabled only when the step is valid and not already complete.
 */
export function FormStep<V extends FieldValues>({
  report,
  def,
  onCompleted,
  children,
}: {
  report: Pir;
  def: StepDefinition<V>;
  onCompleted: () => void;
  children: React.ReactNode;
}) {
  const editable = report.status === 'inspecting';
  const prepared = report.extended ? (report as Prepared) : null;
  // The form starts from the stored values once; later it is the source of the edits.
  const initial = useRef<V | null>(null);
  if (initial.current === null && prepared) initial.current = def.select(prepared);
  const form = useForm<V>({
    defaultValues: (initial.current ?? undefined) as never,
    resolver: zodResolver(def.schema as never) as unknown as Resolver<V>,
    mode: 'all',
    disabled: !editable,
  });

  // Show the messages of a step that was edited before (its errors are stored).
  const shownBefore = report.inspectionErrors[def.step] !== undefined;
  useEffect(() => {
    if (shownBefore) void form.trigger();
  }, [form, shownBefore]);

  useEffect(() => {
    const sub = form.watch((values) => {
      editReport(report.id, (r) => {
        if (!r.extended || r.status !== 'inspecting') return r;
        const next = markEdited(def.apply(r as Prepared, values as V), def.step);
        return { ...next, inspectionErrors: { ...next.inspectionErrors, [def.step]: stepErrors(def, next) } };
      });
    });
    return () => sub.unsubscribe();
  }, [form, def, report.id]);

  const state = stepState(report, def.step);
  const valid = useMemo(() => stepErrors(def, report).isValid, [def, report]);
  const locked = editable ? null : ['notready', 'preparing', 'ready', 'claimed'].includes(report.status) ? 'notYet' : 'past';

  return (
    <StepFrame
      step={def.step}
      done={state === 'done'}
      locked={locked}
      canComplete={editable && state !== 'done' && valid}
      onComplete={() => {
        editReport(report.id, (r) => markComplete({ ...r, inspectionErrors: { ...r.inspectionErrors, [def.step]: stepErrors(def, r) } }, def.step));
        onCompleted();
      }}
    >
      <FormProvider {...form}>
        <form className="flex flex-col gap-5" onSubmit={(e) => e.preventDefault()} noValidate>
          {children}
        </form>
      </FormProvider>
    </StepFrame>
  );
}
