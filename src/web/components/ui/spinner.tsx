import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** An accessible loading indicator: the label is announced, the icon is decoration. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-3 p-8', className)}>
      <LoaderCircle className="size-6 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
