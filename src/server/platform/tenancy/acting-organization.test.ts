import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { type ActingOrganizationOptions, actingOrganization } from './acting-organization.ts';
import { type TenantScope, tenantOf } from './tenant.ts';

/** The one organization resolver: every scope, and the one set of refusals every domain now gives. */
let database: TestDatabase;
let orgA: string;
let orgB: string;
const userId = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db
    .insert(organizations)
    .values([{ name: 'Tenant A' }, { name: 'Tenant B' }])
    .returning({ id: organizations.id });
  [orgA, orgB] = rows.map((row) => row.id) as [string, string];
});
afterAll(async () => {
  await database?.dispose();
});

const act = (scope: TenantScope, named: string | undefined, options?: ActingOrganizationOptions) =>
  actingOrganization(tenantOf(database.db, scope), named, options);

/** The refusal as code, with its field-level issues, or 'ok:<id>'. */
async function answer(
  scope: TenantScope,
  named: string | undefined,
  options?: ActingOrganizationOptions,
): Promise<string | { code: string; issues?: unknown }> {
  try {
    return `ok:${await act(scope, named, options)}`;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.issues ? { code: error.code, issues: error.issues } : { code: error.code };
  }
}

describe('actingOrganization', () => {
  it("gives a client their own organization, named or not, and 404 for another's", async () => {
    const client: TenantScope = { kind: 'member', userId, organizationId: orgA };
    expect(await answer(client, undefined)).toBe(`ok:${orgA}`);
    expect(await answer(client, orgA)).toBe(`ok:${orgA}`);
    expect(await answer(client, orgB)).toEqual({ code: 'NOT_FOUND' });
  });

  it('answers 409 CONFLICT to an account with no organization yet, whatever it names', async () => {
    const nobody: TenantScope = { kind: 'none', userId };
    expect(await answer(nobody, undefined)).toEqual({ code: 'CONFLICT' });
    expect(await answer(nobody, orgA)).toEqual({ code: 'CONFLICT' });
  });

  it('lets staff name an organization they reach (the programme: leave out their only one), and refuses the rest alike', async () => {
    const single: TenantScope = { kind: 'staff', userId, organizationIds: [orgA] };
    expect(await answer(single, undefined, { soleAssignmentImplied: true })).toBe(`ok:${orgA}`);
    expect(await answer(single, undefined)).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'organizationId', message: 'Choose the client organization' }],
    });
    expect(await answer(single, orgB)).toEqual({ code: 'NOT_FOUND' });
    const two: TenantScope = { kind: 'staff', userId, organizationIds: [orgA, orgB] };
    expect(await answer(two, orgB)).toBe(`ok:${orgB}`);
    expect(await answer(two, undefined, { field: 'body.organizationId', soleAssignmentImplied: true })).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.organizationId', message: 'Choose the client organization' }],
    });
  });

  it('lets an administrator name any organization that exists, and answers an unknown id 404 like a foreign one', async () => {
    const admin: TenantScope = { kind: 'all', userId };
    expect(await answer(admin, orgB)).toBe(`ok:${orgB}`);
    expect(await answer(admin, randomUUID())).toEqual({ code: 'NOT_FOUND' });
    expect(await answer(admin, undefined)).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'organizationId', message: 'Choose the client organization' }],
    });
  });
});
