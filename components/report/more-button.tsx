'use client';
import { useTranslations } from 'next-intl';
import { EllipsisVerticalIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The button of a card's secondary menu. */
export function MoreButton({ vessel, ...props }: { vessel: string } & React.ComponentProps<typeof Button>) {
  const t = useTranslations('actions');
  return (
    <Button size="icon" variant="ghost" className="ms-auto" aria-label={t('more', { vessel })} data-testid="card-more" {...props}>
      <EllipsisVerticalIcon aria-hidden />
    </Button>
  );
}
