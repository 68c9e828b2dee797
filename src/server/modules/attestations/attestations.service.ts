import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AttestationCampaignDetail,
  AttestationCampaignList,
  attestationCampaignListQuerySchema,
  createAttestationCampaignInputSchema,
} from '../../../shared/schemas/attestations.ts';
import { AppError } from '../../app-error.ts';
import { attestationCampaigns } from '../../db/schema/attestations.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { insertAttestationCampaign } from './attestation-records.ts';
import { campaignDetail, campaignSummaries } from './attestation-views.ts';

/**
 * Attestation campaigns in the workspace (issue 37 item 3, docs/policies.md): start one, follow its
 * completion. Another organization's campaign is 404.
 */

const CAMPAIGN_NOT_FOUND = 'No such campaign.';

export async function createAttestationCampaign(
  tenant: Tenant,
  jobs: Jobs,
  context: { userId: string; siteOrigin: string },
  input: z.output<typeof createAttestationCampaignInputSchema>,
  now = new Date(),
): Promise<AttestationCampaignDetail> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'body.organizationId',
    soleAssignmentImplied: true,
  });
  const { organizationId: _named, ...fields } = input;
  return tenant.transaction(async (tx) => {
    const campaign = await insertAttestationCampaign(tx, jobs, organizationId, fields, { ...context, origin: tenant.origin, now });
    return campaignDetail(tx, campaign);
  });
}

export async function getAttestationCampaign(tenant: Tenant, id: string): Promise<AttestationCampaignDetail> {
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(attestationCampaigns)
      .where(and(eq(attestationCampaigns.id, id), tenant.where(attestationCampaigns.organizationId)));
    tenant.assert(row?.organizationId, CAMPAIGN_NOT_FOUND);
    if (!row) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
    return campaignDetail(tx, row);
  });
}

export async function listAttestationCampaigns(
  tenant: Tenant,
  query: z.output<typeof attestationCampaignListQuerySchema>,
): Promise<AttestationCampaignList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(attestationCampaigns)
      .where(eq(attestationCampaigns.organizationId, organizationId))
      .orderBy(desc(attestationCampaigns.createdAt));
    return { organizationId, campaigns: await campaignSummaries(tx, rows) };
  });
}
