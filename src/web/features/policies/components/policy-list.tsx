import { FileText } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { usePolicies } from '../api/policies-api.ts';

/** The policy center's register: each published policy with its version, owner, dates and controls. */
export function PolicyList({ organizationId }: { organizationId: string | undefined }) {
  const list = usePolicies(organizationId);
  if (list.isPending) return <Spinner label="Loading policies" />;
  if (list.isError) return <LoadFailed title="The policies could not be loaded." onRetry={() => void list.refetch()} />;
  const { policies } = list.data;
  if (policies.length === 0) {
    return (
      <EmptyState icon={FileText} title="No published policies yet">
        Once a policy deliverable is approved in review, publish it here as a controlled document with its owner, effective date and review
        date.
      </EmptyState>
    );
  }
  return (
    <TableScroll label="Published policies">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Policy
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Version
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Owner
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Effective
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Review
            </th>
            <th scope="col" className="py-2 font-medium">
              Controls
            </th>
          </tr>
        </thead>
        <tbody>
          {policies.map((policy) => (
            <tr key={policy.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-3">
                <span className="font-mono text-xs text-muted-foreground">{policy.ref}</span> {policy.title}
              </td>
              <td className="py-2 pr-3 tabular-nums">v{policy.currentVersion}</td>
              <td className="py-2 pr-3">{policy.ownerName}</td>
              <td className="py-2 pr-3 tabular-nums">{policy.effectiveDate}</td>
              <td className="py-2 pr-3 tabular-nums">
                {policy.reviewDate} {policy.isReviewDue ? <Badge tone="yellow">Review due</Badge> : null}
              </td>
              <td className="py-2 text-xs">{policy.controlIds.join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
