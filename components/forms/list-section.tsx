'use client';
import { useTranslations } from 'next-intl';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useContext, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormState, type ArrayPath, type FieldArray, type FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { cn } from '@/lib/utils';
import { FieldEntryContext, useFieldLabel } from './field-labels';
import { LocalForm } from './local-form';
import { NEW_ITEM_HIGHLIGHT_MS } from '@/lib/ui/durations';

/**
 * Entries drawn with the step when it opens; the rest follow in a background render, before the
 * inspector can scroll to them. Below the step's heading, one catch fills a tablet's screen, landscape
 * or portrait: a second one drawn at once was out of view, and only delayed the first paint.
 */
const FIRST_DRAWN = 1;

const ENTRY_FIELDS = 'grid grid-cols-1 gap-4 @xl:grid-cols-2';

/** One element for every entry's delete button: the list is drawn again at each entry added or deleted. */
const DELETE_ICON = <Trash2Icon className="text-destructive" aria-hidden />;

/** Where a listed entry stands among those shown: for titles numbered over the shown entries only. */
export interface ListedAt {
  position: number;
  count: number;
}

/**
 * A list of entries in a step (catches, authorisations, ...): shown newest first, add, delete after
 * confirmation; a new entry is highlighted for a moment. The form holds the list oldest first
 * (`form-order.ts`): a new entry is appended, and renames no other entry's fields. `shows` lists only
 * some entries of the array (the transhipment step keeps donor entries in the same array, shown elsewhere).
 */
export function ListSection<V extends FieldValues>({
  name,
  title,
  itemTitle,
  addLabel,
  create,
  shows,
  itemTestId = 'list-item',
  children,
}: {
  name: ArrayPath<V>;
  title: string;
  /** the title of the entry at `index` of the array */
  itemTitle: (index: number, at: ListedAt) => string;
  addLabel: string;
  create: () => FieldArray<V, ArrayPath<V>>;
  shows?: (item: FieldArray<V, ArrayPath<V>>) => boolean;
  itemTestId?: string;
  children: (index: number) => React.ReactNode;
}) {
  const t = useTranslations('lists');
  // Not the whole form's context: that changes with the form's state, and would draw every entry again.
  const { disabled } = useFormState<V>();
  const { fields, append, remove } = useFieldArray<V, ArrayPath<V>>({ name });
  const [fresh, setFresh] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  /** The entry whose deletion was confirmed: no longer shown, removed from the form a frame later. */
  const [leaving, setLeaving] = useState<string | null>(null);
  // The entries as last drawn: a deletion confirmed a frame earlier finds its entry among them by id.
  const fieldsNow = useRef(fields);
  useEffect(() => {
    fieldsNow.current = fields;
  });
  // In the order shown: newest (the form's last) first.
  const listed = fields
    .map((f, index) => ({ f, index }))
    .filter(({ f }) => f.id !== leaving && (!shows || shows(f as unknown as FieldArray<V, ArrayPath<V>>)))
    .reverse();
  const titleOf = (index: number) => itemTitle(index, { position: listed.findIndex((l) => l.index === index), count: listed.length });
  // A step with 20 catches took half a second to draw at once on a slow tablet: the entries in view
  // first, then (false on the first render only) every entry, in a render that yields to the inspector.
  const drawAll = useDeferredValue(true, false);
  const drawn = drawAll ? listed : listed.slice(0, FIRST_DRAWN);
  // The list names its own messages ("at least one"); an entry's fields are named with the entry's title.
  useFieldLabel(name, title);
  const outer = useContext(FieldEntryContext);

  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setFresh(null), NEW_ITEM_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">
          {title} <span className="font-normal text-muted-foreground">({listed.length})</span>
        </h3>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          onClick={() => {
            // In the tap itself: a new entry that came a frame later let the next tap land on the entry below it.
            const item = create();
            // The focus stays on the button: the new entry comes next, in the order of the page.
            // (react-hook-form moved it into the entry, which laid the step out in the tap: 35-70 ms at CPU 4x.)
            append(item, { shouldFocus: false });
            setFresh((item as { uid?: string }).uid ?? 'new');
          }}
        >
          <PlusIcon aria-hidden /> {addLabel}
        </Button>
      </div>
      {listed.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      <ol className="flex flex-col gap-3">
        {drawn.map(({ f, index }) => {
          const uid = (f as unknown as { uid?: string }).uid;
          return (
            <li
              key={f.id}
              data-testid={itemTestId}
              data-new={uid !== undefined && uid === fresh ? 'true' : undefined}
              // Entries out of view are not laid out nor painted (a long list's layout made taps slow).
              className={cn(
                'rounded-lg border p-4 transition-colors duration-700 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]',
                uid !== undefined && uid === fresh && 'border-primary bg-primary/10',
              )}
            >
              <div className="mb-3 flex items-center justify-between gap-2">
                <h4 className="min-w-0 font-medium break-words">{titleOf(index)}</h4>
                <Button type="button" variant="ghost" size="icon" aria-label={t('delete', { item: titleOf(index) })} disabled={disabled} onClick={() => setDeleting(index)}>
                  {DELETE_ICON}
                </Button>
              </div>
              <FieldEntryContext.Provider value={outer ? `${outer}, ${titleOf(index)}` : titleOf(index)}>
                {/* Each entry is a form of its own (local-form.tsx), unless it is inside another entry's. */}
                {outer ? <div className={ENTRY_FIELDS}>{children(index)}</div> : <LocalForm className={ENTRY_FIELDS}>{children(index)}</LocalForm>}
              </FieldEntryContext.Provider>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('deleteTitle')}
        description={deleting !== null ? t('deleteText', { item: titleOf(deleting) }) : ''}
        confirmLabel={t('deleteConfirm')}
        destructive
        onConfirm={() => {
          // Removing an entry renames the fields of every older entry (the form holds the list oldest first),
          // and react-hook-form registers each again. The entry leaves the screen in the tap (so that the
          // next tap cannot land in it); it leaves the form in the task after that frame is painted.
          const id = deleting !== null ? fields[deleting]?.id : undefined;
          setDeleting(null);
          if (id === undefined) return;
          setLeaving(id);
          requestAnimationFrame(() =>
            setTimeout(() => {
              const index = fieldsNow.current.findIndex((f) => f.id === id);
              if (index >= 0) remove(index);
              setLeaving(null);
            }),
          );
        }}
      />
    </section>
  );
}
