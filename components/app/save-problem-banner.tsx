'use client';
import { useTranslations } from 'next-intl';
import { TriangleAlertIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { currentWriteProblem, onWriteProblem } from '@/lib/local-data/reports-store';

/**
 * Says at once, on every screen, that what the inspector types is not being kept on the tablet, why,
 * and what to do. It goes away by itself once the edits are stored.
 */
export function SaveProblemBanner() {
  const t = useTranslations('saveProblem');
  const problem = useSyncExternalStore(onWriteProblem, currentWriteProblem, () => null);
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="sticky top-0 z-40 -mx-4 mb-3 flex items-start gap-3 border-b border-destructive/40 bg-destructive px-4 py-3 text-sm text-white sm:-mx-6 sm:px-6"
      data-testid="save-problem"
      data-problem={problem}
    >
      <TriangleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <strong className="block font-semibold">{t(problem === 'full' ? 'fullTitle' : 'refusedTitle')}</strong>
        {t(problem === 'full' ? 'fullText' : 'refusedText')}
      </p>
    </div>
  );
}
