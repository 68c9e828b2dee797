import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, serviceRoleToken } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { adminUserListSchema } from '../../../shared/schemas/access.ts';
import {
  myOrganizationsSchema,
  organizationListSchema,
  organizationSchema,
  staffAssignmentListSchema,
  staffAssignmentSchema,
} from '../../../shared/schemas/organizations.ts';
import { buildApp } from '../../app.ts';

/** Organizations and staff assignments through the real routes (the tenant matrix covers cross-tenant access). */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const admin = () => as(fixture.tokens.administrator);

describe('createOrganization', () => {
  it('creates an organization the administrator then finds in the list', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/organizations',
      headers: admin(),
      payload: { name: '  Cobalt Logistics  ', website: 'https://cobalt.example', size: '51-200', country: 'Germany' },
    });
    expect(created.statusCode).toBe(201);
    const organization = readJson(created, organizationSchema);
    expect(organization).toMatchObject({
      name: 'Cobalt Logistics',
      website: 'https://cobalt.example',
      size: '51-200',
      memberCount: 0,
      staffCount: 0,
    });
    const list = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/admin/organizations?q=cobalt', headers: admin() }),
      organizationListSchema,
    );
    expect(list.organizations.map((row) => row.id)).toEqual([organization.id]);
    expect(list.total).toBe(1);
  });

  it('counts each organization’s members and assigned staff', async () => {
    const list = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/admin/organizations?limit=100', headers: admin() }),
      organizationListSchema,
    );
    const a = list.organizations.find((row) => row.id === fixture.orgs.a.id);
    expect(a).toMatchObject({ memberCount: 1, staffCount: 2 });
  });

  it('refuses a missing or malformed name, website or size with field issues', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/organizations',
      headers: admin(),
      payload: { name: 'x', website: 'ftp://nope', size: 'huge' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; issues: { path: string }[] } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['body.name', 'body.size', 'body.website']);
  });

  it('admits the service-role key, as every administrator route does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/organizations',
      headers: as(serviceRoleToken(app)),
      payload: { name: 'Scripted Org' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('assignStaff and unassignStaff', () => {
  const staffUrl = (organizationId: string) => `/api/v1/admin/organizations/${organizationId}/staff`;

  it('gives a staff member the organization, and takes it away again', async () => {
    const staff = fixture.tokens.staffUnassigned;
    const orgB = fixture.orgs.b.id;
    expect((await app.inject({ method: 'GET', url: `/api/v1/organizations/${orgB}`, headers: as(staff) })).statusCode).toBe(404);

    const assigned = await app.inject({
      method: 'POST',
      url: staffUrl(orgB),
      headers: admin(),
      payload: { staffUserId: fixture.userIds.staffUnassigned, engagementRole: 'project_manager' },
    });
    expect(assigned.statusCode).toBe(201);
    const assignment = readJson(assigned, staffAssignmentSchema);
    expect(assignment).toMatchObject({
      organizationId: orgB,
      staffUserId: fixture.userIds.staffUnassigned,
      engagementRole: 'project_manager',
      createdBy: fixture.userIds.administrator,
    });
    expect(assignment.staffEmail).toMatch(/@example\.com$/);

    expect((await app.inject({ method: 'GET', url: `/api/v1/organizations/${orgB}`, headers: as(staff) })).statusCode).toBe(200);
    const mine = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/organizations/mine', headers: as(staff) }),
      myOrganizationsSchema,
    );
    expect(mine.tenant).toBe('staff');
    expect(mine.organizations.map((row) => [row.id, row.engagementRole])).toEqual([[orgB, 'project_manager']]);

    const list = readJson(await app.inject({ method: 'GET', url: staffUrl(orgB), headers: admin() }), staffAssignmentListSchema);
    expect(list.assignments.map((row) => row.id)).toContain(assignment.id);

    const removed = await app.inject({ method: 'DELETE', url: `${staffUrl(orgB)}/${assignment.id}`, headers: admin() });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/v1/organizations/${orgB}`, headers: as(staff) })).statusCode).toBe(404);
  });

  it('refuses a second assignment of the same person to the same organization', async () => {
    const payload = { staffUserId: fixture.userIds.staffOfA, engagementRole: 'reviewer' };
    const response = await app.inject({ method: 'POST', url: staffUrl(fixture.orgs.a.id), headers: admin(), payload });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('CONFLICT');
  });

  it('refuses to assign a client, an unknown engagement role or a malformed id', async () => {
    const client = await app.inject({
      method: 'POST',
      url: staffUrl(fixture.orgs.a.id),
      headers: admin(),
      payload: { staffUserId: fixture.userIds.clientOfB, engagementRole: 'reviewer' },
    });
    expect(client.statusCode).toBe(400);
    expect(client.json<{ error: { code: string; issues: { path: string }[] } }>().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.staffUserId' }],
    });
    const role = await app.inject({
      method: 'POST',
      url: staffUrl(fixture.orgs.a.id),
      headers: admin(),
      payload: { staffUserId: fixture.userIds.staffUnassigned, engagementRole: 'owner' },
    });
    expect(role.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: staffUrl('not-a-uuid'), headers: admin() })).statusCode).toBe(400);
  });

  it('answers 404 for an assignment named under another organization, and leaves it in place', async () => {
    const foreign = fixture.orgs.b.spareAssignmentId;
    const response = await app.inject({ method: 'DELETE', url: `${staffUrl(fixture.orgs.a.id)}/${foreign}`, headers: admin() });
    expect(response.statusCode).toBe(404);
    const list = readJson(
      await app.inject({ method: 'GET', url: staffUrl(fixture.orgs.b.id), headers: admin() }),
      staffAssignmentListSchema,
    );
    expect(list.assignments.map((row) => row.id)).toContain(foreign);
  });
});

describe('getMyOrganizations', () => {
  it('shows a client their one organization with the team serving it, and no engagement role of their own', async () => {
    const mine = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/organizations/mine', headers: as(fixture.tokens.clientOfA) }),
      myOrganizationsSchema,
    );
    expect(mine.tenant).toBe('member');
    expect(mine.organizations).toHaveLength(1);
    expect(mine.organizations[0]).toMatchObject({ id: fixture.orgs.a.id, name: fixture.orgs.a.name, engagementRole: null });
    expect(mine.organizations[0]?.team.map((member) => member.engagementRole).sort()).toEqual(['lead_consultant', 'reviewer']);
  });

  it('tells a client without an organization so, with nothing in it', async () => {
    const loner = await createTestUser(app);
    const mine = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/organizations/mine', headers: as(loner.accessToken) }),
      myOrganizationsSchema,
    );
    expect(mine).toEqual({ tenant: 'none', organizations: [] });
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/organizations/mine' })).statusCode).toBe(401);
  });
});

describe('the staff picker', () => {
  it('lists only staff when asked for userType=staff', async () => {
    const list = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/admin/users?userType=staff&limit=100', headers: admin() }),
      adminUserListSchema,
    );
    expect(list.users.length).toBeGreaterThan(0);
    expect(list.users.every((user) => user.userType === 'staff')).toBe(true);
    expect(list.total).toBe(list.users.length);
    expect(list.users.map((user) => user.userId)).not.toContain(fixture.userIds.clientOfA);
  });
});
