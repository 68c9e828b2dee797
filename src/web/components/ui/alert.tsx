import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A static message box; pass role="alert" when it appears in response to an action. */
export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      className={cn(
        'rounded-lg border p-4 text-sm',
        variant === 'destructive'
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
          : 'border-border bg-card text-card-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold', className)} {...props} />;
}
