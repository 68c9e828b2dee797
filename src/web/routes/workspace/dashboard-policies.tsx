import { useSearchParams } from 'react-router';
import { NewCampaignDialog } from '../../features/attestations/components/new-campaign-dialog.tsx';
import { CampaignList } from '../../features/attestations/components/campaign-list.tsx';
import { useCan } from '../../features/auth/access.ts';
import { useAuth } from '../../features/auth/auth.tsx';
import { usePeople } from '../../features/people/api/people-api.ts';
import { PeopleRoster } from '../../features/people/components/people-roster.tsx';
import { usePolicies } from '../../features/policies/api/policies-api.ts';
import { PolicyList } from '../../features/policies/components/policy-list.tsx';
import { PublishPolicyDialog } from '../../features/policies/components/publish-policy-dialog.tsx';
import { ImportDialog } from '../../features/registers/components/import-dialog.tsx';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

function Campaigns({ organizationId }: { organizationId: string | undefined }) {
  const [params] = useSearchParams();
  const canWrite = useCan({ permission: 'policies:write' });
  const policies = usePolicies(organizationId);
  const people = usePeople(organizationId);
  return (
    <section aria-labelledby="campaigns-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="campaigns-heading" className="text-lg font-semibold">
          Attestation campaigns
        </h3>
        {canWrite ? (
          <NewCampaignDialog
            organizationId={organizationId}
            policies={(policies.data?.policies ?? []).map((policy) => ({
              id: policy.id,
              label: `${policy.ref} ${policy.title} (v${policy.currentVersion})`,
            }))}
            departments={people.data?.departments ?? []}
            groups={(people.data?.groups ?? []).map((group) => ({ id: group.id, name: group.name, activeMembers: group.activeMembers }))}
          />
        ) : null}
      </div>
      <CampaignList organizationId={organizationId} initialCampaignId={params.get('campaign')} />
    </section>
  );
}

function PoliciesAndPeople({ organizationId }: { organizationId: string | undefined }) {
  const canReadPeople = useCan({ permission: 'people:read' });
  const canWritePeople = useCan({ permission: 'people:write' });
  const canPublish = useCan({ permission: 'policies:write' });
  const { access } = useAuth();
  return (
    <div className="space-y-8">
      <section aria-labelledby="policy-center-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="policy-center-heading" className="text-lg font-semibold">
            Policy center
          </h3>
          {canPublish && access ? <PublishPolicyDialog organizationId={organizationId} ownerId={access.userId} /> : null}
        </div>
        <PolicyList organizationId={organizationId} />
      </section>
      <Campaigns organizationId={organizationId} />
      {canReadPeople ? (
        <section aria-labelledby="people-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="people-heading" className="text-lg font-semibold">
              People
            </h3>
            {canWritePeople ? <ImportDialog register="people" organizationId={organizationId} /> : null}
          </div>
          <PeopleRoster organizationId={organizationId} />
        </section>
      ) : null}
    </div>
  );
}

/** tab=policies: the policy center, attestation campaigns and the roster; staff first choose the client organization (`org=`). */
export function PoliciesTab() {
  const canRead = useCan({ permission: 'policies:read' });
  const programme = useProgrammeOrganization();
  const { organizationId, picker } = programme;
  return (
    <section aria-labelledby="policies-heading" className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-1">
          <h2 id="policies-heading" className="text-xl font-semibold">
            Policies
          </h2>
          <p className="text-sm text-muted-foreground">Controlled policies, who acknowledged them, and the people who sign.</p>
        </div>
        {canRead ? <ProgrammeOrganizationPicker picker={picker} /> : null}
      </div>
      {!canRead ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          Your role does not include the policy center.
        </p>
      ) : (
        <ProgrammeOrganizationGate programme={programme}>
          {organizationId === null ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
              Choose a client organization to see its policies.
            </p>
          ) : (
            <PoliciesAndPeople key={organizationId ?? 'mine'} organizationId={organizationId} />
          )}
        </ProgrammeOrganizationGate>
      )}
    </section>
  );
}
