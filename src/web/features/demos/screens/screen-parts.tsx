import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Small building blocks the demo screens share. */

export function ScreenHeader({ title, subtitle, aside }: { title: string; subtitle?: string; aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h3 className="text-base font-semibold">{title}</h3>
        {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      {aside}
    </div>
  );
}

export function Panel({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('rounded-lg border border-border bg-card p-4', className)}>{children}</div>;
}

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Panel>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </Panel>
  );
}

export function Monogram({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      className={cn('grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-xs font-semibold text-primary', className)}
      aria-hidden
    >
      {initials}
    </span>
  );
}

export const BAND_TONE = { green: 'green', yellow: 'yellow', red: 'red' } as const;

export const BAND_BAR = {
  green: 'bg-emerald-600',
  yellow: 'bg-amber-500',
  red: 'bg-red-600',
} as const;

export const BAND_TEXT = {
  green: 'text-emerald-700 dark:text-emerald-400',
  yellow: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
} as const;
