import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { type AuditOrigin, recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import { settleCampaign } from './attestation-completion.ts';

/**
 * A leaver is taken off open campaigns (issue 37 item 3): their pending invitations end (the link stops
 * working), they no longer count towards completion, and a campaign they were the last one missing from
 * completes. People who already acknowledged everything stay as they are: what they signed is kept.
 */
export async function withdrawFromOpenCampaigns(
  tx: DbTransaction,
  person: { id: string; organizationId: string },
  reason: string,
  origin: Partial<AuditOrigin>,
  now: Date,
): Promise<number> {
  const pending = await tx
    .select({ id: attestationRecipients.id, campaignId: attestationRecipients.campaignId })
    .from(attestationRecipients)
    .innerJoin(attestationCampaigns, eq(attestationCampaigns.id, attestationRecipients.campaignId))
    .where(
      and(
        eq(attestationRecipients.organizationId, person.organizationId),
        eq(attestationRecipients.personId, person.id),
        eq(attestationRecipients.status, 'pending'),
        eq(attestationCampaigns.status, 'open'),
      ),
    )
    .for('update', { of: attestationRecipients });
  if (pending.length === 0) return 0;
  await tx
    .update(attestationRecipients)
    .set({ status: 'removed', removedAt: now, removedReason: reason })
    .where(
      inArray(
        attestationRecipients.id,
        pending.map((row) => row.id),
      ),
    );
  const fullOrigin = { ...SYSTEM_ORIGIN, ...origin };
  for (const { id, campaignId } of pending) {
    await recordAudit(tx, {
      ...fullOrigin,
      organizationId: person.organizationId,
      action: 'attestation_recipient.remove',
      entityType: 'attestation_campaign',
      entityId: campaignId,
      before: { recipientId: id, personId: person.id, status: 'pending' },
      after: { recipientId: id, personId: person.id, status: 'removed', reason },
    });
    const [campaign] = await tx.select().from(attestationCampaigns).where(eq(attestationCampaigns.id, campaignId));
    if (campaign) await settleCampaign(tx, campaign, fullOrigin, now);
  }
  return pending.length;
}
