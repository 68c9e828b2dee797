import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useRunAction, useWorkflowRun } from '../api/workflow-runs-api.ts';
import { RUN_STATUS_TONE, RUN_STATUS_WORDS, when } from '../workflow-words.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Ids are not words: a created task request is shown as a link with its title instead (below the steps). */
function isHiddenOutcome(key: string, outcome: Record<string, unknown>): boolean {
  if (key === 'approvalId' || key.endsWith('By')) return true;
  return 'taskRequestId' in outcome && (key === 'taskRequestId' || key === 'title');
}

function outcomeWords(outcome: Record<string, unknown> | null): string {
  if (!outcome) return '';
  return Object.entries(outcome)
    .filter(([key, value]) => value !== null && typeof value !== 'object' && !isHiddenOutcome(key, outcome))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** The title the create-task step recorded for the request it opened. */
function createdTitle(steps: readonly { outcome: Record<string, unknown> | null }[], taskRequestId: string): string | null {
  const outcome = steps.find((step) => step.outcome?.taskRequestId === taskRequestId)?.outcome;
  return typeof outcome?.title === 'string' ? outcome.title : null;
}

/** One run: its status, the per-node timeline (input, outcome, time, error), cancel or retry. */
export function RunTimeline({ runId }: { runId: string }) {
  const run = useWorkflowRun(runId);
  const action = useRunAction();
  if (run.isPending) return <Spinner label="Loading the run" />;
  if (run.isError) return <p role="alert">This run could not be loaded.</p>;
  const detail = run.data;
  const act = (kind: 'cancel' | 'retry') =>
    action.mutate(
      { runId, action: kind },
      {
        onError: (error) =>
          toast({ title: kind === 'cancel' ? 'Not cancelled' : 'Not retried', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <section aria-labelledby={`run-${runId}`} className="space-y-3 rounded-lg border border-border p-4" data-testid="workflow-run">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`run-${runId}`} className="font-semibold">
          {detail.workflow_name} · version {detail.version}
        </h4>
        <Badge tone={RUN_STATUS_TONE[detail.status]} data-testid="run-status">
          {RUN_STATUS_WORDS[detail.status]}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Started {when(detail.created_at)} ({detail.trigger_kind}){detail.finished_at ? ` · ended ${when(detail.finished_at)}` : ''}
        {detail.waiting_until ? ` · waits until ${when(detail.waiting_until)}` : ''}
      </p>
      {detail.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {detail.error}
        </p>
      ) : null}
      <ol className="space-y-2 border-l-2 border-border pl-4">
        {detail.steps.map((step) => (
          <li key={step.id} className="text-sm">
            <span className="font-medium">{step.label}</span>{' '}
            <Badge tone={step.status === 'failed' ? 'red' : step.status === 'waiting' ? 'yellow' : 'green'}>{step.status}</Badge>
            <span className="block break-words text-muted-foreground">
              {when(step.started_at)}
              {outcomeWords(step.outcome) ? ` · ${outcomeWords(step.outcome)}` : ''}
            </span>
            {step.error ? <span className="block text-red-700 dark:text-red-300">{step.error}</span> : null}
          </li>
        ))}
      </ol>
      {typeof detail.data.taskRequestId === 'string' ? (
        <Link
          className="text-sm text-primary underline"
          to={workspaceHref.taskRequest(detail.data.taskRequestId)}
          data-testid="run-task-request"
        >
          Task request created: {createdTitle(detail.steps, detail.data.taskRequestId) ?? 'open it'}
        </Link>
      ) : null}
      <div className="flex gap-2">
        {detail.status === 'failed' ? (
          <Button type="button" size="sm" onClick={() => act('retry')} disabled={action.isPending}>
            Retry
          </Button>
        ) : null}
        {detail.status === 'waiting' || detail.status === 'running' ? (
          <Button type="button" size="sm" variant="outline" onClick={() => act('cancel')} disabled={action.isPending}>
            Cancel run
          </Button>
        ) : null}
      </div>
    </section>
  );
}
