import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type CapabilityFlags,
  type Role,
  type UserAccessScope,
  type UserRoleRow,
  type UserType,
  isRole,
  mergeCapabilities,
  primaryRole,
} from '../../../shared/permissions.ts';
import type { SecurityEventType } from '../../../shared/schemas/access.ts';
import { toStorableText } from '../../../shared/rules/storable-text.ts';
import { type Db, executePrepared } from '../../db/client.ts';
import { permissions, profiles, rolePermissions, userAccessScopes, userRoles } from '../../db/schema/access.ts';

/** Everything the guards need to decide about one user (product.md §6, §7 reads). */
export interface UserAccess {
  userType: UserType;
  roles: Role[];
  primaryRole: Role | null;
  capabilities: CapabilityFlags;
  permissions: Set<string>;
  scopes: UserAccessScope[];
}

export const NO_CAPABILITIES: CapabilityFlags = { is_approver: false, is_integration_admin: false, is_data_ai_admin: false };

/** What a user holds when their roles cannot be read: nothing (product.md §8, "clears the role"). */
export function emptyAccess(userType: UserType = 'client'): UserAccess {
  return { userType, roles: [], primaryRole: null, capabilities: NO_CAPABILITIES, permissions: new Set(), scopes: [] };
}

/** Both drivers (PGlite and node-postgres) answer a raw query with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** Creates the user's profile if missing. Returns whether this call created it. */
export async function ensureProfile(db: Executor, input: { userId: string; userType?: UserType }): Promise<boolean> {
  const inserted = await db
    .insert(profiles)
    .values({ userId: input.userId, userType: input.userType ?? 'client' })
    .onConflictDoNothing({ target: profiles.userId })
    .returning({ userId: profiles.userId });
  return inserted.length > 0;
}

export async function setUserType(db: Executor, input: { userId: string; userType: UserType }): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId: input.userId, userType: input.userType })
    .onConflictDoUpdate({ target: profiles.userId, set: { userType: input.userType, updatedAt: new Date() } });
}

export interface GrantRoleInput {
  userId: string;
  role: Role;
  isApprover?: boolean;
  isIntegrationAdmin?: boolean;
  isDataAiAdmin?: boolean;
}

/** Gives a user a role (idempotent). Flags left undefined keep their current value. */
export async function grantRole(db: Executor, input: GrantRoleInput): Promise<void> {
  const flags = {
    ...(input.isApprover === undefined ? {} : { isApprover: input.isApprover }),
    ...(input.isIntegrationAdmin === undefined ? {} : { isIntegrationAdmin: input.isIntegrationAdmin }),
    ...(input.isDataAiAdmin === undefined ? {} : { isDataAiAdmin: input.isDataAiAdmin }),
  };
  const insert = db.insert(userRoles).values({ userId: input.userId, role: input.role, ...flags });
  await (Object.keys(flags).length > 0
    ? insert.onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: flags })
    : insert.onConflictDoNothing({ target: [userRoles.userId, userRoles.role] }));
}

/**
 * A user seen for the first time gets a client profile and the client role. Only the call that
 * creates the profile grants the role, so an administrator who later removes every role is obeyed.
 */
async function provisionNewUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await ensureProfile(tx, { userId, userType: 'client' })) await grantRole(tx, { userId, role: 'client' });
  });
}

/**
 * user_roles with its three flags, falling back to the role alone (product.md §7) so a database whose
 * user_roles predates the flag columns still grants the roles, with no capability.
 */
async function readRoleRows(db: Db, userId: string): Promise<UserRoleRow[]> {
  let rows: { role: string; is_approver?: boolean; is_integration_admin?: boolean; is_data_ai_admin?: boolean }[];
  try {
    rows = await db
      .select({
        role: userRoles.role,
        is_approver: userRoles.isApprover,
        is_integration_admin: userRoles.isIntegrationAdmin,
        is_data_ai_admin: userRoles.isDataAiAdmin,
      })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
  } catch {
    rows = rowsOf<{ role: string }>(await db.execute(sql`select role from user_roles where user_id = ${userId}`));
  }
  return rows.flatMap((row) => (isRole(row.role) ? [{ ...row, role: row.role }] : []));
}

