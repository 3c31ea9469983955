'use client';
import { useTranslations } from 'next-intl';
import { ServerOffIcon, WifiIcon, WifiOffIcon } from 'lucide-react';
import { useConnection } from '@/lib/hooks/use-connection';
import { cn } from '@/lib/utils';

/**
 * SPEC §1: the connection badge. Beyond the browser's online/offline, it says when the network is
 * there but the server does not answer (quay Wi-Fi without internet, the server down).
 */
export function OnlineBadge({ className }: { className?: string }) {
  const t = useTranslations('nav');
  const connection = useConnection();
  const label = connection === 'online' ? t('online') : connection === 'offline' ? t('offline') : t('noServer');
  const Icon = connection === 'online' ? WifiIcon : connection === 'offline' ? WifiOffIcon : ServerOffIcon;
  return (
    <span
      role="status"
      aria-live="polite"
      aria-label={t('statusLabel', { status: label })}
      title={connection === 'no-server' ? t('noServerHint') : undefined}
      data-online={connection === 'online'}
      data-connection={connection}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        connection === 'online' ? 'bg-success/15 text-success' : 'bg-destructive/15 text-destructive',
        className,
      )}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only @min-[40rem]:not-sr-only">{label}</span>
    </span>
  );
}
