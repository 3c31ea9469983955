'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { ListXIcon } from 'lucide-react';
import { missingLists, useHeldLists } from '@/lib/reference-data/use-reference-data';
import { useConnection } from '@/lib/hooks/use-connection';
import { FetchMissingListsButton } from '@/components/forms/missing-list-note';

/**
 * Where reports are prepared: the reference lists the steps need that are not on the tablet yet, so
 * that an inspector does not leave coverage with a report that cannot be completed offline. Nothing
 * once every list is here.
 */
export function MissingListsNotice() {
  const t = useTranslations('referenceLists');
  const format = useFormatter();
  const connection = useConnection();
  const { data, isPending } = useHeldLists();
  const missing = isPending ? [] : missingLists(data);
  if (missing.length === 0) return null;
  return (
    <div role="status" data-testid="lists-missing" className="mb-4 flex flex-col items-start gap-2 rounded-lg border border-warning bg-warning/15 p-3 text-sm">
      <p className="flex items-start gap-2">
        <ListXIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="block font-semibold">
            {t('notOnTablet', { count: missing.length, lists: format.list(missing.map((d) => t(`names.${d}`))) })}
          </strong>
          {t(connection === 'offline' ? 'notOnTabletOffline' : 'notOnTabletOnline', { count: missing.length })}
        </span>
      </p>
      {connection !== 'offline' && <FetchMissingListsButton />}
    </div>
  );
}
