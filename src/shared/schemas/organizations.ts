import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { COMPANY_SIZES } from './billing.ts';

/**
 * Organizations (client companies), the staff assigned to serve them, and what a signed-in user's
 * tenancy is (docs/tenancy.md). One schema for the admin form and the server.
 */

/** What a staff member does for the client organization they are assigned to. */
export const ENGAGEMENT_ROLES = ['lead_consultant', 'reviewer', 'project_manager'] as const;
export type EngagementRole = (typeof ENGAGEMENT_ROLES)[number];
export const engagementRoleSchema = z.enum(ENGAGEMENT_ROLES, { error: 'Choose an engagement role' });

export const ENGAGEMENT_ROLE_LABELS: Record<EngagementRole, string> = {
  lead_consultant: 'Lead consultant',
  reviewer: 'Reviewer',
  project_manager: 'Project manager',
};

/** How a user reaches organizations: a client through membership, staff through assignments, administrators all. */
export const TENANT_KINDS = ['member', 'staff', 'all', 'none'] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];

export const organizationParamsSchema = z.object({ organizationId: z.uuid('Not an organization id') });
export const staffAssignmentParamsSchema = organizationParamsSchema.extend({ assignmentId: z.uuid('Not an assignment id') });

export const createOrganizationInputSchema = z.object({
  name: z.string({ error: 'Enter the organization’s name' }).trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
  website: z
    .string()
    .trim()
    .max(300, 'At most 300 characters')
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full address, like https://example.com' }).optional()),
  // The form's select sends '' for "not given".
  size: z
    .union([z.literal(''), z.enum(COMPANY_SIZES)], { error: 'Choose a company size' })
    .optional()
    .transform((value) => value || undefined),
  country: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .optional()
    .transform((value) => value || undefined),
});
export type CreateOrganizationFormValues = z.input<typeof createOrganizationInputSchema>;
export type CreateOrganizationInput = z.output<typeof createOrganizationInputSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  size: z.enum(COMPANY_SIZES).nullable(),
  country: z.string().nullable(),
  memberCount: z.number().int(),
  staffCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The latest subscription's plan and state (null: never subscribed). */
  plan: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  /** Open work and SLA health: open task requests, past their due time, due within 2 days, waiting for the client's answer. */
  openRequests: z.number().int(),
  overdueRequests: z.number().int(),
  dueSoonRequests: z.number().int(),
  waitingForClient: z.number().int(),
  /** The Admin Sample Data Manager's organization (docs/sample-data.md): shown with a "Sample" badge. */
  isSample: z.boolean().optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

export const organizationListSchema = z.object({ organizations: z.array(organizationSchema), total: z.number().int() });
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const staffAssignmentSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  staffUserId: z.uuid(),
  staffEmail: z.string().nullable(),
  engagementRole: engagementRoleSchema,
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffAssignment = z.infer<typeof staffAssignmentSchema>;

export const staffAssignmentListSchema = z.object({ assignments: z.array(staffAssignmentSchema) });
export type StaffAssignmentList = z.infer<typeof staffAssignmentListSchema>;

export const assignStaffInputSchema = z.object({
  staffUserId: z.uuid('Choose a staff member'),
  engagementRole: engagementRoleSchema,
});
export type AssignStaffInput = z.infer<typeof assignStaffInputSchema>;

/** An organization as its own members and assigned staff see it: who serves it, and in what role. */
export const myOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The caller's engagement role when they are assigned staff; null for members and administrators. */
  engagementRole: engagementRoleSchema.nullable(),
  team: z.array(z.object({ staffEmail: z.string().nullable(), engagementRole: engagementRoleSchema })),
  /** The sample organization (docs/sample-data.md): the workspace header marks it. */
  isSample: z.boolean().optional(),
});
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export const myOrganizationsSchema = z.object({
  tenant: z.enum(TENANT_KINDS),
  organizations: z.array(myOrganizationSchema),
});
export type MyOrganizations = z.infer<typeof myOrganizationsSchema>;

// Members (docs/organizations.md): a client's own administrator invites and removes colleagues.
export const organizationMemberParamsSchema = organizationParamsSchema.extend({ memberId: z.uuid('Not a member id') });

export const organizationMemberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  /** Invited and not signed in yet. */
  pending: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

export const organizationMemberListSchema = z.object({
  members: z.array(organizationMemberSchema),
  /** Who from our side works on the account. */
  team: z.array(z.object({ staffEmail: z.string().nullable(), engagementRole: engagementRoleSchema })),
});
export type OrganizationMemberList = z.infer<typeof organizationMemberListSchema>;

/** The one e-mail rule (src/shared/rules/email.ts), as sign-up and the admin invitation use it. */
export const inviteMemberInputSchema = z.object({ email: emailSchema });
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

// Offboarding (docs/organizations.md): what deleting an organization removes, and the typed confirmation.
export const offboardingPreviewSchema = z.object({
  organizationId: z.uuid(),
  name: z.string(),
  /** Each table with rows of this organization, and how many. */
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  files: z.number().int(),
  /** What stays after the deletion (the audit trail). */
  kept: z.array(z.string()),
});
export type OffboardingPreview = z.infer<typeof offboardingPreviewSchema>;

export const deleteOrganizationInputSchema = z.object({
  confirmName: z
    .string({ error: 'Type the organization’s name to confirm' })
    .trim()
    .min(1, 'Type the organization’s name to confirm')
    .max(200),
});
