import { AlertTriangle, Home, RefreshCw, RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';

/**
 * Error boundaries at the three levels of product.md §8: critical (the whole app), page (one route)
 * and component (one widget). Each logs what failed and offers a way forward.
 */

function logError(level: string, error: unknown, info?: ErrorInfo) {
  console.error(`[${level} error]`, error, info?.componentStack ?? '');
}

export function CriticalErrorFallback({ error }: { error: unknown }) {
  logError('critical', error);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div role="alert" className="max-w-md text-center">
        <AlertTriangle className="mx-auto size-12 text-red-700" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">Critical Error</h1>
        <p className="mt-2 text-muted-foreground">
          The application hit an error it cannot recover from. Reloading usually fixes it; your saved work is safe.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden /> Reload Page
          </Button>
          <Button variant="outline" asChild>
            <a href="/">
              <Home aria-hidden /> Go Home
            </a>
          </Button>
        </div>
      </div>
    </main>
  );
}

export function PageErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
      <AlertTriangle className="mx-auto size-10 text-amber-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">This page failed to load. Try again, or go back to the home page.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden /> Try Again
        </Button>
        <Button variant="outline" asChild>
          <a href="/">
            <Home aria-hidden /> Go Home
          </a>
        </Button>
      </div>
    </div>
  );
}

export function ComponentErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center justify-between gap-4 rounded-lg border border-border bg-muted/50 p-4">
      <p className="text-sm">This component failed to load</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden /> Retry
      </Button>
    </div>
  );
}

interface BoundaryProps {
  level: 'page' | 'component';
  children: ReactNode;
  /** Where the component fallback sits when the children place themselves (a floating widget). */
  fallbackClassName?: string;
}

interface BoundaryState {
  error: unknown;
  attempt: number;
}

/** A React error boundary for a page or a component; Retry re-mounts the children. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(this.props.level, error, info);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render(): ReactNode {
    if (this.state.error) {
      if (this.props.level === 'page') return <PageErrorFallback onRetry={this.retry} />;
      const fallback = <ComponentErrorFallback onRetry={this.retry} />;
      return this.props.fallbackClassName ? <div className={this.props.fallbackClassName}>{fallback}</div> : fallback;
    }
    return (
      <div key={this.state.attempt} className="contents">
        {this.props.children}
      </div>
    );
  }
}
