import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { userRoles } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';

/**
 * The administrators who can be reached by e-mail: holding the administrator role, with an address,
 * and not banned. Administrators are the only users whose reach is every organization (tenant.ts), so
 * they are who handles work no staff member is assigned to.
 */
export async function reachableAdministrators(tx: DbTransaction, now = new Date()): Promise<{ userId: string; email: string }[]> {
  const rows = await tx
    .selectDistinct({ userId: authUsers.id, email: authUsers.email })
    .from(userRoles)
    .innerJoin(authUsers, eq(authUsers.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.role, 'administrator'),
        isNotNull(authUsers.email),
        or(isNull(authUsers.bannedUntil), lte(authUsers.bannedUntil, now)),
      ),
    );
  return rows.flatMap(({ userId, email }) => (email ? [{ userId, email }] : []));
}
