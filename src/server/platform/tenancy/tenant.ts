import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizationMembers, staffAssignments } from '../../db/schema/organizations.ts';
import { getRequestAccess } from '../access/access-guard.ts';
import { loadAccess } from '../access/access.service.ts';
import { type AuditOrigin, auditOrigin } from '../audit/record-audit.ts';

/**
 * The tenant guard (docs/tenancy.md): the one place that decides which client organizations a
 * request reaches. Every workspace query goes through it:
 *
 *   const tenant = await requestTenant(request);
 *   const rows = await tenant.transaction((tx) => tx.select().from(things).where(tenant.where(things.organizationId)));
 *   tenant.assert(row?.organizationId); // another organization's row, or none: 404 NOT_FOUND
 *
 * Row-level security (migration 0017) is the second line: inside `tenant.transaction` the database
 * itself hides tenant rows of other organizations, so a query that forgets `tenant.where` still
 * returns nothing it should not.
 */

/** The API key a request acts through: written on every audit entry of its tenant transactions (docs/audit.md). */
export interface ScopeApiKey {
  id: string;
  name: string;
}

export type TenantScope =
  | { kind: 'member'; userId: string; organizationId: string; apiKey?: ScopeApiKey }
  | { kind: 'staff'; userId: string; organizationIds: readonly string[] }
  | { kind: 'all'; userId: string | null }
  /** A signed-in client who belongs to no organization yet: every tenant read is empty. */
  | { kind: 'none'; userId: string };

/** The organizations a scope reaches; null for every organization. */
export function scopeOrganizationIds(scope: TenantScope): readonly string[] | null {
  switch (scope.kind) {
    case 'all':
      return null;
    case 'member':
      return [scope.organizationId];
    case 'staff':
      return scope.organizationIds;
    case 'none':
      return [];
  }
}

export function scopeReaches(scope: TenantScope, organizationId: string | null | undefined): boolean {
  if (!organizationId) return false;
  const ids = scopeOrganizationIds(scope);
  return ids === null || ids.includes(organizationId);
}

/** A drizzle condition keeping rows whose organization column lies in the scope. */
export function tenantCondition(scope: TenantScope, column: AnyPgColumn): SQL {
  const ids = scopeOrganizationIds(scope);
  if (ids === null) return sql`true`;
  if (ids.length === 0) return sql`false`;
  return ids.length === 1 ? eq(column, ids[0]) : inArray(column, [...ids]);
}

/**
 * 404 NOT_FOUND unless the organization lies in the scope. Another organization's row answers exactly
 * as a row that does not exist, so nobody learns what other tenants hold.
 */
export function assertTenant(
  scope: TenantScope,
  organizationId: string | null | undefined,
  message = 'Not found.',
): asserts organizationId is string {
  if (!scopeReaches(scope, organizationId)) throw new AppError('NOT_FOUND', message);
}

export const TENANT_DB_ROLE = 'compliancecore_tenant';
const tenantRoleUsable = new WeakMap<Db, Promise<boolean>>();

/** Whether this connection may switch to the RLS-bound role (a superuser or a member of it). */
function canAssumeTenantRole(db: Db): Promise<boolean> {
  let usable = tenantRoleUsable.get(db);
  if (!usable) {
    usable = db
      .execute(
        sql`select case when exists (select 1 from pg_roles where rolname = ${TENANT_DB_ROLE})
              then pg_has_role(current_user, ${TENANT_DB_ROLE}, 'MEMBER') else false end as usable`,
      )
      .then((result) => (result as { rows: { usable: boolean }[] }).rows[0]?.usable === true);
    tenantRoleUsable.set(db, usable);
  }
  return usable;
}

/**
 * Runs `work` in a transaction bound to the scope: the settings the RLS policies read are set for
 * this transaction only, and the transaction acts as the RLS-bound role, so the database refuses tenant
 * rows outside the scope. Keep it short (product rule: no awaited network or LLM call inside).
 */
export async function withTenant<T>(db: Db, scope: TenantScope, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  const ids = scopeOrganizationIds(scope);
  const assumeRole = await canAssumeTenantRole(db);
  const apiKey = scope.kind === 'member' ? scope.apiKey : undefined;
  return db.transaction(async (tx) => {
    // One statement: `set_config('role', …, true)` is `set local role`, without a round trip of its own.
    // A key's id and name go on every audit entry this transaction appends (trigger audit_events_api_key).
    await tx.execute(sql`select
      set_config('app.tenant_all', ${ids === null ? 'on' : 'off'}, true),
      set_config('app.organization_ids', ${(ids ?? []).join(',')}, true),
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.api_key_id', ${apiKey?.id ?? ''}, true),
      set_config('app.api_key_name', ${apiKey?.name ?? ''}, true)${assumeRole ? sql`, set_config('role', ${TENANT_DB_ROLE}, true)` : sql``}`);
    return work(tx);
  });
}

