'use client';
import dynamic from 'next/dynamic';
import { Suspense } from 'react';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';
import type { ConfirmDialogProps } from './confirm-dialog-content';

// The dialog library loads with the first question asked, not with every page.
const ConfirmDialogContent = dynamic(() => import('./confirm-dialog-content').then((m) => m.ConfirmDialogContent));

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Its own boundary while the first question loads: without it, the step around it (a form of 20
  // catches) was hidden behind the step's loading line and drawn again.
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  ) : null;
}
