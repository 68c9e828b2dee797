import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../plan-labels.ts';
import { useReviewQueue } from '../api/reviews.ts';

/** Staff: the task requests clients submitted, oldest first, each opening its review. */
export function ReviewQueue() {
  const queue = useReviewQueue();
  if (queue.isPending) return <Spinner label="Loading the review queue" />;
  if (queue.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>The review queue could not be loaded</AlertTitle>
        <p className="mt-1">Check your connection and try again.</p>
      </Alert>
    );
  }
  if (queue.data.plans.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <Inbox className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h3 className="mt-3 font-semibold">Nothing awaits review</h3>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">Plans clients submit appear here, oldest first.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Plans awaiting review">
      {queue.data.plans.map((plan) => (
        <li key={plan.id}>
          <Link to={`/task-requests?review=${plan.id}`} className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="block truncate font-medium">{plan.title}</span>
              <span className="block text-sm text-muted-foreground">
                {plan.requester_email ?? 'A former user'} · {plan.step_count} {plan.step_count === 1 ? 'step' : 'steps'}
                {plan.submitted_at ? ` · submitted ${formatDate(plan.submitted_at)}` : ''}
              </span>
            </span>
            <span className="text-sm font-medium text-primary">Review</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
