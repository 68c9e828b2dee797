import { and, asc, eq } from 'drizzle-orm';
import type { OrganizationMember, OrganizationMemberList } from '../../../shared/schemas/organizations.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizationMembers, organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { replaceUserAccess } from '../access/access-admin.service.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';

/**
 * An organization's members (docs/organizations.md): who belongs to the client, and who from our side
 * serves it. A client manager invites colleagues (the invitation e-mail of the auth service) and
 * removes them; everyone who reaches the organization reads the list.
 */

const NOT_FOUND = 'No such organization.';

export async function reachableOrganization(
  tx: DbTransaction,
  tenant: Tenant,
  organizationId: string,
): Promise<{ id: string; name: string }> {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), tenant.where(organizations.id)));
  tenant.assert(row?.id, NOT_FOUND);
  return row as { id: string; name: string };
}

async function membersOf(tx: DbTransaction, organizationId: string): Promise<OrganizationMember[]> {
  const rows = await tx
    .select({
      id: organizationMembers.id,
      userId: organizationMembers.userId,
      email: authUsers.email,
      role: organizationMembers.role,
      confirmedAt: authUsers.emailConfirmedAt,
      createdAt: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .leftJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.id));
  return rows.map(({ confirmedAt, createdAt, ...row }) => ({ ...row, pending: !confirmedAt, createdAt: createdAt.toISOString() }));
}

export async function listOrganizationMembers(tenant: Tenant, organizationId: string): Promise<OrganizationMemberList> {
  return tenant.transaction(async (tx) => {
    await reachableOrganization(tx, tenant, organizationId);
    const team = await tx
      .select({ staffEmail: authUsers.email, engagementRole: staffAssignments.engagementRole })
      .from(staffAssignments)
      .leftJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
      .where(eq(staffAssignments.organizationId, organizationId))
      .orderBy(asc(staffAssignments.engagementRole));
    return { members: await membersOf(tx, organizationId), team };
  });
}

/** Checks the caller may manage this organization's members: its own client side, or staff who reach it. 404 outside. */
export async function assertMemberManager(tenant: Tenant, organizationId: string): Promise<{ id: string; name: string }> {
  return tenant.transaction((tx) => reachableOrganization(tx, tenant, organizationId));
}

/**
 * Runs inside the invitation's transaction (adminInviteUser's `alsoInTransaction`): the new user is a
 * client, a member of the organization, and 'member.added' is emitted for listeners (webhooks, workflows).
 */
export async function addInvitedMember(
  tx: DbTransaction,
  jobs: Jobs,
  input: { organizationId: string; userId: string; origin: AuditOrigin },
): Promise<void> {
  const [existing] = await tx
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, input.userId));
  if (existing && existing.id !== input.organizationId) {
    throw new AppError('CONFLICT', 'This person already belongs to another organization.');
  }
  await replaceUserAccess(tx, {
    userId: input.userId,
    userType: 'client',
    roles: [{ role: 'client', is_approver: false, is_integration_admin: false, is_data_ai_admin: false }],
    scopes: [],
  });
  const [member] = await tx
    .insert(organizationMembers)
    .values({ organizationId: input.organizationId, userId: input.userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ id: organizationMembers.id });
  if (member) {
    await recordAudit(tx, {
      ...input.origin,
      organizationId: input.organizationId,
      action: 'organization_member.create',
      entityType: 'organization_member',
      entityId: member.id,
      after: { userId: input.userId, role: 'member' },
    });
    await emitDomainEvent(tx, jobs, {
      type: 'member.added',
      organizationId: input.organizationId,
      entityId: input.userId,
      data: { role: 'member' },
    });
  }
}

/** Removes a colleague's membership (not their account). Nobody removes themselves, and the owner stays. */
export async function removeOrganizationMember(tenant: Tenant, input: { organizationId: string; memberId: string }): Promise<void> {
  await tenant.transaction(async (tx) => {
    await reachableOrganization(tx, tenant, input.organizationId);
    const [member] = await tx
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.id, input.memberId), eq(organizationMembers.organizationId, input.organizationId)));
    if (!member) throw new AppError('NOT_FOUND', 'No such member.');
    if (member.userId === tenant.scope.userId)
      throw new AppError('VALIDATION_FAILED', 'You cannot remove yourself. Ask another administrator.');
    if (member.role === 'owner') throw new AppError('VALIDATION_FAILED', 'The owner who bought the subscription stays a member.');
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: input.organizationId,
      action: 'organization_member.delete',
      entityType: 'organization_member',
      entityId: member.id,
      before: { userId: member.userId, role: member.role },
    });
  });
}
