import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AcknowledgementReceipt, acknowledgePolicyInputSchema, AttestationInvitation } from '../../../shared/schemas/attestations.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import {
  attestationAcknowledgements,
  attestationCampaignPolicies,
  attestationCampaigns,
  attestationRecipients,
} from '../../db/schema/attestations.ts';
import { policies, policyVersions } from '../../db/schema/policies.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { settleCampaign } from './attestation-completion.ts';
import { organizationName } from './attestation-records.ts';
import { hashAttestationToken } from './attestation-tokens.ts';

/**
 * The person's side (no account): the link's token opens their invitation — the campaign's policies at
 * the pinned version — and acknowledges each. A token is one person's in one campaign; it stops working
 * when the campaign's links expire or the person is taken off the campaign (a leaver). Another
 * acknowledgement of the same policy answers the first one's receipt (a double click, two tabs).
 */

const SYSTEM = { kind: 'all', userId: null } as const;
const INVALID_LINK = 'This link is not valid. Use the latest e-mail you received.';

async function recipientOf(tx: DbTransaction, token: string, now: Date, lock = false) {
  const hash = hashAttestationToken(token);
  const query = tx
    .select({ recipient: attestationRecipients, campaign: attestationCampaigns })
    .from(attestationRecipients)
    .innerJoin(attestationCampaigns, eq(attestationCampaigns.id, attestationRecipients.campaignId))
    .where(or(eq(attestationRecipients.tokenHash, hash), eq(attestationRecipients.previousTokenHash, hash)));
  const [row] = lock ? await query.for('update', { of: attestationRecipients }) : await query;
  if (!row) throw new AppError('NOT_FOUND', INVALID_LINK);
  if (row.recipient.status === 'removed')
    throw new AppError('ATTESTATION_LINK_EXPIRED', 'This campaign no longer asks you to acknowledge anything.');
  if (row.campaign.linksExpireAt.getTime() < now.getTime()) {
    throw new AppError('ATTESTATION_LINK_EXPIRED', 'This link has expired. Ask your compliance team for a new one.');
  }
  return row;
}

async function campaignPolicies(tx: DbTransaction, campaignId: string) {
  return tx
    .select({
      policyId: attestationCampaignPolicies.policyId,
      version: attestationCampaignPolicies.policyVersion,
      ref: policies.ref,
      title: policyVersions.title,
      effectiveDate: policyVersions.effectiveDate,
      body: policyVersions.body,
    })
    .from(attestationCampaignPolicies)
    .innerJoin(policies, eq(policies.id, attestationCampaignPolicies.policyId))
    .innerJoin(
      policyVersions,
      and(
        eq(policyVersions.policyId, attestationCampaignPolicies.policyId),
        eq(policyVersions.version, attestationCampaignPolicies.policyVersion),
      ),
    )
    .where(eq(attestationCampaignPolicies.campaignId, campaignId))
    .orderBy(asc(policies.ref));
}

export async function getAttestationInvitation(db: Db, token: string, now = new Date()): Promise<AttestationInvitation> {
  return withTenant(db, SYSTEM, async (tx) => {
    const { recipient, campaign } = await recipientOf(tx, token, now);
    const asked = await campaignPolicies(tx, campaign.id);
    const signed = await tx
      .select({ policyId: attestationAcknowledgements.policyId, at: attestationAcknowledgements.acknowledgedAt })
      .from(attestationAcknowledgements)
      .where(eq(attestationAcknowledgements.recipientId, recipient.id));
    const at = new Map(signed.map((row) => [row.policyId, row.at.toISOString()]));
    return {
      campaignTitle: campaign.title,
      organizationName: await organizationName(tx, campaign.organizationId),
      name: recipient.name,
      dueDate: campaign.dueDate,
      expiresAt: campaign.linksExpireAt.toISOString(),
      policies: asked.map((policy) => ({
        policyId: policy.policyId,
        title: `${policy.ref} ${policy.title}`,
        version: policy.version,
        effectiveDate: policy.effectiveDate,
        body: policy.body,
        acknowledgedAt: at.get(policy.policyId) ?? null,
      })),
    };
  });
}

export async function acknowledgePolicy(
  db: Db,
  input: z.output<typeof acknowledgePolicyInputSchema>,
  origin: AuditOrigin,
  now = new Date(),
): Promise<AcknowledgementReceipt> {
  return withTenant(db, SYSTEM, async (tx) => {
    // The person's row is held: two acknowledgements of theirs at once take turns.
    const { recipient, campaign } = await recipientOf(tx, input.token, now, true);
    const [asked] = await tx
      .select()
      .from(attestationCampaignPolicies)
      .where(and(eq(attestationCampaignPolicies.campaignId, campaign.id), eq(attestationCampaignPolicies.policyId, input.policyId)));
    if (!asked) throw new AppError('NOT_FOUND', 'This campaign does not ask you to acknowledge that policy.');
    if (asked.policyVersion !== input.version) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: 'body.version', message: `This campaign asks for version ${asked.policyVersion}: reload the page` },
      ]);
    }
    const [inserted] = await tx
      .insert(attestationAcknowledgements)
      .values({
        organizationId: campaign.organizationId,
        campaignId: campaign.id,
        recipientId: recipient.id,
        policyId: asked.policyId,
        policyVersion: asked.policyVersion,
        name: recipient.name,
        email: recipient.email,
        acknowledgedAt: now,
        ipAddress: origin.ip,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .returning();
    const [acknowledgement] = inserted
      ? [inserted]
      : await tx
          .select()
          .from(attestationAcknowledgements)
          .where(and(eq(attestationAcknowledgements.recipientId, recipient.id), eq(attestationAcknowledgements.policyId, asked.policyId)));
    if (!acknowledgement) throw new Error('acknowledgePolicy: no acknowledgement');
    const all = await tx
      .select({ policyId: attestationCampaignPolicies.policyId })
      .from(attestationCampaignPolicies)
      .where(eq(attestationCampaignPolicies.campaignId, campaign.id));
    const [done] = await tx
      .select({ n: count() })
      .from(attestationAcknowledgements)
      .where(
        and(
          eq(attestationAcknowledgements.recipientId, recipient.id),
          inArray(
            attestationAcknowledgements.policyId,
            all.map((row) => row.policyId),
          ),
        ),
      );
    const remaining = all.length - (done?.n ?? 0);
    if (inserted) {
      await recordAudit(tx, {
        ...origin,
        actor: null,
        organizationId: campaign.organizationId,
        action: 'attestation.acknowledge',
        entityType: 'attestation_campaign',
        entityId: campaign.id,
        after: { recipientId: recipient.id, email: recipient.email, policyId: asked.policyId, version: asked.policyVersion },
      });
      if (remaining === 0 && recipient.status === 'pending') {
        await tx
          .update(attestationRecipients)
          .set({ status: 'completed', completedAt: now })
          .where(eq(attestationRecipients.id, recipient.id));
      }
      await settleCampaign(tx, campaign, { ...origin, actor: null }, now);
    }
    return {
      policyId: acknowledgement.policyId,
      version: acknowledgement.policyVersion,
      acknowledgedAt: acknowledgement.acknowledgedAt.toISOString(),
      remaining,
    };
  });
}
