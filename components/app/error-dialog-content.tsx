'use client';
import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/api/errors';
import { ActionError } from '@/lib/reports/action-error';
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { useErrorText } from '../shared/use-error-text';

function detailsOf(e: unknown): string | null {
  if (e instanceof ApiError) {
    const parts = [e.status ? `HTTP ${e.status}` : null, e.url, e.details === undefined || e.details === null ? null : JSON.stringify(e.details, null, 2)];
    return parts.filter(Boolean).join('\n');
  }
  // A refusal the app means (not enough space, a report held elsewhere) says all in its message.
  if (e instanceof ActionError) return null;
  if (e instanceof Error && e.stack) return e.stack;
  return null;
}

/** The error dialog itself, loaded by `ErrorDialog` with the first error. */
export function ErrorDialogContent({ error, setError }: { error: unknown; setError: (e: unknown) => void }) {
  const t = useTranslations('errorDialog');
  const errorText = useErrorText();
  const details = error ? detailsOf(error) : null;
  return (
    <AlertDialog open={error !== null} onOpenChange={(o) => !o && setError(null)}>
      <AlertDialogContent data-testid="error-dialog">
        <AlertDialogTitle>{t('title')}</AlertDialogTitle>
        <AlertDialogDescription>{error !== null ? errorText(error) : ''}</AlertDialogDescription>
        {details && (
          <details className="text-xs">
            <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('details')}</summary>
            <p className="pb-2 text-muted-foreground">{t('detailsHint')}</p>
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
