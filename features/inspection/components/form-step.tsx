'use client';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { Pir } from '@/lib/contract';
import { stepErrors, type StepDefinition } from '@/features/inspection/model/step-definition';
import { stepState } from '@/lib/inspection/steps';
import { isEditable, stepLock } from '@/lib/lifecycle/transitions';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { FieldChecksContext, FieldDisplayContext, fieldCheckStore, RequiredLegend, type FieldCheckStore, type FieldDisplay } from '@/components/forms/field';
import { FieldLabelsContext, fieldLabelStore, type FieldLabelStore } from '@/components/forms/field-labels';
import { requiredPaths } from '@/features/inspection/model/required';
import { flipLists, flipPathKeys } from '@/features/inspection/model/form-order';
import { completeStep, editSteps } from '../data/edit-step';
import { StepFrame, useStepKept } from './step-frame';
import { useStepReport } from './step-report';

/** Brings the first field showing a message into view and puts the focus on its control. */
function focusFirstError(root: HTMLElement | null) {
  const field = root?.querySelector<HTMLElement>('[data-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.querySelector<HTMLElement>('input, textarea, button, [role="radiogroup"], [tabindex]')?.focus({ preventScroll: true });
}

const NONE: ReadonlySet<string> = new Set();

type Prepared = Pir & { extended: NonNullable<Pir['extended']> };

/**
 * A form step (SPEC §2, §4, §5): react-hook-form holds the values; every change is written to the
 * report at once, clearing the step's done flag and recomputing its errors. The step is checked once
 * per edit (`stepErrors`, against the step's zod schema): that one result is stored in the report, gives
 * the form its messages, the count of fields that need attention and "Mark complete"; react-hook-form
 * does not validate on its own. "Mark complete" is enabled only when the step is valid and not already complete.
 */
export function FormStep<V extends FieldValues>({ def, onCompleted, children }: { def: StepDefinition<V>; onCompleted: () => void; children: React.ReactNode }) {
  const report = useStepReport();
  const device = useDeviceName();
  const editable = isEditable(report, device);
  const prepared = report.extended ? (report as Prepared) : null;
  // The stored values, and the same in the form's order (its lists oldest first, see form-order.ts).
  const stored = useMemo(() => (prepared ? def.select(prepared) : null), [def, prepared]);
  const values = useMemo(() => (stored ? flipLists(def.fields, stored) : null), [def, stored]);
  // The form starts from the stored values once; later it is the source of the edits.
  const initial = useRef<V | null>(null);
  if (initial.current === null && values) initial.current = values;
  const state = stepState(report, def.step);
  // The edit's one check: the edit below computed it for the report it stored (stepErrors keeps it).
  const errors = useMemo(() => stepErrors(def, report), [def, report]);
  const valid = errors.isValid;
  // The same messages for the fields, by the form's paths, as a new object only when a message changed.
  const formErrors = useMemo(() => flipPathKeys(def.fields, errors.errors, stored), [def, errors, stored]);
  const messages = JSON.stringify(formErrors);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the messages' text, not the objects
  const fieldErrors = useMemo(() => formErrors, [messages]);
  const form = useForm<V>({
    defaultValues: (initial.current ?? undefined) as never,
    shouldFocusError: false,
    disabled: !editable,
  });

  // A field's message shows once the field has been left; every message shows when the inspector asks
  // to complete the step, or on opening a step edited and left before (its errors are then stored).
  const [showAll, setShowAll] = useState(() => report.inspectionErrors[def.step] !== undefined);
  const root = useRef<HTMLDivElement>(null);
  const showMessages = useCallback(() => {
    setShowAll(true);
    requestAnimationFrame(() => focusFirstError(root.current));
  }, []);

  useEffect(() => {
    const sub = form.watch((values) => {
      // The whole step is checked again (an answer can reveal a field that is now required); the
      // form's messages follow from the stored report.
      // The form is disabled where the report is not editable here; an edit racing a change of hands is refused.
      editSteps(report.id, device, (r) => ({ report: def.apply(r, flipLists(def.fields, values as V)), steps: [def], result: undefined }));
    });
    return () => sub.unsubscribe();
  }, [form, def, report.id, device]);

  const locked = stepLock(report, device);
  // Required fields, read from the step's rules against the stored values (they follow the answers):
  // worked out again only when the answers' shape changes (a choice, an entry added), not as text is
  // typed, and after the edit has shown (a probe per field: tens of ms for 20 catches on a slow tablet).
  const requiredFrom = useDeferredValue(values);
  const required = useMemo(() => (requiredFrom ? requiredPaths(def, requiredFrom) : NONE), [def, requiredFrom]);
  const display = useMemo<FieldDisplay>(() => ({ showAll }), [showAll]);
  // Each field reads its own message and mark from the store, so a change re-renders those fields only.
  const [checks] = useState(() => fieldCheckStore({ errors: fieldErrors, required }));
  useEffect(() => checks.set({ errors: fieldErrors, required }), [checks, fieldErrors, required]);
  // The fields' labels, to name those that need attention.
  const [labels] = useState(() => fieldLabelStore());
  const errorPaths = useMemo(() => Object.keys(fieldErrors), [fieldErrors]);
  const kept = useStepKept(def.step);

  return (
    <StepFrame
      step={def.step}
      done={state === 'done'}
      locked={locked}
      canComplete={editable && state !== 'done' && valid}
      blocked={editable && state !== 'done' && !valid ? { count: errorPaths.length, show: showMessages, paths: errorPaths, labels } : null}
      onComplete={() => {
        completeStep(report.id, def);
        kept();
        onCompleted();
      }}
    >
      <StepFields form={form} checks={checks} labels={labels} display={display} legend={editable && required.size > 0} root={root}>
        {children}
      </StepFields>
    </StepFrame>
  );
}

/**
 * The step's fields, redrawn only when what they are given changes: not at each edit of the report
 * (the step screen is memoised, so its children stay the same elements). Each field follows the form
 * and its own message and mark in the stores below.
 */
const StepFields = memo(function StepFields({
  form,
  checks,
  labels,
  display,
  legend,
  root,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any step's form
  form: UseFormReturn<any>;
  checks: FieldCheckStore;
  labels: FieldLabelStore;
  display: FieldDisplay;
  legend: boolean;
  root: React.RefObject<HTMLDivElement | null>;
  children: React.ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <FieldChecksContext.Provider value={checks}>
        <FieldLabelsContext.Provider value={labels}>
          <FieldDisplayContext.Provider value={display}>
            <div ref={root} className="contents">
              {legend && <RequiredLegend />}
              {/* Not a <form>: nothing is submitted (every change is stored at once), and a list's entries are
                  forms of their own (local-form.tsx), which a form here would hold. */}
              <div className="flex flex-col gap-5">{children}</div>
            </div>
          </FieldDisplayContext.Provider>
        </FieldLabelsContext.Provider>
      </FieldChecksContext.Provider>
    </FormProvider>
  );
});
