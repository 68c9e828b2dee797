import { PERMISSIONS, ROLES, ROLE_PERMISSIONS, permissionCategory } from '../../shared/permissions.ts';
import type { Db } from './client.ts';
import { permissions, rolePermissions } from './schema/access.ts';

/**
 * Seeds reference data. Idempotent: it adds what is missing and never overwrites what an
 * administrator changed, so it runs on every start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name, category: permissionCategory(name) })))
      .onConflictDoNothing({ target: permissions.name });
    const rows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
    const idByName = new Map(rows.map((row) => [row.name, row.id]));
    if ((await tx.$count(rolePermissions)) > 0) return; // administrators own the matrix once it exists
    const links = ROLES.flatMap((role) => ROLE_PERMISSIONS[role].map((name) => ({ role, permissionId: idByName.get(name) ?? '' }))).filter(
      (link) => link.permissionId !== '',
    );
    await tx.insert(rolePermissions).values(links).onConflictDoNothing();
  });
}
