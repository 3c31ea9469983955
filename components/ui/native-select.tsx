'use client';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SelectOption {
  value: string;
  label: string;
  /** the language the label is written in, when it names one */
  lang?: string;
}

/**
 * A choice among a few values: the browser's own select, so the tablet's own picker opens and a tap
 * outside it is the system's to handle (a drawn list took 40–60 ms of script to open on a slow
 * tablet, and locked the page's scroll). It lies, clear, over a box that shows the chosen value
 * wrapped, never cut off (long French names), as the other fields show theirs.
 */
export function NativeSelect({
  value,
  options,
  placeholder,
  nameOf = (v) => v,
  onValueChange,
  className,
  ...props
}: {
  /** the chosen value; none yet: the placeholder shows */
  value: string | null | undefined;
  options: readonly SelectOption[];
  placeholder?: string;
  /** how a chosen value not among the options is named (a reference list updated since); by default, as it is */
  nameOf?: (value: string) => string;
  onValueChange: (value: string) => void;
  className?: string;
} & Pick<React.ComponentProps<'select'>, 'id' | 'disabled' | 'aria-invalid' | 'aria-describedby'>) {
  const chosen = value ? options.find((o) => o.value === value) : undefined;
  return (
    <div
      className={cn(
        'relative flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-start text-base shadow-xs has-[select:disabled]:opacity-50 has-[select:focus-visible]:ring-[3px] has-[select:focus-visible]:ring-ring/50',
        className,
      )}
    >
      <span aria-hidden className={cn('min-w-0 flex-1 wrap-anywhere', !value && 'text-muted-foreground')} lang={chosen?.lang}>
        {chosen?.label ?? (value ? nameOf(value) : placeholder)}
      </span>
      <ChevronDownIcon aria-hidden className="size-4 shrink-0 opacity-60" />
      <select
        value={value ?? ''}
        onChange={(e) => onValueChange(e.target.value)}
        // over the whole box, its border too (a 44 px target)
        className="absolute -inset-px h-[calc(100%+2px)] w-[calc(100%+2px)] cursor-pointer appearance-none opacity-0 outline-none disabled:cursor-not-allowed"
        {...props}
      >
        {!value && (
          <option value="" disabled>
            {placeholder ?? ''}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
        {/* A value no longer in the list still shows as chosen. */}
        {value && !chosen && <option value={value}>{nameOf(value)}</option>}
      </select>
    </div>
  );
}
