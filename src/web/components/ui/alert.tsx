import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A static message box; pass role="alert" when it appears in response to an action. */
const VARIANTS = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
} as const;

export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: keyof typeof VARIANTS }) {
  return <div className={cn('rounded-lg border p-4 text-sm', VARIANTS[variant], className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold', className)} {...props} />;
}
