import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { isLeaver } from '../../../shared/schemas/people.ts';
import type { Db } from '../../db/client.ts';
import { attestationCampaignPolicies, attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { people } from '../../db/schema/people.ts';
import { policies } from '../../db/schema/policies.ts';
import { recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { settleCampaign } from './attestation-completion.ts';
import { organizationName, sendInvitation } from './attestation-records.ts';
import { hashAttestationToken, newAttestationToken } from './attestation-tokens.ts';
import { withdrawFromOpenCampaigns } from './attestation-withdrawal.ts';

/**
 * Reminders on a schedule (issue 37 item 3): every hour, each open campaign whose next reminder came
 * first takes off the people who became leavers meanwhile (an end date that passed), then writes again
 * to everyone still pending, with a fresh link (the previous mail's link keeps working too), and sets
 * the next reminder — none once the links have expired. Each campaign in its own transaction, its row
 * held (a second worker skips it), so nobody is reminded twice for one due time.
 */

export const ATTESTATION_REMINDERS_CRON = '5 * * * *';
const system = { kind: 'all', userId: null } as const;
const DAY_MS = 86_400_000;

async function remindCampaign(db: Db, jobs: Jobs, campaignId: string, now: Date): Promise<number> {
  return withTenant(db, system, async (tx) => {
    const [campaign] = await tx
      .select()
      .from(attestationCampaigns)
      .where(
        and(
          eq(attestationCampaigns.id, campaignId),
          eq(attestationCampaigns.status, 'open'),
          lte(attestationCampaigns.nextReminderAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!campaign) return 0;
    const today = now.toISOString().slice(0, 10);
    const pending = await tx
      .select({ recipient: attestationRecipients, person: people })
      .from(attestationRecipients)
      .leftJoin(people, eq(people.id, attestationRecipients.personId))
      .where(and(eq(attestationRecipients.campaignId, campaign.id), eq(attestationRecipients.status, 'pending')));
    for (const { person } of pending) {
      if (person && isLeaver(person, today)) await withdrawFromOpenCampaigns(tx, person, 'left the organization', SYSTEM_ORIGIN, now);
    }
    const still = pending.filter(({ person }) => !person || !isLeaver(person, today)).map(({ recipient }) => recipient);
    const expired = campaign.linksExpireAt.getTime() <= now.getTime();
    if (!expired && still.length > 0) {
      const asked = await tx
        .select({ ref: policies.ref, title: policies.title, version: attestationCampaignPolicies.policyVersion })
        .from(attestationCampaignPolicies)
        .innerJoin(policies, eq(policies.id, attestationCampaignPolicies.policyId))
        .where(eq(attestationCampaignPolicies.campaignId, campaign.id));
      const context = {
        organizationName: await organizationName(tx, campaign.organizationId),
        policyTitles: asked.map((policy) => `${policy.ref} ${policy.title} (version ${policy.version})`),
        reminder: true,
      };
      for (const recipient of still) {
        const token = newAttestationToken();
        await tx
          .update(attestationRecipients)
          .set({
            previousTokenHash: recipient.tokenHash,
            tokenHash: hashAttestationToken(token),
            remindersSent: recipient.remindersSent + 1,
            lastSentAt: now,
          })
          .where(eq(attestationRecipients.id, recipient.id));
        await sendInvitation(tx, jobs, campaign, context, { to: recipient.email, name: recipient.name, token });
      }
      await recordAudit(tx, {
        ...SYSTEM_ORIGIN,
        organizationId: campaign.organizationId,
        action: 'attestation_campaign.remind',
        entityType: 'attestation_campaign',
        entityId: campaign.id,
        after: { reminded: still.length },
      });
    }
    await tx
      .update(attestationCampaigns)
      .set({ nextReminderAt: expired ? null : new Date(now.getTime() + campaign.reminderEveryDays * DAY_MS) })
      .where(eq(attestationCampaigns.id, campaign.id));
    const [fresh] = await tx.select().from(attestationCampaigns).where(eq(attestationCampaigns.id, campaign.id));
    if (fresh) await settleCampaign(tx, fresh, SYSTEM_ORIGIN, now);
    return expired ? 0 : still.length;
  });
}

export async function runAttestationReminders(db: Db, jobs: Jobs, now = new Date()): Promise<{ campaigns: number; reminded: number }> {
  const due = await withTenant(db, system, (tx) =>
    tx
      .select({ id: attestationCampaigns.id })
      .from(attestationCampaigns)
      .where(
        and(
          eq(attestationCampaigns.status, 'open'),
          isNotNull(attestationCampaigns.nextReminderAt),
          lte(attestationCampaigns.nextReminderAt, now),
        ),
      ),
  );
  let reminded = 0;
  for (const { id } of due) reminded += await remindCampaign(db, jobs, id, now);
  return { campaigns: due.length, reminded };
}

export async function startAttestationReminderWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('attestation-reminders', { pollingIntervalSeconds: 30 }, async () => {
    await runAttestationReminders(db, jobs);
  });
}
