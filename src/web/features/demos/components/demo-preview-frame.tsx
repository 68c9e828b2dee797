import type { DemoCategory } from '../demo-categories.ts';
import { DemoScreen } from './demo-screen.tsx';

/**
 * The "screenshot" of a category: its real screen drawn at desktop width and scaled down,
 * inert (not focusable, not announced), so it stays sharp and always matches the demo.
 */
export function DemoPreviewFrame({ category }: { category: DemoCategory }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card shadow-xl shadow-primary/5" aria-hidden>
      <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-3 py-2">
        <span className="flex gap-1" aria-hidden>
          <span className="size-2 rounded-full bg-red-400" />
          <span className="size-2 rounded-full bg-amber-400" />
          <span className="size-2 rounded-full bg-emerald-400" />
        </span>
        <span className="text-[11px] text-muted-foreground">app.compliancecore · {category.label}</span>
      </div>
      <div className="relative h-72 overflow-hidden bg-background sm:h-80" inert>
        <div className="pointer-events-none absolute left-0 top-0 w-[160%] origin-top-left scale-[0.625] p-6 select-none">
          <DemoScreen category={category.id} />
        </div>
      </div>
    </div>
  );
}
