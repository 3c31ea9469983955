'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** SPEC §8: a spinner gives up after 100 s. */
const LOADING_TIMEOUT_MS = 100_000;

/** A loading state that, past the timeout, says so and offers a reload instead of spinning forever. */
export function Loading({ className = 'flex min-h-[50dvh] items-center justify-center' }: { className?: string }) {
  const t = useTranslations('app');
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={className} role="status">
      {late ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <p>{t('tooLong')}</p>
          <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
        </div>
      ) : (
        <span className="inline-flex items-center gap-3 text-muted-foreground">
          <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
          {t('loading')}
        </span>
      )}
    </div>
  );
}
