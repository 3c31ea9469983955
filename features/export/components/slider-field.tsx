'use client';
import { Slider as SliderPrimitive } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/utils';

/** A labelled slider with its value shown (the export's image quality and size). 44 px touch height. */
export function SliderField({
  label,
  value,
  valueText,
  min,
  max,
  step,
  onChange,
  disabled,
  className,
}: {
  label: string;
  value: number;
  valueText: string;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-baseline justify-between gap-4">
        <span id={id} className="text-sm font-medium">
          {label}
        </span>
        <output className="text-sm tabular-nums text-muted-foreground" aria-hidden>
          {valueText}
        </output>
      </div>
      <SliderPrimitive.Root
        className="relative flex h-11 w-full touch-none items-center select-none data-[disabled]:opacity-50"
        value={[value]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={(v) => onChange(v[0] ?? value)}
      >
        <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-primary/15">
          <SliderPrimitive.Range className="absolute h-full bg-primary" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          aria-labelledby={id}
          aria-valuetext={valueText}
          // a 44 px target for a finger around the 24 px knob it shows
          className="flex size-11 items-center justify-center rounded-full outline-none before:block before:size-6 before:rounded-full before:border-2 before:border-primary before:bg-background before:shadow before:content-[''] focus-visible:before:ring-[3px] focus-visible:before:ring-ring/60"
        />
      </SliderPrimitive.Root>
    </div>
  );
}
