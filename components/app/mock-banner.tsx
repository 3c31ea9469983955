'use client';
import { useTranslations } from 'next-intl';
import { FlaskConicalIcon } from 'lucide-react';
import { MOCK_MODE } from '@/lib/api/mock';

/** Says visibly that the app answers itself (mock mode) instead of a server. */
export function MockBanner() {
  const t = useTranslations('app');
  if (!MOCK_MODE) return null;
  return (
    <div role="note" className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-warning px-3 py-1.5 text-sm font-medium text-warning-foreground" data-testid="mock-banner">
      <FlaskConicalIcon className="size-4" aria-hidden /> {t('mockMode')}
    </div>
  );
}