/** Works out a user's scope: administrators all, staff their assignments, clients their organization. */
export async function resolveTenantScope(
  db: Db,
  user: {
    userId: string;
    isAdministrator: boolean;
    isStaff: boolean;
    /** A client's first organization when the caller has read it already (getRequestAccess does). */
    firstOrganizationId?: string | null;
  },
): Promise<TenantScope> {
  const { userId } = user;
  if (user.isAdministrator) return { kind: 'all', userId };
  if (user.isStaff) {
    // Read under RLS with only the caller's own id set: the policy shows a staff member their assignments.
    const rows = await withTenant(db, { kind: 'none', userId }, (tx) =>
      tx
        .select({ organizationId: staffAssignments.organizationId })
        .from(staffAssignments)
        .where(eq(staffAssignments.staffUserId, userId))
        .orderBy(asc(staffAssignments.createdAt)),
    );
    return { kind: 'staff', userId, organizationIds: rows.map((row) => row.organizationId) };
  }
  // A client belongs to one organization; billing may have made more (a second subscription), and the
  // first one they joined is theirs (docs/tenancy.md).
  if (user.firstOrganizationId !== undefined) {
    return user.firstOrganizationId ? { kind: 'member', userId, organizationId: user.firstOrganizationId } : { kind: 'none', userId };
  }
  const [membership] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.id))
    .limit(1);
  return membership ? { kind: 'member', userId, organizationId: membership.organizationId } : { kind: 'none', userId };
}

const scopes = new WeakMap<FastifyRequest, Promise<TenantScope>>();

/**
 * An API key reaches its one organization, and only while its maker still does (an ended assignment or
 * membership ends the key's reach too): docs/integrations.md.
 */
async function apiKeyScope(request: FastifyRequest, apiKey: ScopeApiKey & { organizationId: string }): Promise<TenantScope> {
  const { organizationId } = apiKey;
  const access = await getRequestAccess(request);
  const { userId } = access.user;
  const maker = await loadAccess(request.server.database.db, userId);
  const makerScope = await resolveTenantScope(request.server.database.db, {
    userId,
    isAdministrator: maker.roles.includes('administrator'),
    isStaff: maker.userType === 'staff',
  });
  return scopeReaches(makerScope, organizationId)
    ? { kind: 'member', userId, organizationId, apiKey: { id: apiKey.id, name: apiKey.name } }
    : { kind: 'none', userId };
}

/** The request's tenant scope, loaded once per request. The service-role key reaches every organization. */
export function tenantScope(request: FastifyRequest): Promise<TenantScope> {
  let scope = scopes.get(request);
  if (!scope) {
    scope =
      request.auth?.role === 'service_role'
        ? Promise.resolve({ kind: 'all', userId: null })
        : request.auth?.apiKey
          ? apiKeyScope(request, request.auth.apiKey)
          : getRequestAccess(request).then((access) =>
              resolveTenantScope(request.server.database.db, {
                userId: access.user.userId,
                isAdministrator: access.roles.includes('administrator'),
                isStaff: access.userType === 'staff',
                firstOrganizationId: access.firstOrganizationId,
              }),
            );
    scopes.set(request, scope);
  }
  return scope;
}

/** The guard bound to one request: what a route handler uses. */
export interface Tenant {
  scope: TenantScope;
  where(column: AnyPgColumn): SQL;
  reaches(organizationId: string | null | undefined): boolean;
  assert(organizationId: string | null | undefined, message?: string): asserts organizationId is string;
  transaction<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  /** Who acts and from where, for the audit trail (docs/audit.md): the request's, or the scope's user. */
  origin: AuditOrigin;
}

export function tenantOf(db: Db, scope: TenantScope, origin?: AuditOrigin): Tenant {
  return {
    scope,
    origin: origin ?? { actor: scope.userId, ip: null, userAgent: null },
    where: (column) => tenantCondition(scope, column),
    reaches: (organizationId) => scopeReaches(scope, organizationId),
    assert(organizationId, message) {
      assertTenant(scope, organizationId, message);
    },
    transaction: (work) => withTenant(db, scope, work),
  };
}

export async function requestTenant(request: FastifyRequest): Promise<Tenant> {
  return tenantOf(request.server.database.db, await tenantScope(request), auditOrigin(request));
}
