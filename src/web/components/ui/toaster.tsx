import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { type ToastItem, dismissToast, useToasts } from './toast-store.ts';

const variantClasses = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-emerald-600/40 bg-card text-card-foreground',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

/**
 * One toast: announced by its live region, dismissed by its close button, by Escape while focus is
 * inside it, or after its duration (paused while the pointer or focus is on it). It takes no part in
 * the page's Escape otherwise: a toast shown over a dialog never swallows the Escape that closes
 * the dialog (Radix's Toast registered itself as the topmost dismissable layer and did).
 */
function ToastCard({ item }: { item: ToastItem }) {
  const [isPaused, setPaused] = useState(false);
  const remaining = useRef(item.durationMs ?? 0);
  useEffect(() => {
    if (isPaused || !item.durationMs || item.durationMs === Infinity) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [isPaused, item.id, item.durationMs]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    dismissToast(item.id);
  }

  return (
    <li
      data-state="open"
      data-testid="toast"
      onKeyDown={onKeyDown}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
        'data-[state=open]:animate-in',
        variantClasses[item.variant ?? 'default'],
      )}
    >
      <div role={item.variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true" className="grid gap-1">
        <div className="text-sm font-semibold">{item.title}</div>
        {item.description ? <div className="text-sm opacity-90">{item.description}</div> : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
        className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/**
 * The toast region (product.md §9): F8 moves focus to it, as in Radix's Toast it replaces. Bottom right,
 * standing above the cookie banner and the advisor's dock while they show (--toast-space-bottom, app.css),
 * so a toast never hides the banner's buttons or the advisor's message box.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'F8' && region.current?.firstElementChild) {
        event.preventDefault();
        region.current.querySelector('button')?.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <section
      aria-label="Notifications (F8)"
      aria-live="polite"
      className="pointer-events-none fixed right-0 bottom-(--toast-space-bottom) z-[100] w-full max-w-sm"
    >
      {/* Empty, it takes no room: the region moves with the banner and the dock, and an empty box that
          moves would count as a layout shift on a first visit's first paint. */}
      <ol ref={region} className="flex flex-col gap-2 p-4 outline-none empty:p-0">
        {toasts.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
