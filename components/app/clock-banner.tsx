'use client';
import { useTranslations } from 'next-intl';
import { ClockAlertIcon } from 'lucide-react';
import { describeSkew, isClockOff } from '@/lib/clock/server-clock';
import { useClockOffset } from '@/lib/hooks/use-server-now';

/**
 * Says, on every screen, that the tablet's clock is more than a few minutes off the
 * server's (measured from the server's replies), that reports are dated on the server's time anyway,
 * and what to do. It goes away by itself at the first reply after the clock is set.
 */
export function ClockBanner() {
  const t = useTranslations('clock');
  const offset = useClockOffset();
  if (!isClockOff(offset)) return null;
  const skew = describeSkew(offset);
  return (
    <div
      role="status"
      className="-mx-4 mb-3 flex items-start gap-3 border-b border-warning bg-warning px-4 py-3 text-sm text-warning-foreground sm:-mx-6 sm:px-6"
      data-testid="clock-banner"
      data-offset-ms={offset}
    >
      <ClockAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <strong className="block font-semibold">{t(skew.direction, { amount: skew.amount, unit: skew.unit })}</strong>
        {t('advice')}
      </p>
    </div>
  );
}