export async function loadAccess(db: Db, userId: string): Promise<UserAccess> {
  let [profile] = await db.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) {
    await provisionNewUser(db, userId);
    [profile] = await db.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.userId, userId));
  }
  const userType = profile?.userType ?? 'client';
  const roleRows = await readRoleRows(db, userId);
  const roles = [...new Set(roleRows.map((row) => row.role))];
  const [permissionRows, scopeRows] = await Promise.all([
    roles.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(and(inArray(rolePermissions.role, roles), eq(rolePermissions.isActive, true))),
    db
      .select({
        business_unit: userAccessScopes.businessUnit,
        region: userAccessScopes.region,
        framework: userAccessScopes.framework,
        environment: userAccessScopes.environment,
        data_classification: userAccessScopes.dataClassification,
        is_active: userAccessScopes.isActive,
      })
      .from(userAccessScopes)
      .where(and(eq(userAccessScopes.userId, userId), eq(userAccessScopes.isActive, true))),
  ]);
  return {
    userType,
    roles,
    primaryRole: primaryRole(roles),
    // product.md §6: the role flags apply only to staff.
    capabilities: userType === 'staff' ? mergeCapabilities(roleRows) : NO_CAPABILITIES,
    permissions: new Set(permissionRows.map((row) => row.name)),
    scopes: scopeRows,
  };
}

/** What a request's guards read about its user, read in one round trip (docs/dashboard.md, "How fast"). */
export interface RequestUserAccess {
  access: UserAccess;
  /** A verified second factor is enrolled: an aal1 session has not finished signing in. */
  hasVerifiedFactor: boolean;
  /** The organization a client works in, the first they joined (resolveTenantScope); null when none. */
  firstOrganizationId: string | null;
  /**
   * The read cache's versions (platform/http/read-cache.ts) of what every organization shares and of that
   * organization, read in the same statement: a cached read of a client's is then one round trip.
   */
  readVersions: { global: string; firstOrganization: string | null };
}

interface RequestUserAccessRow {
  user_type: UserType | null;
  has_verified_factor: boolean;
  roles: { role: string; is_approver: boolean; is_integration_admin: boolean; is_data_ai_admin: boolean }[];
  permissions: [role: string, name: string][];
  scopes: UserAccessScope[];
  first_organization_id: string | null;
  global_version: string;
  first_organization_version: string | null;
  session_active: boolean | null;
}

/** The statement of `loadRequestUserAccess`; with a session id, it also says whether that session is still open. */
async function readRequestUserAccessRow(
  db: Pick<Db, '_'>,
  userId: string,
  sessionId: string | null,
): Promise<RequestUserAccessRow | undefined> {
  // Prepared once per connection (every guarded request runs it; planning was most of its cost).
  const [row] = await executePrepared<RequestUserAccessRow>(
    db,
    sessionId === null ? 'request_user_access' : 'request_user_access_with_session',
    sql`with first_membership as (
        select organization_id from organization_members where user_id = ${userId} order by created_at asc, id asc limit 1)
      select
      (select user_type from profiles where user_id = ${userId}) as user_type,
      exists (select 1 from auth.mfa_factors where user_id = ${userId} and status = 'verified') as has_verified_factor,
      coalesce((select json_agg(json_build_object('role', role, 'is_approver', is_approver,
        'is_integration_admin', is_integration_admin, 'is_data_ai_admin', is_data_ai_admin))
        from user_roles where user_id = ${userId}), '[]'::json) as roles,
      coalesce((select json_agg(json_build_array(role_permissions.role, permissions.name))
        from role_permissions join permissions on permissions.id = role_permissions.permission_id
        where role_permissions.is_active and role_permissions.role in (select role from user_roles where user_id = ${userId})),
        '[]'::json) as permissions,
      coalesce((select json_agg(json_build_object('business_unit', business_unit, 'region', region, 'framework', framework,
        'environment', environment, 'data_classification', data_classification, 'is_active', is_active))
        from user_access_scopes where user_id = ${userId} and is_active), '[]'::json) as scopes,
      (select organization_id from first_membership) as first_organization_id,
      (select coalesce(sum(version), 0)::text from read_versions where scope = 'global') as global_version,
      (select coalesce(sum(version), 0)::text from read_versions
        where scope = (select organization_id::text from first_membership)) as first_organization_version,
      ${sessionId === null ? sql`null::boolean` : sql`exists (select 1 from auth.sessions where id = ${sessionId} and user_id = ${userId})`} as session_active`,
  );
  return row;
}

