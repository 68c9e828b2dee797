import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type {
  AssignStaffInput,
  CreateOrganizationInput,
  MyOrganizations,
  Organization,
  OrganizationList,
  OrganizationListQuery,
  StaffAssignment,
} from '../../../shared/schemas/organizations.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { profiles } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { recordStaffAssignment } from './organization-records.ts';

/**
 * Organizations and staff assignments (docs/tenancy.md). Every function takes the request's tenant
 * guard and runs inside its transaction, so an organization outside the tenant is NOT_FOUND exactly
 * like one that does not exist.
 */

const ORGANIZATION_NOT_FOUND = 'No such organization.';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

// Written out in full: inside sql`` drizzle leaves column names unqualified, and the subquery's own
// "id" would shadow the organization's.
const memberCount = sql<number>`(select count(*)::int from "organization_members" m where m."organization_id" = "organizations"."id")`;
const staffCount = sql<number>`(select count(*)::int from "staff_assignments" s where s."organization_id" = "organizations"."id")`;

// Open work and SLA health (docs/organizations.md). "Waiting for the client": the last comment on an open request is ours.
const OPEN = `t."organization_id" = "organizations"."id" and t."status" in ('queued', 'in_progress', 'in_review', 'failed')`;
const openRequests = sql<number>`(select count(*)::int from "task_requests" t where ${sql.raw(OPEN)})`;
const overdueRequests = sql<number>`(select count(*)::int from "task_requests" t where ${sql.raw(OPEN)} and t."due_at" < now())`;
const dueSoonRequests = sql<number>`(select count(*)::int from "task_requests" t where ${sql.raw(OPEN)} and t."due_at" >= now() and t."due_at" < now() + interval '2 days')`;
const waitingForClient = sql<number>`(select count(*)::int from "task_requests" t where ${sql.raw(OPEN)} and (select c."author_kind" from "task_comments" c where c."task_request_id" = t."id" order by c."created_at" desc limit 1) = 'staff')`;
const latestSubscription = (column: string) =>
  sql<
    string | null
  >`(select s.${sql.raw(`"${column}"`)} from "subscriptions" s where s."organization_id" = "organizations"."id" order by s."created_at" desc limit 1)`;

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  website: organizations.website,
  size: organizations.size,
  country: organizations.country,
  isSample: organizations.isSample,
  createdAt: organizations.createdAt,
  memberCount,
  staffCount,
  plan: latestSubscription('plan'),
  subscriptionStatus: latestSubscription('status'),
  openRequests,
  overdueRequests,
  dueSoonRequests,
  waitingForClient,
};

type OrganizationRow = Omit<Organization, 'createdAt'> & { createdAt: Date };
const toOrganization = (row: OrganizationRow): Organization => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listOrganizations(tenant: Tenant, query: OrganizationListQuery): Promise<OrganizationList> {
  const where = and(tenant.where(organizations.id), query.q ? ilike(organizations.name, `%${escapeLike(query.q)}%`) : undefined);
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select(organizationColumns)
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await tx.select({ value: count() }).from(organizations).where(where);
    return { organizations: rows.map(toOrganization), total: total?.value ?? 0 };
  });
}

/** Administrators only (the route says so): a new client organization, with no members yet. */
export async function createOrganization(tenant: Tenant, input: CreateOrganizationInput): Promise<Organization> {
  return tenant.transaction(async (tx) => {
    const [created] = await tx
      .insert(organizations)
      .values({ name: input.name, website: input.website ?? null, size: input.size ?? null, country: input.country ?? null })
      .returning({ id: organizations.id });
    if (!created) throw new Error('createOrganization: insert returned nothing');
    const organization = toOrganization(await findOrganization(tx, tenant, created.id));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: created.id,
      action: 'organization.create',
      entityType: 'organization',
      entityId: created.id,
      after: { name: organization.name, website: organization.website, size: organization.size, country: organization.country },
    });
    return organization;
  });
}

async function findOrganization(tx: DbTransaction, tenant: Tenant, organizationId: string): Promise<OrganizationRow> {
  const [row] = await tx
    .select(organizationColumns)
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), tenant.where(organizations.id)));
  tenant.assert(row?.id, ORGANIZATION_NOT_FOUND);
  return row as OrganizationRow;
}

const assignmentColumns = {
  id: staffAssignments.id,
  organizationId: staffAssignments.organizationId,
  staffUserId: staffAssignments.staffUserId,
  staffEmail: authUsers.email,
  engagementRole: staffAssignments.engagementRole,
  createdBy: staffAssignments.createdBy,
  createdAt: staffAssignments.createdAt,
};

