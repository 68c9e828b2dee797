import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { PERMISSIONS, ROLES, type Role } from '../../../shared/permissions.ts';
import type {
  AdminUser,
  AdminUserList,
  AdminUserListQuery,
  RolePermissionMatrix,
  SecurityEventList,
  SecurityEventListQuery,
  UpdateRolePermissionsInput,
  UpdateUserAccessInput,
  UserRoleAssignment,
} from '../../../shared/schemas/access.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { permissions, profiles, rolePermissions, securityEvents, userAccessScopes, userRoles } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { type AuditOrigin, recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import { ensureProfile, setUserType } from '../../platform/access/access.service.ts';
import { deleteUsers } from '../auth/users/user-store.ts';

/**
 * The administrator's operations (product.md §6: roles, flags, scopes, the role–permission matrix and
 * the security events). Routes check adminOnly before calling any of these.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const scopeColumns = {
  userId: userAccessScopes.userId,
  business_unit: userAccessScopes.businessUnit,
  region: userAccessScopes.region,
  framework: userAccessScopes.framework,
  environment: userAccessScopes.environment,
  data_classification: userAccessScopes.dataClassification,
  is_active: userAccessScopes.isActive,
};

async function accessOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return { roles: new Map<string, UserRoleAssignment[]>(), scopes: new Map() };
  const [roleRows, scopeRows] = await Promise.all([
    db
      .select({
        userId: userRoles.userId,
        role: userRoles.role,
        is_approver: userRoles.isApprover,
        is_integration_admin: userRoles.isIntegrationAdmin,
        is_data_ai_admin: userRoles.isDataAiAdmin,
      })
      .from(userRoles)
      .where(inArray(userRoles.userId, userIds)),
    db.select(scopeColumns).from(userAccessScopes).where(inArray(userAccessScopes.userId, userIds)),
  ]);
  const roles = new Map<string, UserRoleAssignment[]>();
  for (const { userId, role, ...flags } of roleRows) {
    if (!(ROLES as readonly string[]).includes(role)) continue;
    roles.set(userId, [...(roles.get(userId) ?? []), { role: role as Role, ...flags }]);
  }
  const scopes = new Map<string, AdminUser['scopes']>();
  for (const { userId, ...scope } of scopeRows) scopes.set(userId, [...(scopes.get(userId) ?? []), scope]);
  for (const list of roles.values()) list.sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role));
  return { roles, scopes };
}

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  const where = and(
    query.q ? ilike(authUsers.email, `%${escapeLike(query.q.toLowerCase())}%`) : undefined,
    query.userType === 'staff' ? eq(profiles.userType, 'staff') : undefined,
    query.userType === 'client' ? or(isNull(profiles.userType), eq(profiles.userType, 'client')) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: authUsers.id,
        email: authUsers.email,
        createdAt: authUsers.createdAt,
        lastSignInAt: authUsers.lastSignInAt,
        emailConfirmedAt: authUsers.emailConfirmedAt,
        userType: profiles.userType,
      })
      .from(authUsers)
      .leftJoin(profiles, eq(profiles.userId, authUsers.id))
      .where(where)
      .orderBy(asc(authUsers.email), asc(authUsers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(authUsers).leftJoin(profiles, eq(profiles.userId, authUsers.id)).where(where),
  ]);
  const { roles, scopes } = await accessOf(
    db,
    rows.map((row) => row.userId),
  );
  return {
    total: total?.value ?? 0,
    users: rows.map((row) => ({
      userId: row.userId,
      email: row.email ?? '',
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: iso(row.lastSignInAt),
      emailConfirmedAt: iso(row.emailConfirmedAt),
      // A user who never opened the workspace has no profile yet; they will be a client.
      userType: row.userType ?? 'client',
      roles: roles.get(row.userId) ?? [],
      scopes: scopes.get(row.userId) ?? [],
    })),
  };
}

export async function getUser(db: Db, userId: string): Promise<AdminUser> {
  const [row] = await db
    .select({
      userId: authUsers.id,
      email: authUsers.email,
      createdAt: authUsers.createdAt,
      lastSignInAt: authUsers.lastSignInAt,
      emailConfirmedAt: authUsers.emailConfirmedAt,
      userType: profiles.userType,
    })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.userId, authUsers.id))
    .where(eq(authUsers.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'No user has this id.');
  const { roles, scopes } = await accessOf(db, [userId]);
  return {
    userId: row.userId,
    email: row.email ?? '',
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
    emailConfirmedAt: iso(row.emailConfirmedAt),
    userType: row.userType ?? 'client',
    roles: roles.get(userId) ?? [],
    scopes: scopes.get(userId) ?? [],
  };
}

type AccessInput = UpdateUserAccessInput & { userId: string };

/** Writes a user's type, roles (with flags) and scopes, replacing what they held, inside `tx`. */
export async function replaceUserAccess(tx: DbTransaction, input: AccessInput): Promise<void> {
  await ensureProfile(tx, { userId: input.userId, userType: input.userType });
  await setUserType(tx, { userId: input.userId, userType: input.userType });
  await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
  if (input.roles.length > 0) {
    await tx.insert(userRoles).values(
      input.roles.map((role) => ({
        userId: input.userId,
        role: role.role,
        isApprover: role.is_approver,
        isIntegrationAdmin: role.is_integration_admin,
        isDataAiAdmin: role.is_data_ai_admin,
      })),
    );
  }
  await tx.delete(userAccessScopes).where(eq(userAccessScopes.userId, input.userId));
  if (input.scopes.length > 0) {
    await tx.insert(userAccessScopes).values(
      input.scopes.map((scope) => ({
        userId: input.userId,
        businessUnit: scope.business_unit ?? null,
        region: scope.region ?? null,
        framework: scope.framework ?? null,
        environment: scope.environment ?? null,
        dataClassification: scope.data_classification ?? null,
        isActive: scope.is_active,
      })),
    );
  }
}

