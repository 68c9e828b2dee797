import { PERMISSIONS, ROLES, ROLE_PERMISSIONS, permissionCategory } from '../../shared/permissions.ts';
import type { Db } from './client.ts';
import { permissions, rolePermissions } from './schema/access.ts';

/**
 * Seeds reference data. Idempotent: it adds what is missing and never overwrites what an
 * administrator changed, so it runs on every start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name, category: permissionCategory(name) })))
      .onConflictDoNothing({ target: permissions.name })
      .returning({ name: permissions.name });
    const rows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
    const idByName = new Map(rows.map((row) => [row.name, row.id]));
    // Administrators own the matrix once it exists: only a permission new in this release gets its defaults.
    const matrixExists = (await tx.$count(rolePermissions)) > 0;
    const newNames = new Set(added.map((row) => row.name));
    const links = ROLES.flatMap((role) =>
      ROLE_PERMISSIONS[role]
        .filter((name) => !matrixExists || newNames.has(name))
        .map((name) => ({ role, permissionId: idByName.get(name) ?? '' })),
    ).filter((link) => link.permissionId !== '');
    if (links.length === 0) return;
    await tx.insert(rolePermissions).values(links).onConflictDoNothing();
  });
}
