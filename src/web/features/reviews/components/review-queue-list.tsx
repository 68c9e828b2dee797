import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { WORK_KIND_LABELS } from '../../../../shared/schemas/task-requests.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReviewQueue } from '../api/reviews.ts';
import { PRIORITY_LABELS, formatDate } from '../review-labels.ts';
import { RiskBadge } from './score-badges.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Drafts awaiting a reviewer, the request due soonest first; each opens its review screen. */
export function ReviewQueueList() {
  const queue = useReviewQueue();
  if (queue.isPending) return <Spinner label="Loading the review queue" />;
  if (queue.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>The review queue could not be loaded</AlertTitle>
        <p className="mt-1">Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (queue.data.outputs.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <Inbox className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h2 className="mt-3 font-semibold">Nothing awaits review</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
          Drafts the agents finish for your clients appear here, the one due soonest first.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Outputs awaiting review" className="divide-y divide-border rounded-lg border border-border bg-card">
      {queue.data.outputs.map((item) => (
        <li key={item.outputId}>
          <Link
            to={workspaceHref.outputReview(item.outputId)}
            className="flex items-center gap-3 p-4 hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium">
                {item.title}
                <span className="ml-2 text-xs font-normal text-muted-foreground">v{item.version}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {item.organizationName} · {WORK_KIND_LABELS[item.type]} by {item.agentName} · due {formatDate(item.request.dueAt)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Badge tone={item.request.priority === 'critical' || item.request.priority === 'high' ? 'yellow' : 'neutral'}>
                  {PRIORITY_LABELS[item.request.priority]} priority
                </Badge>
                <Badge>{item.confidence}% confidence</Badge>
                <RiskBadge riskScore={item.riskScore} />
              </div>
            </div>
            <span className="flex items-center text-sm font-medium text-primary">
              Review <ChevronRight className="size-4" aria-hidden />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
