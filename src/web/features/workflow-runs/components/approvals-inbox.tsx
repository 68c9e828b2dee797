import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import type { WorkflowApproval } from '../../../../shared/schemas/workflow-runs.ts';
import { useDecideApproval, usePendingApprovals } from '../api/workflow-runs-api.ts';
import { when } from '../workflow-words.ts';

function ApprovalItem({ approval }: { approval: WorkflowApproval }) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const decide = useDecideApproval();
  const send = (decision: 'approved' | 'rejected') =>
    decide.mutate(
      { approvalId: approval.id, decision, note },
      {
        onSuccess: () =>
          toast({
            title: decision === 'approved' ? 'Approved' : 'Rejected',
            description: `${approval.workflow_name} goes on.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'The decision was not saved', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <li className="space-y-2 p-4" data-testid="workflow-approval">
      <div>
        <p className="font-medium">{approval.title}</p>
        <p className="text-sm text-muted-foreground">
          {approval.workflow_name} · waiting since {when(approval.created_at)}
        </p>
        {approval.instructions ? <p className="mt-1 text-sm">{approval.instructions}</p> : null}
      </div>
      <label htmlFor={noteId} className="block text-sm font-medium">
        Note (optional)
      </label>
      <Textarea id={noteId} rows={2} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={decide.isPending} onClick={() => send('approved')}>
          Approve
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => send('rejected')}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** The approval inbox: each waiting run's approval step; the decision picks the run's branch. */
export function ApprovalsInbox({ organizationId }: { organizationId: string | null | undefined }) {
  const approvals = usePendingApprovals(organizationId);
  const items = approvals.data?.approvals ?? [];
  return (
    <section aria-labelledby="workflow-approvals-heading" className="space-y-2">
      <h3 id="workflow-approvals-heading" className="text-lg font-semibold">
        Approvals waiting{approvals.data ? ` (${items.length})` : null}
      </h3>
      {/* Until the list arrives it says so: "(0)" and "Nothing waits" would tell the approver there is nothing to do. */}
      {approvals.isPending ? <Spinner label="Loading the approvals" /> : null}
      {approvals.isError ? <QueryError error={approvals.error} what="the approvals" onRetry={() => void approvals.refetch()} /> : null}
      {!approvals.data ? null : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing waits for an approval.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {items.map((approval) => (
            <ApprovalItem key={approval.id} approval={approval} />
          ))}
        </ul>
      )}
    </section>
  );
}
