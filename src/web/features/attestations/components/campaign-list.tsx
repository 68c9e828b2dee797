import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { AttestationCampaignDetail } from '../../../../shared/schemas/attestations.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAttestationCampaign, useAttestationCampaigns } from '../api/attestations-api.ts';

function Completion({
  label,
  acknowledged,
  expected,
  percent,
}: {
  label: string;
  acknowledged: number;
  expected: number;
  percent: number;
}) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-3 text-sm">
        <span>{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {acknowledged} of {expected} ({percent}%)
        </span>
      </div>
      <Progress value={percent} aria-label={`${label}: ${percent}% acknowledged`} />
    </div>
  );
}

function CampaignDetail({ campaign }: { campaign: AttestationCampaignDetail }) {
  return (
    <div className="space-y-5 rounded-lg border border-border p-4">
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="Completion per policy" className="space-y-3">
          <h4 className="font-medium">Per policy</h4>
          {campaign.policies.map((policy) => (
            <div key={policy.policyId} className="space-y-1">
              <Completion label={`${policy.ref} ${policy.title} v${policy.version}`} {...policy} />
              {policy.evidenceId ? <Badge tone="green">Evidence recorded</Badge> : null}
            </div>
          ))}
        </section>
        <section aria-label="Completion per department" className="space-y-3">
          <h4 className="font-medium">Per department</h4>
          {campaign.byDepartment.map((row) => (
            <Completion key={row.department} label={row.department || 'No department'} {...row} />
          ))}
        </section>
      </div>
      <p className="text-sm text-muted-foreground">
        {campaign.people.completed} done, {campaign.people.pending} pending, {campaign.people.removed} taken off (leavers).
      </p>
    </div>
  );
}

function OpenCampaign({ campaignId }: { campaignId: string }) {
  const detail = useAttestationCampaign(campaignId);
  if (detail.isPending) return <Spinner label="Loading the campaign" />;
  if (detail.isError) return <LoadFailed title="The campaign could not be loaded." onRetry={() => void detail.refetch()} />;
  return <CampaignDetail campaign={detail.data} />;
}

/** Who a campaign asks: its groups, its departments, or everyone. */
function audienceLabel(campaign: { departments: string[]; groups: { name: string }[] }): string {
  if (campaign.groups.length > 0)
    return `${campaign.groups.length === 1 ? 'Group' : 'Groups'} ${campaign.groups.map((group) => group.name).join(', ')}`;
  return campaign.departments.length > 0 ? campaign.departments.join(', ') : 'Everyone';
}

/** The organization's campaigns with their completion; one opens to its policies and departments. */
export function CampaignList({
  organizationId,
  initialCampaignId,
}: {
  organizationId: string | undefined;
  initialCampaignId: string | null;
}) {
  const list = useAttestationCampaigns(organizationId);
  const [openId, setOpenId] = useState<string | null>(initialCampaignId);
  if (list.isPending) return <Spinner label="Loading campaigns" />;
  if (list.isError) return <LoadFailed title="The campaigns could not be loaded." onRetry={() => void list.refetch()} />;
  if (list.data.campaigns.length === 0) {
    return (
      <EmptyState icon={ClipboardCheck} title="No attestation campaigns yet">
        Start one to ask your people to read and acknowledge published policies; completed acknowledgements become evidence.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {list.data.campaigns.map((campaign) => {
        const isOpen = openId === campaign.id;
        return (
          <li key={campaign.id} className="space-y-3 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">{campaign.title}</p>
                <p className="text-sm text-muted-foreground">
                  Due {campaign.dueDate} · {audienceLabel(campaign)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={campaign.status === 'completed' ? 'green' : 'info'}>
                  {campaign.status === 'completed' ? 'Completed' : 'Open'}
                </Badge>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={isOpen}
                  onClick={() => setOpenId(isOpen ? null : campaign.id)}
                >
                  {isOpen ? 'Hide details' : 'Details'}
                </Button>
              </div>
            </div>
            <Completion label="Acknowledged" {...campaign.completion} />
            {isOpen ? <OpenCampaign campaignId={campaign.id} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
