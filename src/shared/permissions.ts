import { type ApiKeyRule, REGISTER_EXPORT_KEY_SCOPES, REGISTER_IMPORT_KEY_SCOPES } from './api-key-scopes.ts';
import { type AccessScope, type UserAccessScope, isEmptyScope, scopeMatches } from './access-scope.ts';

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

/** The policy center, attestation campaigns and the people roster (docs/policies.md). */
const POLICY_PERMISSIONS = ['policies:read', 'policies:write', 'people:read', 'people:write'] as const;

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
  // Third-party risk (docs/vendors.md): the vendor register, its documents and questionnaires.
  'vendors:read',
  'vendors:write',
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
  // Security questionnaires and the answer library (docs/questionnaires.md).
  'questionnaires:read',
  'questionnaires:write',
  ...POLICY_PERMISSIONS,
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
  'vendors:read',
  'vendors:write',
  'analytics:read',
  'advisor:use',
  'support:read',
  'support:write',
  'questionnaires:read',
  'questionnaires:write',
  ...POLICY_PERMISSIONS,
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

// Access scopes (business unit, region…) live in access-scope.ts; re-exported for the modules that import them here.
export { SCOPE_FIELDS, scopeMatches, type AccessScope, type ScopeField, type UserAccessScope } from './access-scope.ts';

export interface PermissionSubject {
  permissions: ReadonlySet<string>;
  scopes: readonly UserAccessScope[];
}

