import { z } from 'zod';

/**
 * Attestation campaigns (issue 37 item 3, docs/policies.md): policies and people chosen, one expiring
 * single-person link each, reminders on a schedule, completion per policy and department, and the
 * acknowledgements as evidence on the policies' controls.
 */

export const ATTESTATION_CAMPAIGN_STATUSES = ['open', 'completed'] as const;
export type AttestationCampaignStatus = (typeof ATTESTATION_CAMPAIGN_STATUSES)[number];
/** `removed`: a leaver (or a person deleted) taken off an open campaign. */
export const ATTESTATION_RECIPIENT_STATUSES = ['pending', 'completed', 'removed'] as const;
export type AttestationRecipientStatus = (typeof ATTESTATION_RECIPIENT_STATUSES)[number];

export const ATTESTATION_MAX_POLICIES = 20;
export const ATTESTATION_MAX_PEOPLE = 5000;
export const ATTESTATION_MAX_GROUPS = 100;

/** A group a campaign targets, as it was named when the campaign began. */
export const attestationAudienceGroupSchema = z.object({ id: z.uuid(), name: z.string() });
export type AttestationAudienceGroup = z.infer<typeof attestationAudienceGroupSchema>;

const isoDate = z.iso.date('A date as YYYY-MM-DD');

export const attestationCampaignParamsSchema = z.object({ campaignId: z.uuid('No such campaign') });

export const createAttestationCampaignInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  title: z.string().trim().min(3, 'At least 3 characters').max(200, 'At most 200 characters'),
  policyIds: z
    .array(z.uuid('Not a policy id'))
    .min(1, 'Choose at least one policy')
    .max(ATTESTATION_MAX_POLICIES, `At most ${ATTESTATION_MAX_POLICIES} policies`),
  /**
   * Everyone active, the active people of these departments, or the active members of these groups
   * (the identity provider's, pushed through SCIM /scim/v2/Groups).
   */
  audience: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('departments'),
      departments: z.array(z.string().trim().min(1).max(100)).min(1, 'Choose at least one department').max(100),
    }),
    z.object({
      kind: z.literal('groups'),
      groupIds: z
        .array(z.uuid('Not a group id'))
        .min(1, 'Choose at least one group')
        .max(ATTESTATION_MAX_GROUPS, `At most ${ATTESTATION_MAX_GROUPS} groups`),
    }),
  ]),
  dueDate: isoDate,
  reminderEveryDays: z.number().int().min(1, 'At least every day').max(30, 'At most every 30 days').default(7),
});
export type CreateAttestationCampaignInput = z.input<typeof createAttestationCampaignInputSchema>;

const completion = z.object({ acknowledged: z.number().int(), expected: z.number().int(), percent: z.number() });

export const attestationCampaignSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  title: z.string(),
  status: z.enum(ATTESTATION_CAMPAIGN_STATUSES),
  departments: z.array(z.string()),
  /** The groups targeted (empty: everyone or by department); their new members join while the campaign is open. */
  groups: z.array(attestationAudienceGroupSchema),
  dueDate: z.string(),
  reminderEveryDays: z.number().int(),
  nextReminderAt: z.string().nullable(),
  linksExpireAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Acknowledgements of the people still in the campaign, against people × policies. */
  completion,
  people: z.object({ pending: z.number().int(), completed: z.number().int(), removed: z.number().int() }),
});
export type AttestationCampaign = z.infer<typeof attestationCampaignSchema>;

export const attestationCampaignDetailSchema = attestationCampaignSchema.extend({
  policies: z.array(
    completion.extend({
      policyId: z.uuid(),
      ref: z.string(),
      title: z.string(),
      version: z.number().int(),
      evidenceId: z.uuid().nullable(),
      completedAt: z.string().nullable(),
    }),
  ),
  departments: z.array(z.string()),
  byDepartment: z.array(completion.extend({ department: z.string() })),
  recipients: z.array(
    z.object({
      id: z.uuid(),
      personId: z.uuid().nullable(),
      name: z.string(),
      email: z.string(),
      department: z.string(),
      status: z.enum(ATTESTATION_RECIPIENT_STATUSES),
      acknowledged: z.number().int(),
      remindersSent: z.number().int(),
      completedAt: z.string().nullable(),
      removedReason: z.string().nullable(),
    }),
  ),
});
export type AttestationCampaignDetail = z.infer<typeof attestationCampaignDetailSchema>;

export const attestationCampaignListSchema = z.object({ organizationId: z.uuid(), campaigns: z.array(attestationCampaignSchema) });
export type AttestationCampaignList = z.infer<typeof attestationCampaignListSchema>;

export const attestationCampaignListQuerySchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });

// The person's side: no account, the link's token.
const token = z.string().min(20, 'Not a valid link').max(200, 'Not a valid link');

export const attestationInvitationQuerySchema = z.object({ token });

export const attestationInvitationSchema = z.object({
  campaignTitle: z.string(),
  organizationName: z.string(),
  name: z.string(),
  dueDate: z.string(),
  expiresAt: z.string(),
  policies: z.array(
    z.object({
      policyId: z.uuid(),
      title: z.string(),
      version: z.number().int(),
      effectiveDate: z.string(),
      body: z.string(),
      acknowledgedAt: z.string().nullable(),
    }),
  ),
});
export type AttestationInvitation = z.infer<typeof attestationInvitationSchema>;

export const acknowledgePolicyInputSchema = z.object({
  token,
  policyId: z.uuid('Not a policy id'),
  /** The version the person read: refused when the campaign asks for another. */
  version: z.number().int().min(1),
});
export type AcknowledgePolicyInput = z.input<typeof acknowledgePolicyInputSchema>;

export const acknowledgementReceiptSchema = z.object({
  policyId: z.uuid(),
  version: z.number().int(),
  acknowledgedAt: z.string(),
  /** Policies of the campaign this person still has to acknowledge. */
  remaining: z.number().int(),
});
export type AcknowledgementReceipt = z.infer<typeof acknowledgementReceiptSchema>;
