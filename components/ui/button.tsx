import * as React from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const DISABLED_FILLED = [
  'disabled:border disabled:border-dashed disabled:border-muted-foreground/60 disabled:bg-muted disabled:text-muted-foreground disabled:shadow-none',
  'aria-disabled:border aria-disabled:border-dashed aria-disabled:border-muted-foreground/60 aria-disabled:bg-muted aria-disabled:text-muted-foreground aria-disabled:shadow-none aria-disabled:hover:bg-muted',
].join(' ');

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:cursor-not-allowed aria-disabled:cursor-not-allowed [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4',
  {
    variants: {
      variant: {
        // Disabled filled buttons lose their colour (a grey, dashed-edged button), not only some
        // opacity: a pale blue read as enabled in sunlight. `aria-disabled` (a button that still
        // explains itself when tapped) looks the same.
        default: `bg-primary text-primary-foreground hover:bg-primary/90 ${DISABLED_FILLED}`,
        destructive: `bg-destructive text-destructive-foreground hover:bg-destructive/90 ${DISABLED_FILLED}`,
        outline: 'border bg-card hover:bg-accent hover:text-accent-foreground disabled:opacity-50 aria-disabled:opacity-50',
        secondary: `bg-secondary text-secondary-foreground hover:bg-secondary/80 ${DISABLED_FILLED}`,
        ghost: 'hover:bg-accent hover:text-accent-foreground disabled:opacity-50 aria-disabled:opacity-50',
        link: 'text-primary underline-offset-4 hover:underline disabled:opacity-50 aria-disabled:opacity-50',
      },
      size: {
        // 44 px minimum touch targets on a tablet
        default: 'min-h-11 px-4 py-2',
        sm: 'min-h-11 rounded-md px-3',
        lg: 'min-h-12 rounded-md px-6 text-base',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
