import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A table wider than its column — a phone, a draft with long references — scrolls sideways inside this
 * frame instead of widening the page. The frame is a named, focusable region so a keyboard user can
 * scroll it too (axe: scrollable-region-focusable) and a screen reader says what it holds.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('max-w-full overflow-x-auto', className)}>
      {children}
    </div>
  );
}
