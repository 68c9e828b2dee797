import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TIMELINE_EVENT_LABELS, type TaskSummary } from '../../../../shared/schemas/task-requests.ts';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { NewTaskRequestLink } from './new-task-request-link.tsx';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useCanCreateTasks, useTaskReadAccess, useTaskSummary } from '../api/task-requests-api.ts';
import { formatDay, formatMoment, isPastDue } from '../task-labels.ts';
import { TaskStatusBadge } from './task-request-list.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Where the Overview remembers the user's last visit (docs/delivery.md): "what changed" starts there. */
export const LAST_VISIT_STORAGE_KEY = 'compliancecore.tasks.lastVisit';

function Figures({ counts }: { counts: TaskSummary['counts'] }) {
  const figures = [
    ['Active', counts.active, 'Queued or with an agent'],
    ['In review', counts.inReview, 'A consultant is checking the draft'],
    ['Completed', counts.completed, 'Delivered to you'],
    ['Overdue', counts.overdue, 'Past the due date'],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Task request figures">
      {figures.map(([label, value, hint]) => (
        <div key={label} className="rounded-lg border border-border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className={`mt-1 text-3xl font-bold ${label === 'Overdue' && value > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>{value}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function Queue({ queue, canCreate }: { queue: TaskSummary['queue']; canCreate: boolean }) {
  return (
    <section aria-labelledby="task-queue-heading" className="grid content-start gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="task-queue-heading" className="font-semibold">
          Your queue
        </h3>
        <Link to="/task-requests" className="text-sm font-medium text-primary hover:underline">
          All task requests
        </Link>
      </div>
      {queue.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          <p>Nothing open right now.</p>
          {canCreate ? <NewTaskRequestLink size="sm" className="mt-3" /> : null}
        </div>
      ) : (
        <ul className="grid gap-2" aria-label="Most urgent open requests">
          {queue.map((request) => (
            <li key={request.id}>
              <Link
                to={workspaceHref.taskRequest(request.id)}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-card p-3 text-sm hover:bg-accent"
              >
                <span className="font-medium">{request.title}</span>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <span className={isPastDue(request.dueAt, request.status) ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
                    Due {formatDay(request.dueAt)}
                  </span>
                  <TaskStatusBadge status={request.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Changes({ changes, since }: { changes: TaskSummary['changedSince']; since: string | null }) {
  return (
    <section aria-labelledby="task-changes-heading" className="grid content-start gap-3">
      <h3 id="task-changes-heading" className="font-semibold">
        {since ? 'What changed since your last visit' : 'Recent activity'}
      </h3>
      {since ? <p className="-mt-2 text-xs text-muted-foreground">Your last visit: {formatMoment(since)}</p> : null}
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{since ? 'Nothing has changed since then.' : 'Nothing has happened yet.'}</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label={since ? 'Changes since your last visit' : 'Recent activity'}>
          {changes.map((change) => (
            <li key={change.id} className="rounded-lg border border-border p-3">
              <Link to={workspaceHref.taskRequest(change.taskRequestId)} className="font-medium hover:underline">
                {change.title}
              </Link>
              <p className="text-xs text-muted-foreground">
                {TIMELINE_EVENT_LABELS[change.kind]} · <time dateTime={change.createdAt}>{formatMoment(change.createdAt)}</time>
              </p>
              {change.detail ? <p className="mt-0.5 line-clamp-2 break-words">{change.detail}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The Overview's task figures (tab=tasks): active, in review, completed and overdue from the real
 * requests, the most urgent open ones, and what changed since the last visit this browser remembers.
 */
export function TaskOverview() {
  const access = useTaskReadAccess();
  const canCreate = useCanCreateTasks();
  // Read once per visit: the query asks for what happened after the previous visit.
  const [since] = useState(() => readStorage(LAST_VISIT_STORAGE_KEY));
  const summary = useTaskSummary(since);
  const hasLoaded = Boolean(summary.data);

  useEffect(() => {
    if (hasLoaded) writeStorage(LAST_VISIT_STORAGE_KEY, new Date().toISOString());
  }, [hasLoaded]);

  if (access === 'denied') return <p className="text-sm text-muted-foreground">Task requests are not part of your role.</p>;
  if (access === 'loading' || summary.isPending) {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="task-overview-loading">
        <span className="sr-only" role="status">
          Loading your task figures
        </span>
        {[0, 1, 2, 3].map((cell) => (
          <div key={cell} className="h-28 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" aria-hidden />
        ))}
      </div>
    );
  }
  if (summary.isError) {
    return <LoadFailed title="Your task figures could not be loaded" onRetry={() => void summary.refetch()} />;
  }
  return (
    <div className="grid gap-6">
      <Figures counts={summary.data.counts} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Queue queue={summary.data.queue} canCreate={canCreate} />
        <Changes changes={summary.data.changedSince} since={since} />
      </div>
    </div>
  );
}