export function hasPermission(subject: PermissionSubject, permission: Permission, scope?: AccessScope): boolean {
  if (!subject.permissions.has(permission)) return false;
  if (!scope || isEmptyScope(scope)) return true;
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
 * An endpoint's requirement: who may call it, and what an API key (docs/integrations.md) must hold to call
 * it. Every name declares `apiKeyScope`, because every /api/v1 and /functions/v1 route is reachable by a
 * key: a name that only asks for a session would otherwise admit any key, whatever its scopes.
 */
export interface EndpointRequirement extends AccessRequirement {
  apiKeyScope: ApiKeyRule;
}

/**
 * What the product's own endpoints require, named once: every /api/v1 and /functions/v1 route
 * declares one of these names (`config: { access: 'readPlans' }`, public included), the server
 * refuses to register a route that declares none (or whose name declares no `apiKeyScope`) and guards
 * each with it, and the web app asks the same question before it offers the action. An API key is
 * refused unless its scopes cover `apiKeyScope`, before the rest of the requirement is checked.
 */
export const ENDPOINT_ACCESS = {
  /** Anyone: the public site's forms, content and configuration. */
  public: { authenticated: false, apiKeyScope: 'unscoped' },
  /** Anyone holding the anonymous key or a user's token (search, which visitors use too; a key sees what visitors see). */
  anyKey: { apiKey: true, apiKeyScope: 'unscoped' },
  /** A user who finished signing in (second factor included), whatever their role: their own things, never a key's. */
  signedIn: { authenticated: true, apiKeyScope: 'refused' },
  administer: { authenticated: true, adminOnly: true, apiKeyScope: 'refused' },
  readPlans: { permission: 'plans:read', apiKeyScope: 'refused' },
  writePlans: { permission: 'plans:write', apiKeyScope: 'refused' },
  // A workflow generated from the advisor is the advisor user's own, whatever their role.
  readWorkflows: { anyPermissions: ['workflows:read', 'advisor:use'], apiKeyScope: 'refused' },
  writeWorkflows: { anyPermissions: ['workflows:write', 'advisor:use'], apiKeyScope: 'refused' },
  useAdvisor: { permission: 'advisor:use', apiKeyScope: 'refused' },
  // Staff read the queue of submitted task requests; only approvers decide (product.md §6).
  readReviews: { permission: 'outputs:review', apiKeyScope: 'refused' },
  decideReviews: { permission: 'outputs:review', capability: 'is_approver', apiKeyScope: 'refused' },
  // The delivery pipeline (docs/delivery.md); tenancy is decided on top by the tenant guard.
  readTasks: { permission: 'tasks:read', apiKeyScope: ['tasks:read'] },
  createTasks: { permission: 'tasks:create', apiKeyScope: ['tasks:read_write'] },
  /** Turning the user's own approved advisor plan into task requests: plans are people's, never a key's. */
  createTasksFromPlan: { permission: 'tasks:create', apiKeyScope: 'refused' },
  readDeliverables: { permission: 'deliverables:read', apiKeyScope: ['deliverables:read'] },
  /** The Agent Dashboard: staff who review outputs see the workforce. */
  readAgents: { permission: 'outputs:review', apiKeyScope: 'refused' },
  manageAgents: { authenticated: true, adminOnly: true, apiKeyScope: 'refused' },
  // The compliance programme (docs/programme.md); tenancy and access scopes are decided on top.
  readFrameworks: { permission: 'frameworks:read', apiKeyScope: ['programme:read'] },
  /** Activating a framework: a client manager for their own organization, consultants for clients. */
  manageFrameworks: { permission: 'frameworks:manage', apiKeyScope: ['programme:read_write'] },
  writeControls: { permission: 'controls:write', apiKeyScope: ['programme:read_write'] },
  readEvidence: { permission: 'evidence:read', apiKeyScope: ['evidence:read'] },
  writeEvidence: { permission: 'evidence:write', apiKeyScope: ['evidence:read_write'] },
  /** A reviewer's sign-off is a person's judgment, like an approval: never a key's. */
  signOffEvidence: { permission: 'evidence:write', apiKeyScope: 'refused' },
  readRisks: { permission: 'risks:read', apiKeyScope: ['risks:read'] },
  writeRisks: { permission: 'risks:write', apiKeyScope: ['risks:read_write'] },
  // Third-party risk (docs/vendors.md); tenancy is decided on top by the tenant guard.
  readVendors: { permission: 'vendors:read', apiKeyScope: ['vendors:read'] },
  writeVendors: { permission: 'vendors:write', apiKeyScope: ['vendors:read_write'] },
  /** A reviewer confirming what the reader extracted is a person's judgment, like a sign-off: never a key's. */
  confirmVendorDocuments: { permission: 'vendors:write', apiKeyScope: 'refused' },
  /** A register export: the handler checks the register's own read permission on top. */
  exportRegisters: {
    anyPermissions: ['frameworks:read', 'evidence:read', 'risks:read', 'vendors:read'],
    apiKeyScope: { param: 'register', scopes: REGISTER_EXPORT_KEY_SCOPES },
  },
  /** A register import (controls, risks, vendors or people): the handler checks the register's write permission on top. */
  importRegisters: {
    anyPermissions: ['controls:write', 'risks:write', 'vendors:write', 'people:write'],
    apiKeyScope: { param: 'register', scopes: REGISTER_IMPORT_KEY_SCOPES },
  },
  // Issue 17: running the service (docs/organizations.md, docs/integrations.md, docs/support.md).
  /** Staff assignments: administrators everywhere, project managers in the organizations they serve (tenant guard). */
  manageStaffAssignments: { authenticated: true, minimumRole: 'project_manager', apiKeyScope: 'refused' },
  /** A client's own administrator invites and removes colleagues; staff who reach the organization see its members. */
  manageMembers: { authenticated: true, minimumRole: 'client_manager', apiKeyScope: 'refused' },
  /**
   * API keys and webhooks of an organization, within the tenant: staff with is_integration_admin, and a
   * client's own administrator (capability flags are staff-only); the handler checks which (docs/integrations.md).
   */
  manageIntegrations: { authenticated: true, minimumRole: 'client_manager', apiKeyScope: 'refused' },
  // The audit (docs/audit.md). Reading the trail and an engagement is decided by the trail's and the
  // engagement's own reach (staff their organizations, a client manager their own, auditors their
  // engagement until access ends); the permissions below guard what changes it. No key scope covers the
  // audit: the trail, engagements, their evidence and package are people's work, never a key's.
  readAuditTrail: { authenticated: true, apiKeyScope: 'refused' },
  readEngagements: { authenticated: true, apiKeyScope: 'refused' },
  manageEngagements: { permission: 'audit:manage', apiKeyScope: 'refused' },
  reviewAudit: { permission: 'audit:review', apiKeyScope: 'refused' },
  /** A client answering in a request's thread, or resubmitting; staff and auditors comment too. */
  respondAudit: { authenticated: true, apiKeyScope: 'refused' },
  // Support requests (docs/support.md); tenancy is decided on top by the tenant guard.
  readSupport: { permission: 'support:read', apiKeyScope: 'refused' },
  writeSupport: { permission: 'support:write', apiKeyScope: 'refused' },
  /** The staff queue across the organizations they serve. */
  answerSupport: { permission: 'support:answer', apiKeyScope: 'refused' },
  /** The organization's time zone (docs/workflow-runs.md): a client manager for their own, staff who serve it. */
  manageOrganizationTimeZone: { minimumRole: 'client_manager', permission: 'workflows:read', apiKeyScope: 'refused' },
  /** Program Analytics on /program-execution. */
  readProgramAnalytics: { permission: 'analytics:read', apiKeyScope: 'refused' },
  // The trust center (docs/trust-center.md): an organization's client manager for their own, staff who serve it.
  // Publishing documents and letting prospects in are people's decisions, never a key's. Auditors rank
  // above a client manager but publish nothing of the client's: evidence:write keeps them out.
  manageTrustCenter: { authenticated: true, minimumRole: 'client_manager', permission: 'evidence:write', apiKeyScope: 'refused' },
  // Security questionnaires (docs/questionnaires.md); tenancy is decided on top by the tenant guard. A key
  // with the programme's scopes reads the library and uploads and answers questionnaires (the answers come
  // from the programme); accepting or editing an answer is a reviewer's judgment, never a key's.
  readQuestionnaires: { permission: 'questionnaires:read', apiKeyScope: ['programme:read'] },
  writeQuestionnaires: { permission: 'questionnaires:write', apiKeyScope: ['programme:read_write'] },
  reviewQuestionnaires: { permission: 'questionnaires:write', apiKeyScope: 'refused' },
  // Policies, attestation campaigns, the people roster (docs/policies.md): publishing is a person's decision, never a key's.
  readPolicies: { permission: 'policies:read', apiKeyScope: ['policies:read'] },
  publishPolicies: { permission: 'policies:write', apiKeyScope: 'refused' },
  writeAttestations: { permission: 'policies:write', apiKeyScope: ['policies:read_write'] },
  readPeople: { permission: 'people:read', apiKeyScope: ['people:read'] },
  writePeople: { permission: 'people:write', apiKeyScope: ['people:read_write'] },
  // The MCP server: its tools are /api/v1 operations called with the caller's own credentials (docs/mcp.md).
  connectAssistant: { authenticated: true, apiKeyScope: 'unscoped' },
  // Connectors (docs/connectors.md): their runs store evidence, so reading and running one is readEvidence's and
  // writeEvidence's; credentials are given and removed by a person (a client manager, staff), never by a key.
  manageConnectors: { authenticated: true, minimumRole: 'client_manager', permission: 'evidence:write', apiKeyScope: 'refused' },
  /** The Admin Sample Data Manager (docs/sample-data.md): staff holding is_data_ai_admin, whatever their role. */
  manageSampleData: { authenticated: true, capability: 'is_data_ai_admin', apiKeyScope: 'refused' },
} as const satisfies Record<string, EndpointRequirement>;
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
