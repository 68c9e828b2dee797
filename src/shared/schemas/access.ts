import { z } from 'zod';
import { CAPABILITIES, PERMISSIONS, ROLES, type ScopeField, USER_TYPES } from '../permissions.ts';
import { emailSchema } from './auth.ts';

/**
 * Roles, permissions, scopes and security events on the wire (product.md §3, §6, §7). Capability flags
 * and scope fields keep the spec's snake_case names; everything else is camelCase.
 */

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);
export const userTypeSchema = z.enum(USER_TYPES);
export const capabilitySchema = z.enum(CAPABILITIES);

export const capabilityFlagsSchema = z.object({
  is_approver: z.boolean(),
  is_integration_admin: z.boolean(),
  is_data_ai_admin: z.boolean(),
});

const scopeValue = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const accessScopeSchema = z.object({
  business_unit: scopeValue.optional(),
  region: scopeValue.optional(),
  framework: scopeValue.optional(),
  environment: scopeValue.optional(),
  data_classification: scopeValue.optional(),
});

export const userAccessScopeSchema = z.object({
  business_unit: z.string().nullable(),
  region: z.string().nullable(),
  framework: z.string().nullable(),
  environment: z.string().nullable(),
  data_classification: z.string().nullable(),
  is_active: z.boolean(),
});
export type UserAccessScopeRow = z.infer<typeof userAccessScopeSchema>;

/** GET /api/v1/me/access */
export const meAccessSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  userType: userTypeSchema,
  roles: z.array(roleSchema),
  primaryRole: roleSchema.nullable(),
  capabilities: capabilityFlagsSchema,
  permissions: z.array(z.string()),
  scopes: z.array(userAccessScopeSchema),
});
export type MeAccess = z.infer<typeof meAccessSchema>;

export const accessRequirementSchema = z.object({
  authenticated: z.boolean().optional(),
  adminOnly: z.boolean().optional(),
  minimumRole: roleSchema.optional(),
  capability: capabilitySchema.optional(),
  permission: permissionSchema.optional(),
  anyPermissions: z.array(permissionSchema).max(PERMISSIONS.length).optional(),
  allPermissions: z.array(permissionSchema).max(PERMISSIONS.length).optional(),
  scope: accessScopeSchema.optional(),
});

/** POST /api/v1/me/access-denials: the web route guard reports a failed check. */
export const accessDenialInputSchema = z.object({
  path: z.string().trim().min(1).max(2048).startsWith('/', 'A path starts with /'),
  requirement: accessRequirementSchema,
  reason: z.enum(['role', 'capability', 'permission']),
});
export type AccessDenialInput = z.infer<typeof accessDenialInputSchema>;

export const accessDenialResultSchema = z.object({
  logged: z.literal(true),
  /** Whether the server, deciding with its own data, agrees that access is denied. */
  confirmedByServer: z.boolean(),
});

export const userRoleAssignmentSchema = z.object({
  role: roleSchema,
  is_approver: z.boolean().default(false),
  is_integration_admin: z.boolean().default(false),
  is_data_ai_admin: z.boolean().default(false),
});
export type UserRoleAssignment = z.infer<typeof userRoleAssignmentSchema>;

export const adminUserSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailConfirmedAt: z.string().nullable(),
  userType: userTypeSchema,
  roles: z.array(userRoleAssignmentSchema),
  scopes: z.array(userAccessScopeSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** Only staff, or only clients (a user without a profile yet counts as a client). */
  userType: userTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const uniqueRoles = (roles: { role: string }[]) => new Set(roles.map((item) => item.role)).size === roles.length;

const userAccessFields = z.object({
  userType: userTypeSchema,
  roles: z.array(userRoleAssignmentSchema).max(ROLES.length).refine(uniqueRoles, 'Each role may appear once'),
  scopes: z
    .array(accessScopeSchema.extend({ is_active: z.boolean().default(true) }))
    .max(50, 'At most 50 scopes')
    .default([]),
});

const flagsOnlyForStaff = {
  check: (input: z.infer<typeof userAccessFields>) =>
    input.userType === 'staff' || input.roles.every((role) => !role.is_approver && !role.is_integration_admin && !role.is_data_ai_admin),
  message: { message: 'Capability flags apply only to staff users.', path: ['roles'] },
};

/** PUT /api/v1/admin/users/:userId/access: replaces the user's type, roles, flags and scopes. */
export const updateUserAccessInputSchema = userAccessFields.refine(flagsOnlyForStaff.check, flagsOnlyForStaff.message);
export type UpdateUserAccessInput = z.infer<typeof updateUserAccessInputSchema>;

/** POST /api/v1/admin/users: invites a person by e-mail with the access they start with. */
export const inviteUserInputSchema = userAccessFields
  .extend({ email: emailSchema })
  .refine(flagsOnlyForStaff.check, flagsOnlyForStaff.message);
export type InviteUserInput = z.input<typeof inviteUserInputSchema>;

export const permissionRowSchema = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
});

/** GET /api/v1/admin/role-permissions: permissions ordered by category, and each role's set. */
export const rolePermissionMatrixSchema = z.object({
  permissions: z.array(permissionRowSchema),
  matrix: z.record(roleSchema, z.array(z.string())),
});
export type RolePermissionMatrix = z.infer<typeof rolePermissionMatrixSchema>;

/** PUT /api/v1/admin/role-permissions: replaces the permission set of each role given. */
export const updateRolePermissionsInputSchema = z.object({
  matrix: z
    .partialRecord(roleSchema, z.array(permissionSchema).max(PERMISSIONS.length))
    .refine((matrix) => Object.keys(matrix).length > 0, 'Name at least one role'),
});
export type UpdateRolePermissionsInput = z.infer<typeof updateRolePermissionsInputSchema>;

export const SECURITY_EVENT_TYPES = ['AUTH_FAILURE', 'PRIVILEGE_ESCALATION'] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const securityEventSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  eventType: z.string(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListQuerySchema = z.object({
  type: z.enum(SECURITY_EVENT_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Cursor: the id of the last event already shown. */
  before: z.uuid().optional(),
});
export type SecurityEventListQuery = z.infer<typeof securityEventListQuerySchema>;

export const securityEventListSchema = z.object({
  events: z.array(securityEventSchema),
  nextBefore: z.string().nullable(),
});
export type SecurityEventList = z.infer<typeof securityEventListSchema>;

export const SCOPE_FIELD_LABELS: Record<ScopeField, string> = {
  business_unit: 'Business unit',
  region: 'Region',
  framework: 'Framework',
  environment: 'Environment',
  data_classification: 'Data classification',
};
