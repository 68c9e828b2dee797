import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AttestationAudienceGroup, createAttestationCampaignInputSchema } from '../../../shared/schemas/attestations.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { attestationCampaignPolicies, attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { people } from '../../db/schema/people.ts';
import { policies } from '../../db/schema/policies.ts';
import { scimGroupMembers, scimGroups } from '../../db/schema/scim.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { CampaignRow } from './attestation-completion.ts';
import { attestationLink, hashAttestationToken, newAttestationToken } from './attestation-tokens.ts';

/**
 * Starting a campaign (the only writer of the attestation tables, with attestation-completion.ts,
 * attestation-withdrawal.ts, attestation-joiners.ts, attestation-public.ts and attestation-reminders.ts):
 * the policies pinned to the version in force, the people chosen (the active ones: everyone, by department
 * or by SCIM group, resolved now), one link and one
 * e-mail each, and the trail entry — all in the caller's transaction.
 */

type CampaignInput = Omit<z.output<typeof createAttestationCampaignInputSchema>, 'organizationId'>;
const DAY_MS = 86_400_000;
/** Links keep working this long after the due date, for the late. */
export const LINK_GRACE_DAYS = 30;

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path, message }]);

export interface InvitationMail {
  to: string;
  name: string;
  token: string;
}

/** The e-mail with a person's link (the first one, and each reminder). */
export async function sendInvitation(
  tx: DbTransaction,
  jobs: Jobs,
  campaign: CampaignRow,
  context: { organizationName: string; policyTitles: readonly string[]; reminder: boolean },
  mail: InvitationMail,
): Promise<void> {
  const link = attestationLink(campaign.siteOrigin, mail.token);
  await enqueueEmail(tx, jobs, {
    kind: context.reminder ? 'attestation.reminder' : 'attestation.invitation',
    to: mail.to,
    subject: `${context.reminder ? 'Reminder: please' : 'Please'} read and acknowledge ${context.organizationName}'s policies`,
    text: [
      `Hello ${mail.name},`,
      '',
      `${context.organizationName} asks you to read and acknowledge ${context.policyTitles.length === 1 ? 'this policy' : 'these policies'} by ${campaign.dueDate}:`,
      ...context.policyTitles.map((title) => `- ${title}`),
      '',
      'Open your personal link (no account needed):',
      link,
      '',
      `The link is for you alone and works until ${campaign.linksExpireAt.toISOString().slice(0, 10)}.`,
    ].join('\n'),
  });
}

export async function organizationName(tx: DbTransaction, organizationId: string): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.name ?? 'Your organization';
}

/**
 * The groups a campaign targets, as the organization has them now (id and name). A group that is not the
 * organization's (unknown, or another organization's: the same answer) is 400 ATTESTATION_GROUP_NOT_FOUND.
 */
async function audienceGroups(tx: DbTransaction, organizationId: string, groupIds: readonly string[]): Promise<AttestationAudienceGroup[]> {
  const ids = [...new Set(groupIds.map((id) => id.toLowerCase()))];
  const found = await tx
    .select({ id: scimGroups.id, name: scimGroups.displayName })
    .from(scimGroups)
    .where(and(eq(scimGroups.organizationId, organizationId), inArray(scimGroups.id, ids)))
    .orderBy(asc(scimGroups.displayName));
  const missing = ids.filter((id) => !found.some((group) => group.id === id));
  if (missing.length > 0) {
    throw new AppError('ATTESTATION_GROUP_NOT_FOUND', 'A chosen group is not one of this organization’s groups.', [
      { path: 'body.audience.groupIds', message: `No group ${missing.join(', ')} in this organization` },
    ]);
  }
  return found;
}

/** The people in any of the groups, as a subquery. */
export function groupMembers(tx: DbTransaction, organizationId: string, groups: readonly AttestationAudienceGroup[]) {
  return tx
    .select({ personId: scimGroupMembers.personId })
    .from(scimGroupMembers)
    .where(
      and(
        eq(scimGroupMembers.organizationId, organizationId),
        inArray(
          scimGroupMembers.groupId,
          groups.map((group) => group.id),
        ),
      ),
    );
}

type PersonRow = typeof people.$inferSelect;

/**
 * Puts people on a campaign: a recipient row each (a snapshot of who they are, their link's hash) and the
 * e-mail with their link. The campaign's policies must be in place already.
 */
