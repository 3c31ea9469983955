'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { counterState, cutByPaste } from '@/lib/inspection/text-limit';
import { cn } from '@/lib/utils';

/**
 * Free text is never cut silently: a limited free-text field's counter (from 80 % of its limit) and, when a paste went
 * past the limit, how much of it was not kept. `onPaste` goes on the input or textarea.
 */
export function useLengthLimit(length: number, max: number, id: string) {
  const [cut, setCut] = useState(0);
  const onPaste = (e: React.ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    const selected = (el.selectionEnd ?? 0) - (el.selectionStart ?? 0);
    setCut(cutByPaste(el.value.length, selected, e.clipboardData.getData('text').length, max));
  };
  const state = counterState(length, max);
  const counterId = `${id}-counter`;
  return {
    onPaste,
    describedBy: state.show || cut > 0 ? counterId : undefined,
    counter: <LengthCounter id={counterId} length={length} max={max} cut={length < max ? 0 : cut} />,
  };
}

function LengthCounter({ id, length, max, cut }: { id: string; length: number; max: number; cut: number }) {
  const t = useTranslations('fields');
  const format = useFormatter();
  const state = counterState(length, max);
  if (!state.show && cut === 0) return null;
  const n = (x: number) => format.number(x);
  return (
    <p id={id} className={cn('text-xs tabular-nums', state.full ? 'font-medium text-warning-foreground dark:text-warning' : 'text-muted-foreground')} data-testid="length-counter" data-full={state.full}>
      <span>{state.full ? t('counterFull', { count: n(length), max: n(max) }) : t('counter', { count: n(length), max: n(max) })}</span>
      {cut > 0 && (
        <span className="block text-destructive" role="alert" data-testid="length-cut">
          {t('counterCut', { max: n(max), cut: n(cut) })}
        </span>
      )}
    </p>
  );
}
