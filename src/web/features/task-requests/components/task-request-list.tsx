import { Bot, CalendarClock, Inbox, UserRound } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { TASK_STATUS_LABELS, TASK_STATUSES, type TaskRequestSummary, type TaskStatus } from '../../../../shared/schemas/task-requests.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewTaskRequestLink } from './new-task-request-link.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTaskRequests } from '../api/task-requests-api.ts';
import { PRIORITY_LABELS, PRIORITY_TONES, TASK_STATUS_TONES, formatDay, isPastDue } from '../task-labels.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** A request's status, as a badge whose text says it. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={TASK_STATUS_TONES[status]}>{TASK_STATUS_LABELS[status]}</Badge>;
}

function RequestRow({ request, showOrganization }: { request: TaskRequestSummary; showOrganization: boolean }) {
  const isOverdue = isPastDue(request.dueAt, request.status);
  return (
    <li>
      <Link
        to={workspaceHref.taskRequest(request.id)}
        className="grid gap-2 rounded-lg border border-border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <span className="font-medium">{request.title}</span>
          <span className="flex flex-wrap gap-1.5">
            <Badge tone={PRIORITY_TONES[request.priority]}>{PRIORITY_LABELS[request.priority]} priority</Badge>
            <TaskStatusBadge status={request.status} />
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className={cn('flex items-center gap-1', isOverdue && 'font-medium text-red-700 dark:text-red-400')}>
            <CalendarClock className="size-3.5" aria-hidden />
            <dt>{isOverdue ? 'Overdue, was due' : 'Due'}</dt>
            <dd>{formatDay(request.dueAt)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <Bot className="size-3.5" aria-hidden />
            <dt className="sr-only">Agent</dt>
            <dd>{request.agent.name}</dd>
          </div>
          <div className="flex items-center gap-1">
            <UserRound className="size-3.5" aria-hidden />
            <dt>Reviewer</dt>
            <dd>{request.assignee ?? 'not assigned yet'}</dd>
          </div>
          {showOrganization ? (
            <div className="flex items-center gap-1">
              <dt>Client</dt>
              <dd>{request.organization.name}</dd>
            </div>
          ) : null}
        </dl>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-3" data-testid="task-requests-loading">
      <span className="sr-only" role="status">
        Loading task requests
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-20 animate-pulse rounded-lg border border-border bg-muted motion-reduce:animate-none" aria-hidden />
      ))}
    </div>
  );
}

/** The requests of the user's organization (or those staff serve), newest first, with their live status. */
export function TaskRequestList({ canCreate, isStaff = false }: { canCreate: boolean; isStaff?: boolean }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const q = useDeferredValue(search.trim());
  const requests = useTaskRequests({ status: status || undefined, q: q || undefined });
  const isFiltered = Boolean(q || status);
  const rows = requests.data?.requests ?? [];
  const showOrganization = new Set(rows.map((row) => row.organization.id)).size > 1;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-search`} label="Search by title" value={search} onChange={setSearch} placeholder="e.g. vendor review" />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as TaskStatus | '')}>
            <option value="">All statuses</option>
            {TASK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {TASK_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {requests.isPending ? (
        <ListSkeleton />
      ) : requests.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>{isStaff ? 'The task requests could not be loaded' : 'Your task requests could not be loaded'}</AlertTitle>
          <p className="mt-1">Check your connection and try again.</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void requests.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-8 text-center" data-testid="task-requests-empty">
          <Inbox className="mx-auto size-8 text-muted-foreground" aria-hidden />
          <p className="mt-3 font-semibold">{isFiltered ? 'No requests match' : 'No task requests yet'}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            {isFiltered
              ? 'Try another title or status.'
              : isStaff
                ? 'When an organization you serve asks for work, or a workflow opens it, the request appears here.'
                : 'Ask for a policy, a gap assessment, a risk register, a vendor review or questionnaire answers: an agent drafts it and our team checks it.'}
          </p>
          {!isFiltered && canCreate ? <NewTaskRequestLink className="mt-4" /> : null}
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Task requests">
          {rows.map((request) => (
            <RequestRow key={request.id} request={request} showOrganization={showOrganization} />
          ))}
        </ul>
      )}
    </div>
  );
}
