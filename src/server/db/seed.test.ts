// @both-engines: migrations and seeds run on both engines, each with its own SQL dialect quirks — decision 015.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { PERMISSIONS, ROLE_PERMISSIONS } from '../../shared/permissions.ts';
import { permissions, rolePermissions } from './schema/access.ts';
import { seedReferenceData } from './seed.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(); // migrated and seeded once already
});
afterAll(() => database.dispose());

const count = (table: 'permissions' | 'role_permissions') => database.db.$count(table === 'permissions' ? permissions : rolePermissions);

describe('seedReferenceData', () => {
  it('seeds every permission and the default role matrix', async () => {
    expect(await count('permissions')).toBe(PERMISSIONS.length);
    const expectedLinks = Object.values(ROLE_PERMISSIONS).reduce((sum, list) => sum + new Set(list).size, 0);
    expect(await count('role_permissions')).toBe(expectedLinks);
    const [tasksCreate] = await database.db.select().from(permissions).where(eq(permissions.name, 'tasks:create'));
    expect(tasksCreate?.category).toBe('tasks');
  });

  it('is idempotent and keeps an administrator’s edits to the matrix', async () => {
    await database.db.delete(rolePermissions).where(eq(rolePermissions.role, 'client'));
    const before = await count('role_permissions');
    await seedReferenceData(database.db);
    expect(await count('permissions')).toBe(PERMISSIONS.length);
    expect(await count('role_permissions')).toBe(before);
  });
});

describe('a permission new in a release', () => {
  it('gets its default role links even where administrators already own the matrix', async () => {
    const [risksRead] = await database.db.select().from(permissions).where(eq(permissions.name, 'risks:read'));
    await database.db.delete(permissions).where(eq(permissions.name, 'risks:read')); // as before the release
    expect(risksRead).toBeDefined();
    await seedReferenceData(database.db);
    const [added] = await database.db.select().from(permissions).where(eq(permissions.name, 'risks:read'));
    const roles = await database.db
      .select({ role: rolePermissions.role })
      .from(rolePermissions)
      .where(eq(rolePermissions.permissionId, added?.id ?? ''));
    const expected = Object.entries(ROLE_PERMISSIONS).filter(([, list]) => list.includes('risks:read'));
    expect(roles.map((row) => row.role).sort()).toEqual(expected.map(([role]) => role).sort());
  });
});
