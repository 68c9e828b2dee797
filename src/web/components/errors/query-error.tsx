import { RefreshCw } from 'lucide-react';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';

/** The error state a panel shows when its query failed: what failed, in words, and a retry. */
export function QueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'Something went wrong.';
  return (
    <Alert variant="destructive" role="alert" className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <AlertTitle>Could not load {what}</AlertTitle>
        <p>{message}</p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try Again
      </Button>
    </Alert>
  );
}