async function assignmentsOf(tx: DbTransaction, tenant: Tenant, organizationIds: readonly string[]): Promise<StaffAssignment[]> {
  if (organizationIds.length === 0) return [];
  const rows = await tx
    .select(assignmentColumns)
    .from(staffAssignments)
    .leftJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
    .where(and(inArray(staffAssignments.organizationId, [...organizationIds]), tenant.where(staffAssignments.organizationId)))
    .orderBy(asc(staffAssignments.createdAt), asc(staffAssignments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function listStaffAssignments(tenant: Tenant, organizationId: string): Promise<StaffAssignment[]> {
  return tenant.transaction(async (tx) => {
    await findOrganization(tx, tenant, organizationId);
    return assignmentsOf(tx, tenant, [organizationId]);
  });
}

export interface AssignStaffOptions extends AssignStaffInput {
  organizationId: string;
  actorId: string | null;
}

/** Assigns a staff member (profile type staff) to an organization; one engagement role per organization. */
export async function assignStaff(tenant: Tenant, options: AssignStaffOptions): Promise<StaffAssignment> {
  return tenant.transaction(async (tx) => {
    await findOrganization(tx, tenant, options.organizationId);
    const [profile] = await tx.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.userId, options.staffUserId));
    if (profile?.userType !== 'staff') {
      throw new AppError('VALIDATION_FAILED', 'Only staff can be assigned to an organization.', [
        { path: 'body.staffUserId', message: 'Choose a staff member' },
      ]);
    }
    let id: string;
    try {
      id = await recordStaffAssignment(tx, tenant.origin, {
        organizationId: options.organizationId,
        staffUserId: options.staffUserId,
        engagementRole: options.engagementRole,
        createdBy: options.actorId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          'CONFLICT',
          'This staff member is already assigned to this organization. Remove the assignment to change the role.',
        );
      }
      throw error;
    }
    const assignment = (await assignmentsOf(tx, tenant, [options.organizationId])).find((row) => row.id === id);
    if (!assignment) throw new Error('assignStaff: the new assignment is not readable');
    return assignment;
  });
}

/** Removes an assignment; one that belongs to another organization is NOT_FOUND, like one that does not exist. */
export async function unassignStaff(tenant: Tenant, input: { organizationId: string; assignmentId: string }): Promise<void> {
  await tenant.transaction(async (tx) => {
    await findOrganization(tx, tenant, input.organizationId);
    const removed = await tx
      .delete(staffAssignments)
      .where(
        and(
          eq(staffAssignments.id, input.assignmentId),
          eq(staffAssignments.organizationId, input.organizationId),
          tenant.where(staffAssignments.organizationId),
        ),
      )
      .returning({ id: staffAssignments.id, staffUserId: staffAssignments.staffUserId, engagementRole: staffAssignments.engagementRole });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such assignment.');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: input.organizationId,
      action: 'staff_assignment.delete',
      entityType: 'staff_assignment',
      entityId: input.assignmentId,
      before: removed[0],
    });
  });
}

/** The organizations the caller reaches, with the team serving each (the workspace header, the client's team). */
export async function getMyOrganizations(tenant: Tenant): Promise<MyOrganizations> {
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select({ id: organizations.id, name: organizations.name, isSample: organizations.isSample })
      .from(organizations)
      .where(tenant.where(organizations.id))
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(500);
    const assignments = await assignmentsOf(
      tx,
      tenant,
      rows.map((row) => row.id),
    );
    const userId = tenant.scope.userId;
    return {
      tenant: tenant.scope.kind,
      organizations: rows.map((row) => {
        const team = assignments.filter((assignment) => assignment.organizationId === row.id);
        const mine = tenant.scope.kind === 'staff' ? team.find((assignment) => assignment.staffUserId === userId) : undefined;
        return {
          ...row,
          engagementRole: mine?.engagementRole ?? null,
          team: team.map(({ staffEmail, engagementRole }) => ({ staffEmail, engagementRole })),
        };
      }),
    };
  });
}

/** One organization as the workspace shows it; NOT_FOUND outside the caller's tenant. */
export async function getOrganization(tenant: Tenant, organizationId: string): Promise<Organization> {
  return tenant.transaction(async (tx) => toOrganization(await findOrganization(tx, tenant, organizationId)));
}
