'use client';
import { useTranslations } from 'next-intl';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReferenceDataset } from '@/lib/contract';
import { fetchMissingLists, useReferenceData } from '@/lib/reference-data/use-reference-data';
import { Button } from '@/components/ui/button';

/**
 * Under a field whose reference list is not on the tablet: which list, that it is being fetched by
 * itself, and a way to ask for it now. Nothing while the list is here.
 */
export function MissingListNote({ dataset }: { dataset: ReferenceDataset }) {
  const t = useTranslations('referenceLists');
  const client = useQueryClient();
  const { data, isPending } = useReferenceData();
  const [asking, setAsking] = useState(false);
  if (isPending || data?.[dataset]) return null;
  return (
    <p className="flex flex-col items-start gap-2 text-sm text-muted-foreground" role="status" data-testid="missing-list" data-dataset={dataset}>
      <span>{t('missing', { list: t(`names.${dataset}`) })}</span>
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
    </p>
  );
}
