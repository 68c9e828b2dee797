import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { PROGRESS_DEFAULT_MAX } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';

/** Radix Progress (role progressbar with aria-valuenow); the default max is 100 (product.md §9). */
export function Progress({ className, value, max = PROGRESS_DEFAULT_MAX, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
