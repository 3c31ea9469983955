'use client';
import { useTranslations } from 'next-intl';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext, type ArrayPath, type FieldArray, type FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/app/confirm-dialog';
import { cn } from '@/lib/utils';

/** SPEC §9: a new item stays highlighted for 3 s. */
export const NEW_ITEM_HIGHLIGHT_MS = 3000;

/**
 * A list of entries in a step (catches, authorisations, ...): newest first, add, delete after
 * confirmation; a new entry is highlighted for a moment.
 */
export function ListSection<V extends FieldValues>({
  name,
  title,
  itemTitle,
  addLabel,
  create,
  children,
}: {
  name: ArrayPath<V>;
  title: string;
  itemTitle: (index: number) => string;
  addLabel: string;
  create: () => FieldArray<V, ArrayPath<V>>;
  children: (index: number) => React.ReactNode;
}) {
  const t = useTranslations('lists');
  const { control, formState } = useFormContext<V>();
  const { fields, prepend, remove } = useFieldArray<V, ArrayPath<V>>({ control, name });
  const [fresh, setFresh] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setFresh(null), NEW_ITEM_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">
          {title} <span className="font-normal text-muted-foreground">({fields.length})</span>
        </h3>
        <Button
          type="button"
          variant="outline"
          disabled={formState.disabled}
          onClick={() => {
            const item = create();
            prepend(item);
            setFresh((item as { uid?: string }).uid ?? 'new');
          }}
        >
          <PlusIcon aria-hidden /> {addLabel}
        </Button>
      </div>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((f, index) => {
          const uid = (f as unknown as { uid?: string }).uid;
          return (
            <li
              key={f.id}
              data-testid="list-item"
              data-new={uid !== undefined && uid === fresh ? 'true' : undefined}
              className={cn('rounded-lg border p-4 transition-colors duration-700', uid !== undefined && uid === fresh && 'border-primary bg-primary/10')}
            >
              <div className="mb-3 flex items-center justify-between gap-2">
                <h4 className="font-medium">{itemTitle(index)}</h4>
                <Button type="button" variant="ghost" size="icon" aria-label={t('delete', { item: itemTitle(index) })} disabled={formState.disabled} onClick={() => setDeleting(index)}>
                  <Trash2Icon className="text-destructive" aria-hidden />
                </Button>
              </div>
              <div className="grid grid-cols-1 gap-4 @xl:grid-cols-2">{children(index)}</div>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('deleteTitle')}
        description={deleting !== null ? t('deleteText', { item: itemTitle(deleting) }) : ''}
        confirmLabel={t('deleteConfirm')}
        destructive
        onConfirm={() => {
          if (deleting !== null) remove(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
