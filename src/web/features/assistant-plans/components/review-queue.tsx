import { Inbox } from 'lucide-react';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, stepCount } from '../plan-labels.ts';
import { useReviewQueue } from '../api/reviews.ts';
import { PlanLinks } from './plan-links.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

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
    <PlanLinks
      label="Plans awaiting review"
      links={queue.data.plans.map((plan) => ({
        id: plan.id,
        to: workspaceHref.planReview(plan.id),
        title: plan.title,
        detail: `${plan.requester_email ?? 'A former user'} · ${stepCount(plan.step_count)}${plan.submitted_at ? ` · submitted ${formatDate(plan.submitted_at)}` : ''}`,
        aside: <span className="text-sm font-medium text-primary">Review</span>,
      }))}
    />
  );
}
