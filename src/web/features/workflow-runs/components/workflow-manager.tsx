import { useState } from 'react';
import { Link } from 'react-router';
import type { OrganizationWorkflow } from '../../../../shared/schemas/workflows.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  useOrganizationWorkflows,
  usePublishWorkflow,
  useSetWorkflowStatus,
  useStartRun,
  useWorkflowRunList,
} from '../api/workflow-runs-api.ts';
import { RUN_STATUS_TONE, RUN_STATUS_WORDS, organizationBuilderPath, triggerWords, when } from '../workflow-words.ts';
import { ApprovalsInbox } from './approvals-inbox.tsx';
import { RunTimeline } from './run-timeline.tsx';
import { TemplateLibrary } from './template-library.tsx';

const STATUS_TONE = { draft: 'neutral', active: 'green', paused: 'yellow' } as const;

/** Publish problems, each under the step it is on. */
function Problems({ workflow, issues }: { workflow: OrganizationWorkflow; issues: { path: string; message: string }[] }) {
  const label = (path: string) => workflow.nodes.find((node) => `nodes.${node.id}` === path)?.data.label ?? 'Workflow';
  return (
    <Alert role="alert" variant="destructive" className="mt-2">
      <AlertTitle>Not ready to publish</AlertTitle>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {issues.map((issue, index) => (
          <li key={index}>
            <strong>{label(issue.path)}</strong>: {issue.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function WorkflowRow({ workflow, onRun }: { workflow: OrganizationWorkflow; onRun: (runId: string) => void }) {
  const publish = usePublishWorkflow();
  const status = useSetWorkflowStatus();
  const start = useStartRun();
  const issues =
    publish.error instanceof ApiError ? publish.error.issues.map((issue) => ({ path: issue.path, message: issue.message })) : [];
  return (
    <li className="space-y-2 p-4" data-testid="workflow-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">{workflow.name}</p>
          <p className="wrap-anywhere text-sm text-muted-foreground">{triggerWords(workflow.trigger)}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-muted-foreground">Next run</dt>
            <dd>{when(workflow.next_run_at)}</dd>
            <dt className="text-muted-foreground">Last run</dt>
            <dd>
              {workflow.last_run ? (
                <button type="button" className="underline" onClick={() => onRun(workflow.last_run!.id)}>
                  {RUN_STATUS_WORDS[workflow.last_run.status]} · {when(workflow.last_run.created_at)}
                </button>
              ) : (
                'Never run'
              )}
            </dd>
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[workflow.status]} data-testid="workflow-status">
            {workflow.status === 'draft' ? 'Draft' : workflow.status === 'active' ? 'Active' : 'Paused'}
          </Badge>
          {workflow.published_version ? <Badge>Version {workflow.published_version}</Badge> : null}
          <Button asChild size="sm" variant="outline">
            <Link to={organizationBuilderPath(workflow.id)} aria-label={`Edit ${workflow.name}`}>
              Edit
            </Link>
          </Button>
          {workflow.has_unpublished_changes ? (
            <Button type="button" size="sm" disabled={publish.isPending} onClick={() => publish.mutate(workflow.id)}>
              Publish
            </Button>
          ) : null}
          {workflow.status === 'active' ? (
            <>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={start.isPending}
                onClick={() =>
                  start.mutate(workflow.id, {
                    onSuccess: (run) => onRun(run.id),
                    onError: (error) => toast({ title: 'The run did not start', description: error.message, variant: 'destructive' }),
                  })
                }
              >
                Run now
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => status.mutate({ workflowId: workflow.id, status: 'paused' })}
              >
                Pause
              </Button>
            </>
          ) : null}
          {workflow.status === 'paused' ? (
            <Button type="button" size="sm" variant="outline" onClick={() => status.mutate({ workflowId: workflow.id, status: 'active' })}>
              Resume
            </Button>
          ) : null}
        </div>
      </div>
      {issues.length > 0 ? <Problems workflow={workflow} issues={issues} /> : null}
    </li>
  );
}

/** The Unified Workflow Manager (dashboard tab=workflows): workflows, runs, approvals and the template library. */
export function WorkflowManager({ organizationId }: { organizationId: string | null | undefined }) {
  const workflows = useOrganizationWorkflows(organizationId);
  const runs = useWorkflowRunList(organizationId);
  const [selected, setSelected] = useState<string | null>(null);
  if (organizationId === null) return <p className="text-sm text-muted-foreground">Choose a client organization to see its workflows.</p>;
  return (
    <div className="space-y-8">
      <ApprovalsInbox organizationId={organizationId} />
      <section aria-labelledby="org-workflows-heading" className="space-y-2">
        <h3 id="org-workflows-heading" className="text-lg font-semibold">
          Your organization’s workflows
        </h3>
        {workflows.isPending ? <Spinner label="Loading the workflows" /> : null}
        {workflows.isError ? <p role="alert">{workflows.error.message}</p> : null}
        {workflows.data?.workflows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="org-workflows-empty">
            No workflows yet: use a template below.
          </p>
        ) : null}
        {workflows.data && workflows.data.workflows.length > 0 ? (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {workflows.data.workflows.map((workflow) => (
              <WorkflowRow key={workflow.id} workflow={workflow} onRun={setSelected} />
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="workflow-runs-heading" className="space-y-2">
        <h3 id="workflow-runs-heading" className="text-lg font-semibold">
          Runs
        </h3>
        {selected ? <RunTimeline runId={selected} /> : null}
        {runs.isPending ? <Spinner label="Loading the runs" /> : null}
        {runs.isError ? <QueryError error={runs.error} what="the runs" onRetry={() => void runs.refetch()} /> : null}
        {!runs.data ? null : runs.data.runs.length ? (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {runs.data.runs.map((run) => (
              <li key={run.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 p-3 text-left hover:bg-muted"
                  onClick={() => setSelected(run.id)}
                  aria-pressed={selected === run.id}
                >
                  <span>
                    {run.workflow_name} <span className="text-sm text-muted-foreground">· {when(run.created_at)}</span>
                  </span>
                  <Badge tone={RUN_STATUS_TONE[run.status]}>{RUN_STATUS_WORDS[run.status]}</Badge>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No runs yet.</p>
        )}
      </section>
      <TemplateLibrary organizationId={organizationId} />
    </div>
  );
}
