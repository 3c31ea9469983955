'use client';
import { useTranslations } from 'next-intl';
import { FilterIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { PortEntry } from '@/lib/contract';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

// The modal and its port picker load when first opened, not with the list.
const ReportFiltersModal = dynamic(() => import('./report-filters-modal').then((m) => m.ReportFiltersModal));

/**
 * SPEC §2: the filter-modal button (with a badge while filters are active) and the modal: designated
 * ports (a multi-select of the active ones), a reset per filter and clear-all. The choice lives in the
 * settings (`filters.ports`), so it is kept on the tablet.
 */
export function ReportFilters(props: {
  /** the `designatedPort` dataset: what the picker offers (inactive ports left out) */
  designatedPorts: readonly PortEntry[] | undefined;
  /** every port by id, to name a chosen port the designated list no longer has */
  ports: Map<number, PortEntry>;
  selected: readonly number[];
  onChange: (ports: number[]) => void;
}) {
  const t = useTranslations('reports.filters');
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const active = props.selected.length;

  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={active ? t('buttonActive', { count: active }) : t('button')}
        data-testid="filters-button"
        className="relative"
      >
        <FilterIcon aria-hidden />
        {/* The word shows in every shape, as on Refresh (an icon alone was not understood on a phone). */}
        <span>{t('button')}</span>
        {active > 0 && (
          <Badge className="min-w-5 justify-center px-1.5" data-testid="filters-badge" aria-hidden>
            {active}
          </Badge>
        )}
      </Button>
      {opened && <ReportFiltersModal {...props} open={open} onOpenChange={setOpen} />}
    </>
  );
}
