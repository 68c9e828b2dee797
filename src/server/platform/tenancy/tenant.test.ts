// @both-engines: row-level security is checked on each engine — decision 015.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { resolveTenantScope, tenantCondition, type TenantScope, withTenant } from './tenant.ts';

/**
 * The guard's two lines on a real database: the condition a query adds, and row-level security for
 * the query that forgets it.
 */
let database: TestDatabase;
let orgA: string;
let orgB: string;
const staffA = randomUUID();
const staffB = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db
    .insert(organizations)
    .values([{ name: 'Tenant A' }, { name: 'Tenant B' }])
    .returning({ id: organizations.id });
  [orgA, orgB] = rows.map((row) => row.id) as [string, string];
  await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
    tx.insert(staffAssignments).values([
      { organizationId: orgA, staffUserId: staffA, engagementRole: 'lead_consultant' },
      { organizationId: orgB, staffUserId: staffB, engagementRole: 'reviewer' },
    ]),
  );
});
afterAll(async () => {
  await database?.dispose();
});

const organizationsSeen = (scope: TenantScope) =>
  withTenant(database.db, scope, async (tx) =>
    (await tx.select({ organizationId: staffAssignments.organizationId }).from(staffAssignments)).map((row) => row.organizationId).sort(),
  );

describe('row-level security on staff_assignments', () => {
  it('shows a query without a filter only the rows of the tenant it runs for', async () => {
    expect(await organizationsSeen({ kind: 'member', userId: randomUUID(), organizationId: orgA })).toEqual([orgA]);
    expect(await organizationsSeen({ kind: 'member', userId: randomUUID(), organizationId: orgB })).toEqual([orgB]);
    expect(await organizationsSeen({ kind: 'staff', userId: randomUUID(), organizationIds: [orgA, orgB] })).toEqual([orgA, orgB].sort());
    expect(await organizationsSeen({ kind: 'all', userId: null })).toEqual([orgA, orgB].sort());
  });

  it('returns nothing to a scope that reaches no organization, except the caller’s own assignments', async () => {
    expect(await organizationsSeen({ kind: 'none', userId: randomUUID() })).toEqual([]);
    expect(await organizationsSeen({ kind: 'none', userId: staffB })).toEqual([orgB]);
  });

  it('refuses to write a row into another tenant', async () => {
    const write = withTenant(database.db, { kind: 'member', userId: randomUUID(), organizationId: orgA }, (tx) =>
      tx.insert(staffAssignments).values({ organizationId: orgB, staffUserId: randomUUID(), engagementRole: 'reviewer' }),
    );
    await expect(write).rejects.toThrow();
  });

  it('does not let another tenant update or delete a row it cannot see', async () => {
    const scopeA: TenantScope = { kind: 'member', userId: randomUUID(), organizationId: orgA };
    const deleted = await withTenant(database.db, scopeA, (tx) =>
      tx.delete(staffAssignments).where(eq(staffAssignments.organizationId, orgB)).returning(),
    );
    expect(deleted).toEqual([]);
    const updated = await withTenant(database.db, scopeA, (tx) =>
      tx.update(staffAssignments).set({ engagementRole: 'project_manager' }).where(eq(staffAssignments.staffUserId, staffB)).returning(),
    );
    expect(updated).toEqual([]);
    expect(await organizationsSeen({ kind: 'all', userId: null })).toEqual([orgA, orgB].sort());
  });

  it('keeps the settings inside the transaction: the next one starts with none', async () => {
    await organizationsSeen({ kind: 'all', userId: null });
    expect(await organizationsSeen({ kind: 'none', userId: randomUUID() })).toEqual([]);
    const setting = (await database.db.execute(sql`select current_setting('app.tenant_all', true) as value`)) as {
      rows: { value: string | null }[];
    };
    expect(setting.rows[0]?.value ?? '').not.toBe('on');
  });
});

describe('resolveTenantScope', () => {
  it('gives administrators every organization, staff their assignments and a client without membership none', async () => {
    expect(await resolveTenantScope(database.db, { userId: staffA, isAdministrator: true, isStaff: true })).toEqual({
      kind: 'all',
      userId: staffA,
    });
    expect(await resolveTenantScope(database.db, { userId: staffA, isAdministrator: false, isStaff: true })).toEqual({
      kind: 'staff',
      userId: staffA,
      organizationIds: [orgA],
    });
    const loner = randomUUID();
    expect(await resolveTenantScope(database.db, { userId: loner, isAdministrator: false, isStaff: false })).toEqual({
      kind: 'none',
      userId: loner,
    });
  });
});

describe('tenantCondition', () => {
  it('filters a query to the scope, and to nothing for an empty one', async () => {
    const names = async (scope: TenantScope) =>
      (await database.db.select({ name: organizations.name }).from(organizations).where(tenantCondition(scope, organizations.id))).map(
        (row) => row.name,
      );
    expect(await names({ kind: 'member', userId: randomUUID(), organizationId: orgB })).toEqual(['Tenant B']);
    expect(await names({ kind: 'staff', userId: randomUUID(), organizationIds: [] })).toEqual([]);
    expect((await names({ kind: 'all', userId: null })).sort()).toEqual(['Tenant A', 'Tenant B']);
  });
});