function toRequestUserAccess(row: RequestUserAccessRow | undefined): RequestUserAccess | null {
  if (!row?.user_type) return null;
  const roleRows: UserRoleRow[] = row.roles.flatMap((roleRow) => (isRole(roleRow.role) ? [{ ...roleRow, role: roleRow.role }] : []));
  const roles = [...new Set(roleRows.map((roleRow) => roleRow.role))];
  const held = new Set<string>(roles);
  return {
    access: {
      userType: row.user_type,
      roles,
      primaryRole: primaryRole(roles),
      capabilities: row.user_type === 'staff' ? mergeCapabilities(roleRows) : NO_CAPABILITIES,
      permissions: new Set(row.permissions.flatMap(([role, name]) => (held.has(role) ? [name] : []))),
      scopes: row.scopes,
    },
    hasVerifiedFactor: row.has_verified_factor,
    firstOrganizationId: row.first_organization_id,
    readVersions: {
      global: row.global_version,
      firstOrganization: row.first_organization_id === null ? null : row.first_organization_version,
    },
  };
}

/**
 * `loadAccess`, the second-factor check and a client's organization in one statement: the reads every
 * guarded request makes, which one by one were six round trips to the database before the handler's
 * own. Null for a user with no profile yet: the caller takes the step-by-step path, which provisions.
 */
export async function loadRequestUserAccess(db: Pick<Db, '_'>, userId: string): Promise<RequestUserAccess | null> {
  return toRequestUserAccess(await readRequestUserAccessRow(db, userId, null));
}

/**
 * The session check of authentication (is this token's session still open?) and `loadRequestUserAccess`
 * in the same statement: one round trip where a guarded request made two (docs/dashboard.md, "How fast").
 * `access` is null for a user with no profile yet, as there.
 */
export async function loadSessionAndUserAccess(
  db: Pick<Db, '_'>,
  userId: string,
  sessionId: string,
): Promise<{ sessionActive: boolean; access: RequestUserAccess | null }> {
  const row = await readRequestUserAccessRow(db, userId, sessionId);
  return { sessionActive: row?.session_active === true, access: toRequestUserAccess(row) };
}

export interface SecurityEventInput {
  userId: string | null;
  eventType: SecurityEventType;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

/** Writes through the SQL function log_security_event, the one way events are recorded (product.md §7). */
export async function logSecurityEvent(db: Pick<Db, 'execute'>, input: SecurityEventInput): Promise<string> {
  // An event quotes what an attacker sent; it is kept with unstorable characters replaced, never lost.
  const details = JSON.stringify(input.details, (_key, value: unknown) => (typeof value === 'string' ? toStorableText(value) : value));
  const text = (value: string | null) => (value === null ? null : toStorableText(value));
  const result = await db.execute(
    sql`select log_security_event(${input.userId}::uuid, ${input.eventType}, ${details}::jsonb, ${text(input.ip)}, ${text(input.userAgent)}) as id`,
  );
  const id = rowsOf<{ id: string }>(result)[0]?.id;
  if (!id) throw new Error('log_security_event returned nothing');
  return id;
}
