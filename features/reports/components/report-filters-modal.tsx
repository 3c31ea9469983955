'use client';
import { useLocale, useTranslations } from 'next-intl';
import { XIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Language, PortEntry } from '@/lib/contract';
import { referenceLabel } from '@/lib/reference-data/labels';
import { optionsOf } from '@/lib/reference-data/search';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { MultiSelectModal } from '@/components/forms/multi-select-modal';

/** The filters modal of `ReportFilters`, loaded when first opened. */
export function ReportFiltersModal({
  designatedPorts,
  ports,
  selected,
  onChange,
  open,
  onOpenChange: setOpen,
}: {
  designatedPorts: readonly PortEntry[] | undefined;
  ports: Map<number, PortEntry>;
  selected: readonly number[];
  onChange: (ports: number[]) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('reports.filters');
  const tc = useTranslations('common');
  const locale = useLocale() as Language;
  const portsHeading = useId();
  const [picking, setPicking] = useState(false);
  const options = useMemo(() => optionsOf(designatedPorts, locale), [designatedPorts, locale]);
  const offered = useMemo(() => new Set(options.map((o) => o.value)), [options]);
  const active = selected.length;

  const name = (id: number) => {
    const entry = designatedPorts?.find((p) => p.id === id) ?? ports.get(id);
    const label = referenceLabel(entry, locale) ?? String(id);
    return offered.has(id) ? label : t('inactive', { port: label });
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={tc('close')} className="max-w-xl" data-testid="filters-modal">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>

          <section aria-labelledby={portsHeading} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="filter-ports">
            <div className="flex items-center justify-between gap-2">
              <h3 id={portsHeading} className="font-semibold">
                {t('ports')}
              </h3>
              <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={active === 0} aria-label={t('resetPorts')}>
                {t('reset')}
              </Button>
            </div>
            {active === 0 ? (
              <p className="text-sm text-muted-foreground">{t('portsAll')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label={t('ports')}>
                {selected.map((id) => (
                  <li key={id}>
                    <span className="inline-flex min-h-9 items-center gap-1 rounded-full border bg-secondary ps-3 text-sm text-secondary-foreground">
                      {name(id)}
                      <button
                        type="button"
                        className="inline-flex size-9 items-center justify-center rounded-full outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                        onClick={() => onChange(selected.filter((p) => p !== id))}
                        aria-label={t('remove', { port: name(id) })}
                      >
                        <XIcon className="size-4" aria-hidden />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="outline" className="self-start" onClick={() => setPicking(true)}>
              {t('choose')}
            </Button>
          </section>

          <DialogFooter>
            <Button variant="ghost" onClick={() => onChange([])} disabled={active === 0}>
              {t('clearAll')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('done')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <MultiSelectModal open={picking} onOpenChange={setPicking} title={t('ports')} options={options} selected={selected} multiple onApply={onChange} />
    </>
  );
}
