import { Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWorkflowReadAccess, useWorkflows } from '../api/list-workflows.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

export function builderPath(id: string): string {
  return workspaceHref.workflowBuilder({ templateId: id });
}

/** The user's workflows (latest version of each), or how to get one. */
export function WorkflowList({ onAskAdvisor }: { onAskAdvisor: () => void }) {
  const readAccess = useWorkflowReadAccess();
  const workflows = useWorkflows();
  if (readAccess === 'denied') {
    return (
      <p className="rounded-lg border border-border bg-muted/40 p-4 text-sm" data-testid="workflows-not-in-role">
        Workflows are not part of your role, so none are shown here.
      </p>
    );
  }
  if (workflows.isPending) return <Spinner label="Loading your workflows" />;
  if (workflows.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Your workflows could not be loaded</AlertTitle>
        <p className="mt-1">Check your connection and try again.</p>
      </Alert>
    );
  }
  if (workflows.data.workflows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center" data-testid="workflows-empty">
        <Workflow className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h3 className="mt-3 font-semibold">No workflows yet</h3>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
          Ask the compliance advisor for a piece of work and choose Generate workflow on its suggestion: you get a five-step workflow to
          edit here.
        </p>
        <Button type="button" className="mt-4" onClick={onAskAdvisor}>
          Ask the advisor
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {workflows.data.workflows.map((workflow) => (
        <li key={workflow.lineage_id}>
          <Link
            to={builderPath(workflow.id)}
            className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{workflow.name}</span>
              {workflow.description ? <span className="block truncate text-sm text-muted-foreground">{workflow.description}</span> : null}
            </span>
            <Badge>Version {workflow.version}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}
