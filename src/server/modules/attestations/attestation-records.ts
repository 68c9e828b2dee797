import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAttestationCampaignInputSchema } from '../../../shared/schemas/attestations.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { attestationCampaignPolicies, attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { people } from '../../db/schema/people.ts';
import { policies } from '../../db/schema/policies.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { CampaignRow } from './attestation-completion.ts';
import { attestationLink, hashAttestationToken, newAttestationToken } from './attestation-tokens.ts';

/**
 * Starting a campaign (the only writer of the attestation tables, with attestation-completion.ts,
 * attestation-withdrawal.ts, attestation-public.ts and attestation-reminders.ts): the policies pinned to
 * the version in force, the people chosen (the active ones, everyone or by department), one link and one
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
  const audience = await tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.organizationId, organizationId),
        eq(people.status, 'active'),
        or(isNull(people.endDate), gte(people.endDate, today)),
        departments.length > 0 ? inArray(people.department, departments) : undefined,
      ),
    );
  if (audience.length === 0)
    throw invalid('body.audience', 'Nobody active on the roster matches: import the people first, or choose other departments');
  const [campaign] = await tx
    .insert(attestationCampaigns)
    .values({
      organizationId,
      title: input.title,
      departments,
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
  const tokens = audience.map(() => newAttestationToken());
  await tx.insert(attestationRecipients).values(
    audience.map((person, index) => ({
      organizationId,
      campaignId: campaign.id,
      personId: person.id,
      name: person.name,
      email: person.email,
      department: person.department,
      tokenHash: hashAttestationToken(tokens[index] ?? ''),
      lastSentAt: now,
    })),
  );
  const mailContext = {
    organizationName: await organizationName(tx, organizationId),
    policyTitles: chosen.map((policy) => `${policy.ref} ${policy.title} (version ${policy.currentVersion})`),
    reminder: false,
  };
  for (const [index, person] of audience.entries()) {
    await sendInvitation(tx, jobs, campaign, mailContext, { to: person.email, name: person.name, token: tokens[index] ?? '' });
  }
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
      people: audience.length,
      dueDate: campaign.dueDate,
      reminderEveryDays: campaign.reminderEveryDays,
    },
  });
  return campaign;
}