/** Replaces a user's type, roles (with flags) and scopes in one transaction. */
export async function updateUserAccess(
  db: Db,
  input: AccessInput & { /** null: the service-role key, nobody's account. */ actorId: string | null; origin?: AuditOrigin },
): Promise<AdminUser> {
  const [exists] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, input.userId));
  if (!exists) throw new AppError('NOT_FOUND', 'No user has this id.');
  // An administrator cannot lock the last way back in: their own administrator role.
  if (input.userId === input.actorId && !input.roles.some((role) => role.role === 'administrator')) {
    throw new AppError('CONFLICT', 'You cannot remove your own administrator role. Ask another administrator.');
  }
  const before = await getUser(db, input.userId);
  await db.transaction(async (tx) => {
    await replaceUserAccess(tx, input);
    // Role changes belong to no one organization: they are chained on the global trail.
    await recordAudit(tx, {
      ...(input.origin ?? { actor: input.actorId }),
      organizationId: null,
      action: 'user_access.update',
      entityType: 'user',
      entityId: input.userId,
      before: { userType: before.userType, roles: before.roles, scopes: before.scopes },
      after: { userType: input.userType, roles: input.roles, scopes: input.scopes },
    });
  });
  return getUser(db, input.userId);
}

export async function readRolePermissionMatrix(db: Db): Promise<RolePermissionMatrix> {
  const [permissionRows, links] = await Promise.all([
    db
      .select({ name: permissions.name, category: permissions.category, description: permissions.description })
      .from(permissions)
      .orderBy(asc(permissions.category), asc(permissions.name)),
    db
      .select({ role: rolePermissions.role, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.isActive, true)),
  ]);
  const matrix = Object.fromEntries(ROLES.map((role) => [role, [] as string[]])) as Record<Role, string[]>;
  for (const link of links) {
    if ((ROLES as readonly string[]).includes(link.role)) matrix[link.role as Role].push(link.name);
  }
  for (const role of ROLES) matrix[role].sort();
  return { permissions: permissionRows, matrix };
}

/** Replaces the permission set of each role named in the input. */
export async function updateRolePermissions(
  db: Db,
  input: UpdateRolePermissionsInput,
  origin: AuditOrigin = SYSTEM_ORIGIN,
): Promise<RolePermissionMatrix> {
  const permissionRows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const idByName = new Map(permissionRows.map((row) => [row.name, row.id]));
  const missing = PERMISSIONS.filter((name) => !idByName.has(name));
  if (missing.length > 0) throw new AppError('INTERNAL', `Permissions missing from the database: ${missing.join(', ')}`);
  await db.transaction(async (tx) => {
    for (const [role, names] of Object.entries(input.matrix)) {
      await tx.delete(rolePermissions).where(eq(rolePermissions.role, role));
      const ids = [...new Set(names)].map((name) => idByName.get(name)!);
      if (ids.length > 0) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ role, permissionId })));
    }
    await recordAudit(tx, {
      ...origin,
      organizationId: null,
      action: 'role_permissions.update',
      entityType: 'role_permissions',
      // The roles whose permission sets were replaced.
      entityId: Object.keys(input.matrix).sort().join(','),
      after: input.matrix,
    });
  });
  return readRolePermissionMatrix(db);
}

/**
 * Deletes a user: their sign-in goes, and with it (by cascade) their sessions, roles and scopes. The
 * trail keeps who deleted whom, on the global chain.
 */
export async function deleteUser(db: Db, userId: string, origin: AuditOrigin = SYSTEM_ORIGIN): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await deleteUsers(tx, [userId]);
    if (!deleted) throw new AppError('NOT_FOUND', 'No user has this id.');
    await recordAudit(tx, {
      ...origin,
      organizationId: null,
      action: 'user.delete',
      entityType: 'user',
      entityId: userId,
      before: { email: deleted.email },
    });
  });
}

export async function listSecurityEvents(db: Db, query: SecurityEventListQuery): Promise<SecurityEventList> {
  const conditions = [
    query.type ? eq(securityEvents.eventType, query.type) : undefined,
    // Keyset on (created_at, id), compared in the database so microsecond timestamps stay exact.
    query.before
      ? sql`(${securityEvents.createdAt}, ${securityEvents.id}) < (select created_at, id from security_events where id = ${query.before})`
      : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({
      id: securityEvents.id,
      userId: securityEvents.userId,
      email: authUsers.email,
      eventType: securityEvents.eventType,
      details: securityEvents.details,
      ipAddress: securityEvents.ipAddress,
      userAgent: securityEvents.userAgent,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(authUsers, eq(authUsers.id, securityEvents.userId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map((row) => ({
      ...row,
      details: (row.details ?? {}) as Record<string, unknown>,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
