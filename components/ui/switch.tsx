import * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A switch whose button is a 44 px target (WCAG 2.5.5), the track drawn inside it. A plain button
 * with the switch role rather than Radix's: Radix's switch sets its state from its ref when it
 * mounts, which drew each switch again in a synchronous render after the commit (a step of 20
 * catches has 20), with a hidden form input mounted and removed on the way.
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: { checked: boolean; onCheckedChange: (checked: boolean) => void } & Omit<React.ComponentProps<'button'>, 'onChange' | 'onClick' | 'value' | 'type' | 'role'>) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-slot="switch"
      data-state={state}
      className={cn(
        'peer group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={() => onCheckedChange(!checked)}
      {...props}
    >
      <span className="inline-flex h-7 w-12 items-center rounded-full border-2 border-transparent transition-colors group-data-[state=checked]:bg-primary group-data-[state=unchecked]:bg-input">
        <span
          data-state={state}
          className="pointer-events-none block size-6 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
        />
      </span>
    </button>
  );
}
