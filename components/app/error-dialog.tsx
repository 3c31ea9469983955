'use client';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
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
  return useOpenedOnce(error !== null) ? <ErrorDialogContent error={error} setError={setError} /> : null;
}
