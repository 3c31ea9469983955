'use client';
import { useTranslations } from 'next-intl';
import type { PirStatus } from '@/lib/contract';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<PirStatus, 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline'> = {
  notready: 'outline',
  preparing: 'secondary',
  ready: 'default',
  inspecting: 'warning',
  signing: 'warning',
  readytosubmit: 'default',
  submitting: 'secondary',
  submitted: 'success',
  claimed: 'outline',
};

export function StatusBadge({ status, className }: { status: PirStatus; className?: string }) {
  const t = useTranslations('status');
  return (
    <Badge variant={VARIANT[status]} data-status={status} className={className}>
      {t(status)}
    </Badge>
  );
}
