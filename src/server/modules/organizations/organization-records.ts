import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizationMembers, organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';

/**
 * Writes of `organizations` and `organization_members` that other modules cause (issue 40: one
 * writing module per table): a purchase founds the buyer's organization, the programme settings set
 * its time zone.
 */

type Writer = Pick<Db, 'insert'>;

export type FoundedCompany = Pick<typeof organizations.$inferInsert, 'name' | 'website' | 'size' | 'country'>;

/** The buyer's organization and their owner membership (a purchase's records, in the caller's transaction). */
export async function foundOrganization(db: Writer, company: FoundedCompany, ownerId: string): Promise<{ id: string }> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: company.name, website: company.website ?? null, size: company.size ?? null, country: company.country ?? null })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('foundOrganization: insert returned nothing');
  await db.insert(organizationMembers).values({ organizationId: organization.id, userId: ownerId, role: 'owner' });
  return organization;
}

/** The organization's time zone (schedules are read in it), on the trail as `organization.update`. */
export async function setOrganizationTimeZone(
  tx: DbTransaction,
  organizationId: string,
  timeZone: string,
  origin: AuditOrigin,
): Promise<void> {
  const [before] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  await tx.update(organizations).set({ timeZone }).where(eq(organizations.id, organizationId));
  await recordAudit(tx, {
    ...origin,
    organizationId,
    action: 'organization.update',
    entityType: 'organization',
    entityId: organizationId,
    before: { timeZone: before?.timeZone ?? null },
    after: { timeZone },
  });
}

/**
 * The sample organization is marked as such, in the sample company's time zone: the loader's one
 * entry on the trail, `organization.sample_load` (what follows is replayed as the sample accounts).
 */
export async function markSampleOrganization(
  tx: DbTransaction,
  origin: AuditOrigin,
  input: { organizationId: string; timeZone: string; after: unknown },
): Promise<void> {
  await tx.update(organizations).set({ isSample: true, timeZone: input.timeZone }).where(eq(organizations.id, input.organizationId));
  await recordAudit(tx, {
    ...origin,
    organizationId: input.organizationId,
    action: 'organization.sample_load',
    entityType: 'organization',
    entityId: input.organizationId,
    after: input.after,
  });
}

/** A staff member assigned to an organization, on the trail: the administrator's assignment and the sample's lead consultant. */
export async function recordStaffAssignment(
  tx: DbTransaction,
  origin: AuditOrigin,
  input: Pick<typeof staffAssignments.$inferInsert, 'organizationId' | 'staffUserId' | 'engagementRole' | 'createdBy'>,
): Promise<string> {
  const [row] = await tx.insert(staffAssignments).values(input).returning({ id: staffAssignments.id });
  if (!row) throw new Error('recordStaffAssignment: insert returned nothing');
  await recordAudit(tx, {
    ...origin,
    organizationId: input.organizationId,
    action: 'staff_assignment.create',
    entityType: 'staff_assignment',
    entityId: row.id,
    after: { staffUserId: input.staffUserId, engagementRole: input.engagementRole },
  });
  return row.id;
}
