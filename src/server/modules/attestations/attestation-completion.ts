import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import type { DbTransaction } from '../../db/client.ts';
import {
  attestationAcknowledgements,
  attestationCampaignPolicies,
  attestationCampaigns,
  attestationRecipients,
} from '../../db/schema/attestations.ts';
import { policies, policyControls } from '../../db/schema/policies.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { recordGeneratedEvidence } from '../evidence/evidence-create.ts';

/**
 * When a campaign's policy is complete (every person still in the campaign acknowledged it), its
 * acknowledgements become evidence on the policy's controls: one link item listing who signed which
 * version when. When every policy is complete, the campaign is. Runs in the transaction of the change
 * that may complete it (an acknowledgement, a leaver taken off), holding the campaign's policy rows, so
 * two last acknowledgements at once produce the evidence once.
 */

export type CampaignRow = typeof attestationCampaigns.$inferSelect;
const stamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function signatures(tx: DbTransaction, campaignId: string, policyId: string) {
  return tx
    .select({
      name: attestationAcknowledgements.name,
      email: attestationAcknowledgements.email,
      version: attestationAcknowledgements.policyVersion,
      at: attestationAcknowledgements.acknowledgedAt,
    })
    .from(attestationAcknowledgements)
    .innerJoin(attestationRecipients, eq(attestationRecipients.id, attestationAcknowledgements.recipientId))
    .where(
      and(
        eq(attestationAcknowledgements.campaignId, campaignId),
        eq(attestationAcknowledgements.policyId, policyId),
        ne(attestationRecipients.status, 'removed'),
      ),
    )
    .orderBy(asc(attestationAcknowledgements.acknowledgedAt), asc(attestationAcknowledgements.email));
}

async function produceEvidence(
  tx: DbTransaction,
  campaign: CampaignRow,
  policyId: string,
  version: number,
  origin: AuditOrigin,
  now: Date,
): Promise<string | null> {
  const controlIds = (
    await tx.select({ id: policyControls.controlId }).from(policyControls).where(eq(policyControls.policyId, policyId))
  ).map((row) => row.id);
  if (controlIds.length === 0) return null;
  const [policy] = await tx.select({ ref: policies.ref, title: policies.title }).from(policies).where(eq(policies.id, policyId));
  const signed = await signatures(tx, campaign.id, policyId);
  const lines = signed.map((row) => `${row.name} <${row.email}> acknowledged version ${row.version} on ${stamp(row.at)}`);
  const url = new URL(workspaceHref.policies({ organizationId: campaign.organizationId, campaign: campaign.id }), campaign.siteOrigin);
  const item = await recordGeneratedEvidence(
    tx,
    campaign.organizationId,
    {
      title: `Policy acknowledgements: ${policy?.ref ?? ''} ${policy?.title ?? ''} v${version} (${campaign.title})`,
      description: [
        `${signed.length} people acknowledged ${policy?.ref ?? 'the policy'} version ${version} in the campaign “${campaign.title}”.`,
        '',
        ...lines,
      ].join('\n'),
      url: url.toString(),
      controlIds,
      periodStart: campaign.createdAt.toISOString().slice(0, 10),
      periodEnd: now.toISOString().slice(0, 10),
      uploadedBy: campaign.createdBy,
      action: 'evidence.create_from_attestations',
    },
    origin,
    now,
  );
  return item.id;
}

/** Completes what is complete: each finished policy (with its evidence), then the campaign. */
export async function settleCampaign(tx: DbTransaction, campaign: CampaignRow, origin: AuditOrigin, now: Date): Promise<void> {
  if (campaign.status !== 'open') return;
  const open = await tx
    .select()
    .from(attestationCampaignPolicies)
    .where(and(eq(attestationCampaignPolicies.campaignId, campaign.id), isNull(attestationCampaignPolicies.completedAt)))
    .for('update');
  const [inCampaign] = await tx
    .select({ n: count() })
    .from(attestationRecipients)
    .where(and(eq(attestationRecipients.campaignId, campaign.id), ne(attestationRecipients.status, 'removed')));
  const expected = inCampaign?.n ?? 0;
  let stillOpen = open.length;
  if (expected > 0 && open.length > 0) {
    const acknowledged = await tx
      .select({ policyId: attestationAcknowledgements.policyId, n: count() })
      .from(attestationAcknowledgements)
      .innerJoin(attestationRecipients, eq(attestationRecipients.id, attestationAcknowledgements.recipientId))
      .where(
        and(
          eq(attestationAcknowledgements.campaignId, campaign.id),
          inArray(
            attestationAcknowledgements.policyId,
            open.map((row) => row.policyId),
          ),
          ne(attestationRecipients.status, 'removed'),
        ),
      )
      .groupBy(attestationAcknowledgements.policyId);
    const byPolicy = new Map(acknowledged.map((row) => [row.policyId, row.n]));
    for (const row of open) {
      if ((byPolicy.get(row.policyId) ?? 0) < expected) continue;
      const evidenceId = await produceEvidence(tx, campaign, row.policyId, row.policyVersion, origin, now);
      await tx
        .update(attestationCampaignPolicies)
        .set({ completedAt: now, evidenceId })
        .where(and(eq(attestationCampaignPolicies.campaignId, campaign.id), eq(attestationCampaignPolicies.policyId, row.policyId)));
      stillOpen -= 1;
    }
  }
  if (stillOpen > 0 || expected === 0) return;
  await tx
    .update(attestationCampaigns)
    .set({ status: 'completed', completedAt: now, nextReminderAt: null })
    .where(eq(attestationCampaigns.id, campaign.id));
  await recordAudit(tx, {
    ...origin,
    organizationId: campaign.organizationId,
    action: 'attestation_campaign.complete',
    entityType: 'attestation_campaign',
    entityId: campaign.id,
    before: { status: 'open' },
    after: { status: 'completed', completedAt: now.toISOString() },
  });
}
