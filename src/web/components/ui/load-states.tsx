import type { ComponentType, ReactNode } from 'react';
import { Alert, AlertTitle } from './alert.tsx';
import { Button } from './button.tsx';

/** A list that could not be loaded: says what, and offers to try again (focusable, announced). */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert role="alert" variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <Button type="button" variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** An empty list: an icon, what is (not) there, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  /** The next step, in a sentence or two. */
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center">
      <Icon className="mx-auto size-8 text-muted-foreground" aria-hidden />
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