export async function inviteRecipients(
  tx: DbTransaction,
  jobs: Jobs,
  campaign: CampaignRow,
  persons: readonly PersonRow[],
  now: Date,
): Promise<{ id: string; personId: string | null }[]> {
  if (persons.length === 0) return [];
  const asked = await tx
    .select({ ref: policies.ref, title: policies.title, version: attestationCampaignPolicies.policyVersion })
    .from(attestationCampaignPolicies)
    .innerJoin(policies, eq(policies.id, attestationCampaignPolicies.policyId))
    .where(eq(attestationCampaignPolicies.campaignId, campaign.id))
    .orderBy(asc(policies.ref));
  const tokens = persons.map(() => newAttestationToken());
  const inserted = await tx
    .insert(attestationRecipients)
    .values(
      persons.map((person, index) => ({
        organizationId: campaign.organizationId,
        campaignId: campaign.id,
        personId: person.id,
        name: person.name,
        email: person.email,
        department: person.department,
        tokenHash: hashAttestationToken(tokens[index] ?? ''),
        lastSentAt: now,
      })),
    )
    .returning({ id: attestationRecipients.id, personId: attestationRecipients.personId });
  const mailContext = {
    organizationName: await organizationName(tx, campaign.organizationId),
    policyTitles: asked.map((policy) => `${policy.ref} ${policy.title} (version ${policy.version})`),
    reminder: false,
  };
  for (const [index, person] of persons.entries()) {
    await sendInvitation(tx, jobs, campaign, mailContext, { to: person.email, name: person.name, token: tokens[index] ?? '' });
  }
  return inserted;
}

export async function insertAttestationCampaign(
  tx: DbTransaction,
  jobs: Jobs,
  organizationId: string,
  input: CampaignInput,
  context: { userId: string; origin: Partial<AuditOrigin>; siteOrigin: string; now: Date },
): Promise<CampaignRow> {
  const { now } = context;
  const today = now.toISOString().slice(0, 10);
  if (input.dueDate < today) throw invalid('body.dueDate', 'The due date is today or later');
  const policyIds = [...new Set(input.policyIds)];
  const chosen = await tx
    .select()
    .from(policies)
    .where(and(eq(policies.organizationId, organizationId), inArray(policies.id, policyIds)));
  if (chosen.length !== policyIds.length) throw invalid('body.policyIds', 'Every policy must be a published policy of this organization');
  const departments = input.audience.kind === 'departments' ? [...new Set(input.audience.departments)] : [];
  const groups = input.audience.kind === 'groups' ? await audienceGroups(tx, organizationId, input.audience.groupIds) : [];
  const audience = await tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.organizationId, organizationId),
        eq(people.status, 'active'),
        or(isNull(people.endDate), gte(people.endDate, today)),
        departments.length > 0 ? inArray(people.department, departments) : undefined,
        groups.length > 0 ? inArray(people.id, groupMembers(tx, organizationId, groups)) : undefined,
      ),
    );
  if (audience.length === 0)
    throw invalid(
      'body.audience',
      groups.length > 0
        ? 'Nobody active on the roster is in these groups: choose other groups, or everyone'
        : 'Nobody active on the roster matches: import the people first, or choose other departments',
    );
  const [campaign] = await tx
    .insert(attestationCampaigns)
    .values({
      organizationId,
      title: input.title,
      departments,
      groups,
      dueDate: input.dueDate,
      reminderEveryDays: input.reminderEveryDays,
      nextReminderAt: new Date(now.getTime() + input.reminderEveryDays * DAY_MS),
      linksExpireAt: new Date(Date.parse(`${input.dueDate}T23:59:59Z`) + LINK_GRACE_DAYS * DAY_MS),
      siteOrigin: context.siteOrigin,
      createdBy: context.userId,
      createdAt: now,
    })
    .returning();
  if (!campaign) throw new Error('insertAttestationCampaign: insert returned nothing');
  await tx
    .insert(attestationCampaignPolicies)
    .values(
      chosen.map((policy) => ({ organizationId, campaignId: campaign.id, policyId: policy.id, policyVersion: policy.currentVersion })),
    );
  await inviteRecipients(tx, jobs, campaign, audience, now);
  await recordAudit(tx, {
    ...context.origin,
    organizationId,
    action: 'attestation_campaign.create',
    entityType: 'attestation_campaign',
    entityId: campaign.id,
    after: {
      title: campaign.title,
      policies: chosen.map((policy) => ({ id: policy.id, ref: policy.ref, version: policy.currentVersion })),
      departments,
      groups,
      people: audience.length,
      dueDate: campaign.dueDate,
      reminderEveryDays: campaign.reminderEveryDays,
    },
  });
  return campaign;
}
