'use client';
import { useTranslations } from 'next-intl';
import { CheckIcon, SearchIcon } from 'lucide-react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterOptions, type Option } from '@/lib/reference-data/search';
import { initialActive, moveActive, VIRTUAL_LIST_OVERSCAN, VIRTUAL_LIST_ROW_HEIGHT, withActiveRow } from '@/lib/ui/virtual-list';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { LocalForm } from './local-form';

/**
 * SPEC §2: the generic multi-select modal, with a search filter and apply/cancel. With
 * `multiple` false it is a searchable single choice that applies on tap. Every entry is in the
 * list (SPEC §9 virtual list: rows of 46 px, 5 drawn beyond each edge), so a long list such as
 * the ports can be scrolled to its end as well as searched.
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
  // The dialog, its title and search box paint with the tap; the list is drawn and measured in the
  // render after (drawn with them, the tap waited 100–200 ms at CPU 4× for the picker to show).
  const listShown = useDeferredValue(open);

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
        <LocalForm className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id={searchId} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('search')} aria-label={t('search')} className="ps-9" autoFocus />
        </LocalForm>
        {/* Keyed by the search: a new search starts at the top of its matches. */}
        {listShown ? (
          <OptionList
            key={query}
            label={title}
            matches={matches}
            multiple={multiple}
            isOn={(value) => (multiple ? picked.includes(value) : selected.includes(value))}
            opensAt={query ? 0 : initialActive(options.map((o) => o.value), selected)}
            onToggle={toggle}
          />
        ) : (
          // the list's room, so the dialog does not change size when it is drawn
          <div className="min-h-0 flex-1" style={{ height: matches.length * VIRTUAL_LIST_ROW_HEIGHT }} />
        )}
        {matches.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('none')}</p>}
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

/**
 * The matches as a listbox whose rows are drawn only near the view. One row is in the tab order
 * (roving focus); arrows, Page Up/Down, Home and End move it, scrolling the list as needed.
 */
function OptionList({
  label,
  matches,
  multiple,
  isOn,
  opensAt,
  onToggle,
}: {
  label: string;
  matches: readonly Option[];
  multiple: boolean;
  isOn: (value: number) => boolean;
  opensAt: number;
  onToggle: (value: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(opensAt);
  const focusActive = useRef(false);
  const count = matches.length;
  const rangeExtractor = useCallback((range: Range) => withActiveRow(defaultRangeExtractor(range), active, count), [active, count]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VIRTUAL_LIST_ROW_HEIGHT,
    overscan: VIRTUAL_LIST_OVERSCAN,
    rangeExtractor,
    getItemKey: (i) => matches[i]?.value ?? i,
  });

  // The list opens on the current choice, in the middle of the view.
  useEffect(() => {
    if (opensAt > 0) virtualizer.scrollToIndex(opensAt, { align: 'center' });
    // Only when the list is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a keyboard move the row is drawn (rangeExtractor keeps it), then it takes the focus.
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"] [role="option"]`)?.focus();
  }, [active]);

  function onKeyDown(e: React.KeyboardEvent) {
    const view = scrollRef.current?.clientHeight ?? 0;
    const next = moveActive(active, e.key, count, view / VIRTUAL_LIST_ROW_HEIGHT - 1);
    if (next === null) return;
    e.preventDefault();
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusActive.current = true;
    if (next === active) listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"] [role="option"]`)?.focus();
    else setActive(next);
  }

  if (count === 0) return null;
  return (
    <div ref={scrollRef} className="-mx-2 min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="select-scroll">
      <ul
        ref={listRef}
        role="listbox"
        aria-multiselectable={multiple}
        aria-label={label}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const o = matches[row.index]!;
          const on = isOn(o.value);
          return (
            // The option is the button itself, so the listbox holds no control inside a control.
            <li
              key={row.key as number}
              role="none"
              data-index={row.index}
              className="absolute start-0 top-0 w-full"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              <button
                type="button"
                role="option"
                aria-selected={on}
                aria-setsize={count}
                aria-posinset={row.index + 1}
                tabIndex={row.index === active ? 0 : -1}
                onClick={() => {
                  setActive(row.index);
                  onToggle(o.value);
                }}
                className={cn(
                  'flex h-full w-full items-center gap-3 rounded-md px-3 text-start outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/60',
                  on && 'font-semibold',
                )}
              >
                <span className={cn('inline-flex size-5 shrink-0 items-center justify-center rounded border', on && 'border-primary bg-primary text-primary-foreground')}>
                  {on && <CheckIcon className="size-4" aria-hidden />}
                </span>
                {/* Rows keep the list's 46 px: a long name takes two lines at most. */}
                <span className="line-clamp-2 min-w-0 flex-1 text-sm leading-tight">{o.label}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{o.code}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
