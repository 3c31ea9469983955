'use client';
import dynamic from 'next/dynamic';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';
import type { ConfirmDialogProps } from './confirm-dialog-content';

// The dialog library loads with the first question asked, not with every page.
const ConfirmDialogContent = dynamic(() => import('./confirm-dialog-content').then((m) => m.ConfirmDialogContent));

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return useOpenedOnce(props.open) ? <ConfirmDialogContent {...props} /> : null;
}
