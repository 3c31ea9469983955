'use client';
import { useTranslations } from 'next-intl';
import { WifiIcon, WifiOffIcon } from 'lucide-react';
import { useOnline } from '@/lib/hooks/use-online';
import { cn } from '@/lib/utils';

/** SPEC §1: the online/offline badge, following the browser's events. */
export function OnlineBadge({ className }: { className?: string }) {
  const t = useTranslations('nav');
  const online = useOnline();
  const label = online ? t('online') : t('offline');
  return (
    <span
      role="status"
      aria-live="polite"
      aria-label={t('statusLabel', { status: label })}
      data-online={online}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        online ? 'bg-success/15 text-success' : 'bg-destructive/15 text-destructive',
        className,
      )}
    >
      {online ? <WifiIcon className="size-4" aria-hidden /> : <WifiOffIcon className="size-4" aria-hidden />}
      <span className="sr-only @min-[40rem]:not-sr-only">{label}</span>
    </span>
  );
}
