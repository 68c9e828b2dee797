/**
 * Roles, ranks, capability flags, permissions and scope matching (product.md §6).
 * The single source: the server enforces it, the web app guards routes and hides
 * what a user cannot do with it, and the seed writes it into `permissions` /
 * `role_permissions`, where administrators may edit it.
 */

export const ROLES = [
  'administrator',
  'project_manager',
  'consultant',
  'client_manager',
  'client_consultant',
  'analyst',
  'auditor',
  'client',
] as const;
export type Role = (typeof ROLES)[number];

/** Rank for route guarding (higher wins). */
export const ROLE_RANK: Record<Role, number> = {
  analyst: 1,
  client: 1,
  client_consultant: 2,
  client_manager: 3,
  auditor: 4,
  consultant: 4,
  project_manager: 5,
  administrator: 6,
};

/** With several roles, the first of this list that the user holds is shown (product.md §6). */
export const ROLE_DISPLAY_ORDER: readonly Role[] = ROLES;

export const USER_TYPES = ['staff', 'client'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const CAPABILITIES = ['is_approver', 'is_integration_admin', 'is_data_ai_admin'] as const;
export type Capability = (typeof CAPABILITIES)[number];
export type CapabilityFlags = Record<Capability, boolean>;

export interface UserRoleRow extends Partial<CapabilityFlags> {
  role: Role;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function primaryRole(roles: readonly Role[]): Role | null {
  return ROLE_DISPLAY_ORDER.find((role) => roles.includes(role)) ?? null;
}

export function highestRank(roles: readonly Role[]): number {
  return roles.reduce((best, role) => Math.max(best, ROLE_RANK[role]), 0);
}

export function hasMinimumRole(roles: readonly Role[], minimum: Role): boolean {
  return highestRank(roles) >= ROLE_RANK[minimum];
}

/** Capability flags are merged across all of a user's roles: any row granting a flag grants it. */
export function mergeCapabilities(rows: readonly UserRoleRow[]): CapabilityFlags {
  return {
    is_approver: rows.some((row) => row.is_approver === true),
    is_integration_admin: rows.some((row) => row.is_integration_admin === true),
    is_data_ai_admin: rows.some((row) => row.is_data_ai_admin === true),
  };
}

/** Approval of AI output is allowed only with is_approver (product.md §6). */
export function canApprove(flags: CapabilityFlags): boolean {
  return flags.is_approver;
}

/**
 * Permissions as `resource:action`. The category shown to administrators is the resource.
 */
export const PERMISSIONS = [
  'tasks:read',
  'tasks:create',
  'tasks:update',
  'tasks:assign',
  'plans:read',
  'plans:write',
  'workflows:read',
  'workflows:write',
  'outputs:read',
  'outputs:review',
  'deliverables:read',
  'deliverables:publish',
  'evidence:read',
  'evidence:write',
  'frameworks:read',
  'frameworks:manage',
  'controls:write',
  'risks:read',
  'risks:write',
  'analytics:read',
  'audit:read',
  'advisor:use',
  'billing:read',
  'billing:manage',
  'users:read',
  'users:manage',
  'roles:manage',
  'content:manage',
  'security:read',
  'integrations:manage',
  // Audit engagements (docs/audit.md): staff open them; auditors review inside the ones they are invited to.
  'audit:manage',
  'audit:review',
  // Support requests (docs/support.md): clients open and follow theirs; staff answer the queue.
  'support:read',
  'support:write',
  'support:answer',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function permissionCategory(permission: Permission): string {
  return permission.split(':', 1)[0] ?? permission;
}

const clientBase: Permission[] = [
  'tasks:read',
  'tasks:create',
  'plans:read',
  'plans:write',
  'workflows:read',
  'outputs:read',
  'deliverables:read',
  'evidence:read',
  'evidence:write',
  'frameworks:read',
  // A client runs their own programme: activating a framework, their controls and risks (docs/programme.md).
  'frameworks:manage',
  'controls:write',
  'risks:read',
  'risks:write',
  'analytics:read',
  'advisor:use',
  'support:read',
  'support:write',
];

const staffBase: Permission[] = [...clientBase, 'tasks:update', 'workflows:write', 'outputs:review', 'audit:read', 'support:answer'];

/**
 * Default permissions of each role. The spec leaves the matrix open; this is our design,
 * documented in docs/permissions.md. Staff roles include what the roles below them hold.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  client: clientBase,
  client_consultant: [...clientBase, 'tasks:update'],
  client_manager: [...clientBase, 'tasks:update', 'tasks:assign', 'billing:read', 'users:read'],
  analyst: staffBase,
  // Read-only, plus the advisor: product.md §2 shows the advisor widget on the auditor portal.
  auditor: [
    'tasks:read',
    'outputs:read',
    'deliverables:read',
    'evidence:read',
    'frameworks:read',
    'audit:read',
    'analytics:read',
    'advisor:use',
    'audit:review',
  ],
  consultant: [...staffBase, 'tasks:assign', 'deliverables:publish', 'audit:manage'],
  project_manager: [...staffBase, 'tasks:assign', 'deliverables:publish', 'billing:read', 'users:read', 'audit:manage'],
  administrator: PERMISSIONS,
};

export function permissionsOf(roles: readonly Role[]): Set<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

export const SCOPE_FIELDS = ['business_unit', 'region', 'framework', 'environment', 'data_classification'] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];
export type AccessScope = Partial<Record<ScopeField, string | null>>;
export interface UserAccessScope extends AccessScope {
  is_active: boolean;
}

const isBlank = (value: string | null | undefined): boolean => value === undefined || value === null || value === '';

/**
 * A user scope matches a required scope when it is active and agrees on every field the
 * requirement fills in; a field the user's scope leaves empty counts as matching (product.md §6).
 */
export function scopeMatches(userScope: UserAccessScope, required: AccessScope): boolean {
  if (!userScope.is_active) return false;
  return SCOPE_FIELDS.every((field) => {
    const wanted = required[field];
    if (isBlank(wanted)) return true;
    const held = userScope[field];
    return isBlank(held) || held === wanted;
  });
}

export interface PermissionSubject {
  permissions: ReadonlySet<string>;
  scopes: readonly UserAccessScope[];
}

export function hasPermission(subject: PermissionSubject, permission: Permission, scope?: AccessScope): boolean {
  if (!subject.permissions.has(permission)) return false;
  if (!scope || SCOPE_FIELDS.every((field) => isBlank(scope[field]))) return true;
  return subject.scopes.some((userScope) => scopeMatches(userScope, scope));
}

/** Everything a guard can require (product.md §6). All given requirements must hold. */
export interface AccessRequirement {
  authenticated?: boolean;
  /** Any valid key will do: a user's access token or the public anonymous key (visitors' calls). */
  apiKey?: boolean;
  adminOnly?: boolean;
  minimumRole?: Role;
  capability?: Capability;
  permission?: Permission;
  anyPermissions?: readonly Permission[];
  allPermissions?: readonly Permission[];
  scope?: AccessScope;
}

export interface AccessSubject extends PermissionSubject {
  roles: readonly Role[];
  capabilities: CapabilityFlags;
}

export type AccessDecision = { allowed: true } | { allowed: false; reason: 'role' | 'capability' | 'permission' };

export function checkAccess(subject: AccessSubject, requirement: AccessRequirement): AccessDecision {
  const { scope } = requirement;
  if (requirement.adminOnly && !subject.roles.includes('administrator')) return { allowed: false, reason: 'role' };
  if (requirement.minimumRole && !hasMinimumRole(subject.roles, requirement.minimumRole)) {
    return { allowed: false, reason: 'role' };
  }
  if (requirement.capability && !subject.capabilities[requirement.capability]) {
    return { allowed: false, reason: 'capability' };
  }
  const holds = (permission: Permission) => hasPermission(subject, permission, scope);
  if (requirement.permission && !holds(requirement.permission)) return { allowed: false, reason: 'permission' };
  if (requirement.anyPermissions?.length && !requirement.anyPermissions.some(holds)) {
    return { allowed: false, reason: 'permission' };
  }
  if (requirement.allPermissions && !requirement.allPermissions.every(holds)) {
    return { allowed: false, reason: 'permission' };
  }
  return { allowed: true };
}

/**
 * What the product's own endpoints require, named once: every /api/v1 and /functions/v1 route
 * declares one of these names (`config: { access: 'readPlans' }`, public included), the server
 * refuses to register a route that declares none and guards each with it, and the web app asks the
 * same question before it offers the action.
 */
export const ENDPOINT_ACCESS = {
  /** Anyone: the public site's forms, content and configuration. */
  public: { authenticated: false },
  /** Anyone holding the anonymous key or a user's token (search, which visitors use too). */
  anyKey: { apiKey: true },
  /** A user who finished signing in (second factor included), whatever their role. */
  signedIn: { authenticated: true },
  administer: { authenticated: true, adminOnly: true },
  readPlans: { permission: 'plans:read' },
  writePlans: { permission: 'plans:write' },
  // A workflow generated from the advisor is the advisor user's own, whatever their role.
  readWorkflows: { anyPermissions: ['workflows:read', 'advisor:use'] },
  writeWorkflows: { anyPermissions: ['workflows:write', 'advisor:use'] },
  useAdvisor: { permission: 'advisor:use' },
  // Staff read the queue of submitted task requests; only approvers decide (product.md §6).
  readReviews: { permission: 'outputs:review' },
  decideReviews: { permission: 'outputs:review', capability: 'is_approver' },
  // The delivery pipeline (docs/delivery.md); tenancy is decided on top by the tenant guard.
  readTasks: { permission: 'tasks:read' },
  createTasks: { permission: 'tasks:create' },
  readDeliverables: { permission: 'deliverables:read' },
  /** The Agent Dashboard: staff who review outputs see the workforce. */
  readAgents: { permission: 'outputs:review' },
  manageAgents: { authenticated: true, adminOnly: true },
  // The compliance programme (docs/programme.md); tenancy and access scopes are decided on top.
  readFrameworks: { permission: 'frameworks:read' },
  /** Activating a framework: a client manager for their own organization, consultants for clients. */
  manageFrameworks: { permission: 'frameworks:manage' },
  writeControls: { permission: 'controls:write' },
  readEvidence: { permission: 'evidence:read' },
  writeEvidence: { permission: 'evidence:write' },
  readRisks: { permission: 'risks:read' },
  writeRisks: { permission: 'risks:write' },
  /** A register export: the handler checks the register's own read permission on top. */
  exportRegisters: { anyPermissions: ['frameworks:read', 'evidence:read', 'risks:read'] },
  /** A register import (controls or risks): the handler checks the register's write permission on top. */
  importRegisters: { anyPermissions: ['controls:write', 'risks:write'] },
  // Issue 17: running the service (docs/organizations.md, docs/integrations.md, docs/support.md).
  /** Staff assignments: administrators everywhere, project managers in the organizations they serve (tenant guard). */
  manageStaffAssignments: { authenticated: true, minimumRole: 'project_manager' },
  /** A client's own administrator invites and removes colleagues; staff who reach the organization see its members. */
  manageMembers: { authenticated: true, minimumRole: 'client_manager' },
  /**
   * API keys and webhooks of an organization, within the tenant: staff with is_integration_admin, and a
   * client's own administrator (capability flags are staff-only); the handler checks which (docs/integrations.md).
   */
  manageIntegrations: { authenticated: true, minimumRole: 'client_manager' },
  // The audit (docs/audit.md). Reading the trail and an engagement is decided by the trail's and the
  // engagement's own reach (staff their organizations, a client manager their own, auditors their
  // engagement until access ends); the permissions below guard what changes it.
  readAuditTrail: { authenticated: true },
  readEngagements: { authenticated: true },
  manageEngagements: { permission: 'audit:manage' },
  reviewAudit: { permission: 'audit:review' },
  /** A client answering in a request's thread, or resubmitting; staff and auditors comment too. */
  respondAudit: { authenticated: true },
  // Support requests (docs/support.md); tenancy is decided on top by the tenant guard.
  readSupport: { permission: 'support:read' },
  writeSupport: { permission: 'support:write' },
  /** The staff queue across the organizations they serve. */
  answerSupport: { permission: 'support:answer' },
  /** The organization's time zone (docs/workflow-runs.md): a client manager for their own, staff who serve it. */
  manageOrganizationTimeZone: { minimumRole: 'client_manager', permission: 'workflows:read' },
  /** Program Analytics on /program-execution. */
  readProgramAnalytics: { permission: 'analytics:read' },
  /** The Admin Sample Data Manager (docs/sample-data.md): staff holding is_data_ai_admin, whatever their role. */
  manageSampleData: { authenticated: true, capability: 'is_data_ai_admin' },
} as const satisfies Record<string, AccessRequirement>;
export type EndpointAccess = keyof typeof ENDPOINT_ACCESS;

/** Human names for roles and flags, shown wherever a role is displayed. */
export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  project_manager: 'Project manager',
  consultant: 'Consultant',
  client_manager: 'Client manager',
  client_consultant: 'Client consultant',
  analyst: 'Analyst',
  auditor: 'Auditor',
  client: 'Client',
};

export const CAPABILITY_LABELS: Record<Capability, string> = {
  is_approver: 'Approver',
  is_integration_admin: 'Integration admin',
  is_data_ai_admin: 'Data & AI admin',
};

/** True when deciding the requirement needs the user's roles, flags or permissions, not only a session. */
export function needsAccessData(requirement: AccessRequirement): boolean {
  return Boolean(
    requirement.adminOnly ||
    requirement.minimumRole ||
    requirement.capability ||
    requirement.permission ||
    requirement.anyPermissions?.length ||
    requirement.allPermissions?.length,
  );
}

/**
 * What each signed-in page requires (product.md §2, §6): every workspace page needs a session, /admin
 * the administrator role, /auditor-portal the auditor rank or higher.
 */
export const PAGE_ACCESS: Readonly<Record<string, AccessRequirement>> = {
  '/dashboard-compliancecore': { authenticated: true },
  '/profile': { authenticated: true },
  '/admin': { authenticated: true, adminOnly: true },
  '/task-requests': { authenticated: true },
  '/program-execution': { authenticated: true },
  '/auditor-portal': { authenticated: true, minimumRole: 'auditor' },
  '/reviews': { authenticated: true, permission: 'outputs:review' },
  '/quality-scores': { authenticated: true, permission: 'tasks:read' },
  '/agents': { authenticated: true, permission: 'outputs:review' },
};

/** A workspace page not listed above still needs a session. */
export function pageAccessRequirement(path: string): AccessRequirement {
  return PAGE_ACCESS[path] ?? { authenticated: true };
}
