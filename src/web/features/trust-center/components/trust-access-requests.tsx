import { Inbox } from 'lucide-react';
import type { TrustAccessRequest } from '../../../../shared/schemas/trust-center.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useDecideTrustAccess, useTrustAccessRequests } from '../api/trust-center-settings.ts';

function statusOf(request: TrustAccessRequest) {
  if (request.status === 'pending') return <Badge tone="yellow">Waiting</Badge>;
  if (request.status === 'denied') return <Badge tone="red">Denied</Badge>;
  const expired = request.expiresAt !== null && new Date(request.expiresAt).getTime() < Date.now();
  return (
    <Badge tone={expired ? 'neutral' : 'green'}>{expired ? 'Expired' : request.autoApproved ? 'Approved (domain)' : 'Approved'}</Badge>
  );
}

/** Prospects' requests: approve (the link is e-mailed) or deny the ones waiting. */
export function TrustAccessRequests({ organizationId }: { organizationId: string | undefined }) {
  const requests = useTrustAccessRequests(organizationId);
  const decide = useDecideTrustAccess(organizationId);
  if (requests.isPending) return <Spinner label="Loading access requests" />;
  if (requests.isError) return <LoadFailed title="Access requests could not be loaded" onRetry={() => void requests.refetch()} />;
  if (requests.data.requests.length === 0)
    return (
      <EmptyState icon={Inbox} title="No access requests yet">
        When a prospect asks for a restricted document, the request appears here.
      </EmptyState>
    );
  return (
    <div className="grid gap-3">
      <FormError
        message={decide.error ? (decide.error instanceof ApiError ? decide.error.message : 'The decision was not saved.') : null}
      />
      <ul className="divide-y divide-border">
        {requests.data.requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="text-sm">
              <p className="font-medium">
                {request.name} · {request.company}
              </p>
              <p className="text-muted-foreground">
                {request.email} asked for {request.documentTitle} on {formatUtcDayTime(new Date(request.requestedAt))}
                {request.expiresAt ? `; access until ${formatUtcDayTime(new Date(request.expiresAt))}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-2">
              {statusOf(request)}
              {request.status === 'pending' ? (
                <>
                  <Button
                    type="button"
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'approved' })}
                    aria-label={`Approve ${request.name}’s request`}
                  >
                    Approve
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'denied' })}
                    aria-label={`Deny ${request.name}’s request`}
                  >
                    Deny
                  </Button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
