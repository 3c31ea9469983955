'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/errors';
import { onError } from '@/lib/errors/error-bus';
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { useErrorText } from './use-error-text';

function detailsOf(e: unknown): string | null {
  if (e instanceof ApiError) {
    const parts = [e.status ? `HTTP ${e.status}` : null, e.url, e.details === undefined || e.details === null ? null : JSON.stringify(e.details, null, 2)];
    return parts.filter(Boolean).join('\n');
  }
  if (e instanceof Error && e.stack) return e.stack;
  return null;
}

/**
 * SPEC §8: a server error shows its message, with the data or stack as details; a request that got
 * no response (or was never sent) says so with its URL.
 */
export function ErrorDialog() {
  const t = useTranslations('errorDialog');
  const errorText = useErrorText();
  const [error, setError] = useState<unknown>(null);
  useEffect(() => onError(setError), []);
  const details = error ? detailsOf(error) : null;
  return (
    <AlertDialog open={error !== null} onOpenChange={(o) => !o && setError(null)}>
      <AlertDialogContent data-testid="error-dialog">
        <AlertDialogTitle>{t('title')}</AlertDialogTitle>
        <AlertDialogDescription>{error !== null ? errorText(error) : ''}</AlertDialogDescription>
        {details && (
          <details className="text-xs">
            <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('details')}</summary>
            <pre className="max-h-60 overflow-auto rounded-md bg-muted p-3 whitespace-pre-wrap break-all">{details}</pre>
          </details>
        )}
        <AlertDialogFooter>
          <AlertDialogAction onClick={() => setError(null)}>{t('close')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
