'use client';
import dynamic from 'next/dynamic';
import { Suspense, useEffect, useState } from 'react';
import { onError } from '@/lib/errors/error-bus';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';

// The dialog library loads with the first error, not with every page.
const ErrorDialogContent = dynamic(() => import('./error-dialog-content').then((m) => m.ErrorDialogContent));

/**
 * SPEC §8: a server error shows its message, with the data or stack as details; a request that got
 * no response (or was never sent) says so with its URL.
 */
export function ErrorDialog() {
  const [error, setError] = useState<unknown>(null);
  useEffect(() => onError(setError), []);
  // Its own boundary while it first loads: the page around it stays as it is (see ConfirmDialog).
  return useOpenedOnce(error !== null) ? (
    <Suspense fallback={null}>
      <ErrorDialogContent error={error} setError={setError} />
    </Suspense>
  ) : null;
}
