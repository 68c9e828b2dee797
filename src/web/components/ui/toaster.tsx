import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { TIMINGS } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { dismissToast, useToasts } from './toast-store.ts';

const variantClasses = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-emerald-600/40 bg-card text-card-foreground',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

/** Radix Toast: announced to screen readers, swipe and Escape dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TIMINGS.toastDurationMs} swipeDirection="right">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.durationMs}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-in data-[state=closed]:animate-out',
            variantClasses[item.variant ?? 'default'],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
