import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { reachableAdministrators } from '../access/administrators.ts';

/** Who is alerted about an organization's work, and why them (`nobody`: no one can be reached). */
export type StaffToAlert =
  { reach: 'assigned' | 'administrators'; people: { userId: string; email: string }[] } | { reach: 'nobody'; people: [] };

/**
 * Who to alert when an organization's work needs a person (a dead agent run): the staff assigned to
 * it; else, when none is assigned (or none can be reached), the administrators — the only users who
 * reach an organization without assignments (tenant.ts), and who assign staff to it; else nobody, and
 * the caller must not say that someone was alerted. Only reachable people count: an e-mail address,
 * not banned.
 */
export async function staffToAlert(tx: DbTransaction, organizationId: string, now = new Date()): Promise<StaffToAlert> {
  const assigned = await tx
    .selectDistinct({ userId: authUsers.id, email: authUsers.email })
    .from(staffAssignments)
    .innerJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
    .where(
      and(
        eq(staffAssignments.organizationId, organizationId),
        isNotNull(authUsers.email),
        or(isNull(authUsers.bannedUntil), lte(authUsers.bannedUntil, now)),
      ),
    );
  const people = assigned.flatMap(({ userId, email }) => (email ? [{ userId, email }] : []));
  if (people.length > 0) return { reach: 'assigned', people };
  const administrators = await reachableAdministrators(tx, now);
  if (administrators.length > 0) return { reach: 'administrators', people: administrators };
  return { reach: 'nobody', people: [] };
}
