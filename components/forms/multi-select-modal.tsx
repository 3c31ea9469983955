'use client';
import { useTranslations } from 'next-intl';
import { CheckIcon, SearchIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { filterOptions, type Option } from '@/lib/reference-data/search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** Long lists show their first matches; the search narrows them (ports, species). */
const SHOWN = 150;

/**
 * SPEC §2: the generic multi-select modal, with a search filter and apply/cancel. With
 * `multiple` false it is a searchable single choice that applies on tap.
 */
export function MultiSelectModal({
  open,
  onOpenChange,
  title,
  options,
  selected,
  multiple,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  options: readonly Option[];
  selected: readonly number[];
  multiple: boolean;
  onApply: (values: number[]) => void;
}) {
  const t = useTranslations('select');
  const tc = useTranslations('common');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number[]>([...selected]);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts from the field's value and an empty search.
    setWasOpen(open);
    if (open) {
      setPicked([...selected]);
      setQuery('');
    }
  }
  const matches = useMemo(() => filterOptions(options, query), [options, query]);

  function toggle(value: number) {
    if (!multiple) {
      onApply([value]);
      onOpenChange(false);
      return;
    }
    setPicked((p) => (p.includes(value) ? p.filter((v) => v !== value) : [...p, value]));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc('close')} className="flex max-h-[85dvh] max-w-xl flex-col">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{multiple ? t('pickMany', { count: picked.length }) : t('pickOne')}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id={searchId} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('search')} aria-label={t('search')} className="ps-9" autoFocus />
        </div>
        <ul className="-mx-2 min-h-0 flex-1 overflow-y-auto" role="listbox" aria-multiselectable={multiple} aria-label={title}>
          {matches.slice(0, SHOWN).map((o) => {
            const on = multiple ? picked.includes(o.value) : selected.includes(o.value);
            return (
              // The option is the button itself, so the listbox holds no control inside a control.
              <li key={o.value} role="none">
                <button
                  type="button"
                  role="option"
                  aria-selected={on}
                  onClick={() => toggle(o.value)}
                  className={cn('flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-start outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60', on && 'font-semibold')}
                >
                  <span className={cn('inline-flex size-5 shrink-0 items-center justify-center rounded border', on && 'border-primary bg-primary text-primary-foreground')}>
                    {on && <CheckIcon className="size-4" aria-hidden />}
                  </span>
                  <span className="min-w-0 flex-1">{o.label}</span>
                  <span className="text-xs text-muted-foreground">{o.code}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {matches.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('none')}</p>}
        {matches.length > SHOWN && <p className="px-3 py-2 text-center text-xs text-muted-foreground">{t('more', { count: matches.length - SHOWN })}</p>}
        {multiple && (
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setPicked([])} disabled={picked.length === 0}>
              {t('clear')}
            </Button>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc('cancel')}
            </Button>
            <Button
              type="button"
              onClick={() => {
                onApply(picked);
                onOpenChange(false);
              }}
            >
              {t('apply')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
