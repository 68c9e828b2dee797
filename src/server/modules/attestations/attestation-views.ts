import { asc, eq } from 'drizzle-orm';
import type { AttestationCampaign, AttestationCampaignDetail } from '../../../shared/schemas/attestations.ts';
import type { DbTransaction } from '../../db/client.ts';
import { attestationAcknowledgements, attestationCampaignPolicies, attestationRecipients } from '../../db/schema/attestations.ts';
import { policies } from '../../db/schema/policies.ts';
import type { CampaignRow } from './attestation-completion.ts';

/**
 * A campaign as the dashboard shows it: completion counts the acknowledgements of the people still in
 * the campaign (leavers taken off count for nothing) against people × policies, overall, per policy and
 * per department.
 */

const completion = (acknowledged: number, expected: number) => ({
  acknowledged,
  expected,
  percent: expected === 0 ? 0 : Math.round((acknowledged / expected) * 1000) / 10,
});

export async function campaignDetail(tx: DbTransaction, campaign: CampaignRow): Promise<AttestationCampaignDetail> {
  const recipients = await tx
    .select()
    .from(attestationRecipients)
    .where(eq(attestationRecipients.campaignId, campaign.id))
    .orderBy(asc(attestationRecipients.department), asc(attestationRecipients.name));
  const asked = await tx
    .select({ link: attestationCampaignPolicies, ref: policies.ref, title: policies.title })
    .from(attestationCampaignPolicies)
    .innerJoin(policies, eq(policies.id, attestationCampaignPolicies.policyId))
    .where(eq(attestationCampaignPolicies.campaignId, campaign.id))
    .orderBy(asc(policies.ref));
  const acks = await tx
    .select({ recipientId: attestationAcknowledgements.recipientId, policyId: attestationAcknowledgements.policyId })
    .from(attestationAcknowledgements)
    .where(eq(attestationAcknowledgements.campaignId, campaign.id));
  const inCampaign = recipients.filter((row) => row.status !== 'removed');
  const counted = new Set(inCampaign.map((row) => row.id));
  const countedAcks = acks.filter((ack) => counted.has(ack.recipientId));
  const perRecipient = new Map<string, number>();
  for (const ack of acks) perRecipient.set(ack.recipientId, (perRecipient.get(ack.recipientId) ?? 0) + 1);
  const departmentOf = new Map(inCampaign.map((row) => [row.id, row.department]));
  const departments = [...new Set(inCampaign.map((row) => row.department))].sort();
  const policyCount = asked.length;
  const tally = (status: string) => recipients.filter((row) => row.status === status).length;
  return {
    id: campaign.id,
    organizationId: campaign.organizationId,
    title: campaign.title,
    status: campaign.status,
    departments: campaign.departments,
    groups: campaign.groups,
    dueDate: campaign.dueDate,
    reminderEveryDays: campaign.reminderEveryDays,
    nextReminderAt: campaign.nextReminderAt?.toISOString() ?? null,
    linksExpireAt: campaign.linksExpireAt.toISOString(),
    createdAt: campaign.createdAt.toISOString(),
    completedAt: campaign.completedAt?.toISOString() ?? null,
    completion: completion(countedAcks.length, inCampaign.length * policyCount),
    people: { pending: tally('pending'), completed: tally('completed'), removed: tally('removed') },
    policies: asked.map(({ link, ref, title }) => ({
      policyId: link.policyId,
      ref,
      title,
      version: link.policyVersion,
      evidenceId: link.evidenceId,
      completedAt: link.completedAt?.toISOString() ?? null,
      ...completion(countedAcks.filter((ack) => ack.policyId === link.policyId).length, inCampaign.length),
    })),
    byDepartment: departments.map((department) => {
      const members = inCampaign.filter((row) => row.department === department).length;
      const signed = countedAcks.filter((ack) => departmentOf.get(ack.recipientId) === department).length;
      return { department, ...completion(signed, members * policyCount) };
    }),
    recipients: recipients.map((row) => ({
      id: row.id,
      personId: row.personId,
      name: row.name,
      email: row.email,
      department: row.department,
      status: row.status,
      acknowledged: perRecipient.get(row.id) ?? 0,
      remindersSent: row.remindersSent,
      completedAt: row.completedAt?.toISOString() ?? null,
      removedReason: row.removedReason,
    })),
  };
}

/** The list's view: the detail without its per-person rows. */
export async function campaignSummaries(tx: DbTransaction, rows: readonly CampaignRow[]): Promise<AttestationCampaign[]> {
  const views: AttestationCampaign[] = [];
  for (const row of rows) {
    const { policies: _policies, byDepartment: _byDepartment, recipients: _recipients, ...summary } = await campaignDetail(tx, row);
    views.push(summary);
  }
  return views;
}
