import { ArrowLeft, FileText, PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import { TIMELINE_EVENT_LABELS, type TaskRequestDetail } from '../../../../shared/schemas/task-requests.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isSettled, useCancelTaskRequest, useCanCreateTasks, useRetryTaskRequest, useTaskRequest } from '../api/task-requests-api.ts';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { useAccessDecision } from '../../auth/access.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { DELIVERABLE_STATUS_LABELS, formatDay, formatMoment, isPastDue } from '../task-labels.ts';
import { ClassificationSummary } from './classification-summary.tsx';
import { RequestRevision } from './request-revision.tsx';
import { TaskComments } from './task-comments.tsx';
import { TaskStatusBadge } from './task-request-list.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Staff who review outputs put a failed request back in the agent's queue. */
function RetryRequest({ id }: { id: string }) {
  const isReviewer = useAccessDecision(ENDPOINT_ACCESS.readReviews).state === 'allowed';
  const retry = useRetryTaskRequest(id);
  if (!isReviewer) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Button type="button" size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate()}>
        {retry.isPending ? 'Queuing…' : 'Queue for the agent again'}
      </Button>
      {retry.isError ? (
        <span role="alert" className="text-sm">
          {retry.error instanceof ApiError ? retry.error.message : 'Could not queue it again. Try again.'}
        </span>
      ) : null}
    </div>
  );
}

function Timeline({ events }: { events: TaskRequestDetail['events'] }) {
  return (
    <section aria-labelledby="timeline-heading" className="grid gap-3">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="grid gap-3 border-l border-border pl-4">
        {events.map((event) => (
          <li key={event.id} className="relative text-sm">
            <span className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-primary" aria-hidden />
            <p className="font-medium">
              <span>{TIMELINE_EVENT_LABELS[event.kind]}</span>
              {event.actor ? <span className="font-normal text-muted-foreground"> · {event.actor}</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={event.createdAt}>{formatMoment(event.createdAt)}</time>
            </p>
            {event.detail ? <p className="mt-0.5 break-words">{event.detail}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CancelRequest({ request }: { request: TaskRequestDetail }) {
  const cancel = useCancelTaskRequest(request.id);
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline">
          Cancel request
        </Button>
      }
      title="Cancel this request?"
      description={`“${request.title}” stops here: the agent will not draft it and nothing will be delivered. This cannot be undone.`}
      confirmLabel="Cancel request"
      onConfirm={async () => {
        try {
          await cancel.mutateAsync();
          return null;
        } catch (error) {
          return error instanceof ApiError ? error.message : 'The request could not be cancelled. Try again.';
        }
      }}
    />
  );
}

function Header({ request }: { request: TaskRequestDetail }) {
  const isOverdue = isPastDue(request.dueAt, request.status);
  return (
    <header className="grid gap-3">
      <Link to="/task-requests" className="flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All task requests
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{request.title}</h1>
        {request.canCancel ? <CancelRequest request={request} /> : null}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Status</dt>
          <dd aria-live="polite">
            <TaskStatusBadge status={request.status} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">{isOverdue ? 'Overdue, was due' : 'Due'}</dt>
          <dd className={isOverdue ? 'font-medium text-red-700 dark:text-red-400' : undefined}>{formatDay(request.dueAt)}</dd>
        </div>
        {request.deadline ? (
          <div className="flex items-center gap-2">
            <dt className="text-muted-foreground">Your deadline</dt>
            <dd>{formatDay(request.deadline)}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Reviewer</dt>
          <dd>{request.assignee ?? 'not assigned yet'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Client</dt>
          <dd>{request.organization.name}</dd>
        </div>
      </dl>
    </header>
  );
}

function Deliverable({ request }: { request: TaskRequestDetail }) {
  const { deliverable } = request;
  if (!deliverable) return null;
  return (
    <section aria-labelledby="deliverable-heading" className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <h2 id="deliverable-heading" className="flex items-center gap-2 text-lg font-semibold">
        <PackageCheck className="size-5" aria-hidden /> Deliverable
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={deliverable.status === 'completed' ? 'green' : deliverable.status === 'overdue' ? 'red' : 'neutral'}>
          {DELIVERABLE_STATUS_LABELS[deliverable.status]}
        </Badge>
        {deliverable.currentVersion > 0 ? <span>Version {deliverable.currentVersion}</span> : <span>Not published yet</span>}
        {request.latestOutput ? (
          <span className="text-muted-foreground">· latest draft: version {request.latestOutput.version}</span>
        ) : null}
      </p>
      <Link to={workspaceHref.deliverables()} className="w-fit text-sm font-medium text-primary hover:underline">
        Open your deliverables
      </Link>
      {request.canRequestRevision ? <RequestRevision requestId={request.id} /> : null}
    </section>
  );
}

/** `?request=<id>`: one request, refreshed every few seconds until it is delivered or cancelled. */
export function TaskRequestPage({ requestId }: { requestId: string }) {
  const query = useTaskRequest(requestId);
  const canComment = useCanCreateTasks();
  if (query.isPending) return <Spinner label="Loading the request" />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert role="alert" variant="destructive" className="max-w-2xl">
        <AlertTitle>{isMissing ? 'No such task request' : 'The request could not be loaded'}</AlertTitle>
        <p className="mt-1">
          {isMissing ? 'It may belong to another organization, or the link is wrong.' : 'Check your connection and try again.'}
        </p>
        <Link to="/task-requests" className="mt-3 inline-block font-medium underline underline-offset-2">
          All task requests
        </Link>
      </Alert>
    );
  }
  const request = query.data;
  return (
    <div className="grid max-w-4xl gap-6">
      <Header request={request} />
      {request.status === 'failed' && request.failureMessage ? (
        <Alert variant="warning" role="status">
          <AlertTitle>This request needs our attention</AlertTitle>
          <p className="mt-1">{request.failureMessage}</p>
          <RetryRequest id={request.id} />
        </Alert>
      ) : null}
      <ClassificationSummary classification={{ ...request, reasons: request.classificationReasons }} headingLevel={2} />
      {request.description ? (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-lg font-semibold">
            What you asked for
          </h2>
          <p className="mt-1 whitespace-pre-line break-words text-sm">{request.description}</p>
          {request.frameworks.length > 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">Frameworks: {request.frameworks.join(', ')}</p>
          ) : null}
        </section>
      ) : null}
      <Deliverable request={request} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline events={request.events} />
        <section aria-labelledby="attachments-heading" className="grid content-start gap-2">
          <h2 id="attachments-heading" className="text-lg font-semibold">
            Attachments
          </h2>
          {request.attachments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No files attached.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {request.attachments.map((file) => (
                <li key={file.id} className="flex items-center gap-2">
                  <FileText className="size-4 text-muted-foreground" aria-hidden />
                  <span className="truncate">{file.fileName}</span>
                  <span className="text-xs text-muted-foreground">{formatBytes(file.sizeBytes)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <TaskComments requestId={request.id} isLive={!isSettled(request.status)} canComment={canComment} />
    </div>
  );
}
