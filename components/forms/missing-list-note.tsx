'use client';
import { useTranslations } from 'next-intl';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReferenceDataset } from '@/lib/contract';
import { fetchMissingLists, useHeldLists } from '@/lib/reference-data/use-reference-data';
import { Button } from '@/components/ui/button';
import { useConnection } from '@/lib/hooks/use-connection';

/**
 * Under a field whose reference list is not on the tablet: which list, that it is being fetched by
 * itself (or will be, once back online), and a way to ask for it now. Nothing while the list is here.
 */
export function MissingListNote({ dataset }: { dataset: ReferenceDataset }) {
  const { data, isPending } = useHeldLists();
  if (isPending || data?.[dataset]) return null;
  return <MissingList dataset={dataset} />;
}

/** The note itself: only a field whose list is missing follows the connection. */
function MissingList({ dataset }: { dataset: ReferenceDataset }) {
  const t = useTranslations('referenceLists');
  const offline = useConnection() === 'offline';
  return (
    <p className="flex flex-col items-start gap-2 text-sm text-muted-foreground" role="status" data-testid="missing-list" data-dataset={dataset}>
      <span>{t(offline ? 'missingOffline' : 'missing', { list: t(`names.${dataset}`) })}</span>
      {!offline && <FetchMissingListsButton />}
    </p>
  );
}

/** Asks the server now for every list the tablet lacks (they are also asked for by themselves, backing off). */
export function FetchMissingListsButton() {
  const t = useTranslations('referenceLists');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={asking}
      onClick={() => {
        setAsking(true);
        void fetchMissingLists(client)
          .catch(() => undefined)
          .finally(() => setAsking(false));
      }}
    >
      <RotateCcwIcon aria-hidden /> {t('tryAgain')}
    </Button>
  );
}
