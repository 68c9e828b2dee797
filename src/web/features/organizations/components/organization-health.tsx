import type { Organization } from '../../../../shared/schemas/organizations.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { OffboardDialog } from './offboard-dialog.tsx';

/** SLA health in words and colour: overdue first, then due soon, then waiting for the client. */
export function SlaBadges({ organization }: { organization: Organization }) {
  if (organization.openRequests === 0) return <Badge tone="neutral">No open work</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="info">{organization.openRequests} open</Badge>
      {organization.overdueRequests > 0 ? <Badge tone="red">{organization.overdueRequests} overdue</Badge> : null}
      {organization.dueSoonRequests > 0 ? <Badge tone="yellow">{organization.dueSoonRequests} due in 2 days</Badge> : null}
      {organization.waitingForClient > 0 ? <Badge tone="neutral">{organization.waitingForClient} waiting for the client</Badge> : null}
    </span>
  );
}

const planLabel = (organization: Organization) =>
  organization.plan ? `${organization.plan[0]?.toUpperCase()}${organization.plan.slice(1)}` : 'No subscription';

/** The selected organization at a glance: plan and subscription state, members, open work and SLA health. */
export function OrganizationHealth({ organization, canOffboard }: { organization: Organization; canOffboard: boolean }) {
  return (
    <section aria-labelledby={`health-${organization.id}`} className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`health-${organization.id}`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {organization.name}
          {organization.isSample ? <Badge tone="yellow">Sample</Badge> : null}
        </h3>
        {canOffboard ? <OffboardDialog organization={organization} /> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{planLabel(organization)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Subscription</dt>
          <dd className="font-medium">{organization.subscriptionStatus?.replace('_', ' ') ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Members</dt>
          <dd className="font-medium">{organization.memberCount}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Open requests</dt>
          <dd className="font-medium">{organization.openRequests}</dd>
        </div>
      </dl>
      <div>
        <p className="mb-1 text-sm text-muted-foreground">SLA health</p>
        <SlaBadges organization={organization} />
      </div>
    </section>
  );
}
