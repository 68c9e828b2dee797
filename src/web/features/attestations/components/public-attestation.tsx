import { CheckCircle2, LinkIcon } from 'lucide-react';
import type { AttestationInvitation } from '../../../../shared/schemas/attestations.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAcknowledgePolicy, useAttestationInvitation } from '../api/attestations-api.ts';

type InvitedPolicy = AttestationInvitation['policies'][number];

function PolicyToSign({ token, policy }: { token: string; policy: InvitedPolicy }) {
  const acknowledge = useAcknowledgePolicy(token);
  const headingId = `policy-${policy.policyId}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {policy.title}
        </h2>
        <span className="text-sm text-muted-foreground">
          Version {policy.version}, in force since {policy.effectiveDate}
        </span>
      </div>
      <div className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-md border border-border bg-muted/40 p-4 text-sm" tabIndex={0}>
        {policy.body}
      </div>
      {policy.acknowledgedAt ? (
        <Badge tone="green">
          <CheckCircle2 aria-hidden /> Acknowledged {policy.acknowledgedAt.slice(0, 10)}
        </Badge>
      ) : (
        <Button
          type="button"
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate({ policyId: policy.policyId, version: policy.version })}
        >
          {acknowledge.isPending ? 'Recording…' : 'I have read and acknowledge this policy'}
        </Button>
      )}
      <FormError message={acknowledge.error ? acknowledge.error.message : null} />
    </article>
  );
}

/** The person's page (no account): the policies their link asks them to read, each acknowledged in one click. */
export function PublicAttestation({ token }: { token: string }) {
  const invitation = useAttestationInvitation(token);
  const refused = invitation.error instanceof ApiError && [400, 404, 410].includes(invitation.error.status) ? invitation.error : null;
  if (token === '' || refused) {
    return (
      <EmptyState icon={LinkIcon} title="This link does not work">
        {refused?.message ?? 'Open the personal link from your e-mail.'}
      </EmptyState>
    );
  }
  if (invitation.isPending) return <Spinner label="Loading your policies" />;
  if (invitation.isError) return <LoadFailed title="Your policies could not be loaded." onRetry={() => void invitation.refetch()} />;
  const { data } = invitation;
  const left = data.policies.filter((policy) => !policy.acknowledgedAt).length;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{data.campaignTitle}</h1>
        <p className="text-muted-foreground">
          Hello {data.name}: {data.organizationName} asks you to read and acknowledge{' '}
          {data.policies.length === 1 ? 'this policy' : 'these policies'} by {data.dueDate}.
        </p>
        <p role="status" className="text-sm font-medium">
          {left === 0 ? 'All done, thank you.' : `${left} of ${data.policies.length} left to acknowledge.`}
        </p>
      </header>
      {data.policies.map((policy) => (
        <PolicyToSign key={policy.policyId} token={token} policy={policy} />
      ))}
    </div>
  );
}
