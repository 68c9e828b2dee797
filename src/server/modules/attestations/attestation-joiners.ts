import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { people } from '../../db/schema/people.ts';
import { type AuditOrigin, recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { inviteRecipients } from './attestation-records.ts';

/**
 * A person added to a group while a campaign that targets the group is open joins the campaign (docs/policies.md
 * "Audiences by group"): a recipient row and the invitation with their own link, as if they had been there
 * when it began. Only active people who are not leavers join, and only once per campaign (someone already on
 * it, or taken off it as a leaver, is left as they are). A campaign whose links have expired takes nobody.
 * Called by the SCIM module when a group gains members, in that change's transaction.
 */
export async function joinOpenGroupCampaigns(
  tx: DbTransaction,
  jobs: Jobs,
  change: { organizationId: string; groupId: string; personIds: readonly string[] },
  origin: Partial<AuditOrigin>,
  now: Date,
): Promise<number> {
  if (change.personIds.length === 0) return 0;
  const today = now.toISOString().slice(0, 10);
  const campaigns = await tx
    .select()
    .from(attestationCampaigns)
    .where(
      and(
        eq(attestationCampaigns.organizationId, change.organizationId),
        eq(attestationCampaigns.status, 'open'),
        gte(attestationCampaigns.linksExpireAt, now),
        sql`${attestationCampaigns.groups} @> ${JSON.stringify([{ id: change.groupId }])}::jsonb`,
      ),
    )
    .for('update');
  if (campaigns.length === 0) return 0;
  const joiners = await tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.organizationId, change.organizationId),
        inArray(people.id, [...change.personIds]),
        eq(people.status, 'active'),
        or(isNull(people.endDate), gte(people.endDate, today)),
      ),
    );
  const fullOrigin = { ...SYSTEM_ORIGIN, ...origin };
  let joined = 0;
  for (const campaign of campaigns) {
    const already = joiners.length
      ? await tx
          .select({ personId: attestationRecipients.personId, email: attestationRecipients.email })
          .from(attestationRecipients)
          .where(
            and(
              eq(attestationRecipients.campaignId, campaign.id),
              or(
                inArray(
                  attestationRecipients.personId,
                  joiners.map((person) => person.id),
                ),
                inArray(
                  attestationRecipients.email,
                  joiners.map((person) => person.email),
                ),
              ),
            ),
          )
      : [];
    const fresh = joiners.filter((person) => !already.some((row) => row.personId === person.id || row.email === person.email));
    const added = await inviteRecipients(tx, jobs, campaign, fresh, now);
    for (const recipient of added) {
      await recordAudit(tx, {
        ...fullOrigin,
        organizationId: change.organizationId,
        action: 'attestation_recipient.add',
        entityType: 'attestation_campaign',
        entityId: campaign.id,
        after: { recipientId: recipient.id, personId: recipient.personId, status: 'pending', reason: 'joined a targeted group' },
      });
    }
    joined += added.length;
  }
  return joined;
}
