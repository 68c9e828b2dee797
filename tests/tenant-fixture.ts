import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../src/shared/permissions.ts';
import type { EngagementRole } from '../src/shared/schemas/organizations.ts';
import { organizationMembers, organizations, staffAssignments } from '../src/server/db/schema/organizations.ts';
import { ensureProfile, grantRole } from '../src/server/platform/access/access.service.ts';
import { withTenant } from '../src/server/platform/tenancy/tenant.ts';
import { createTestUser } from './auth-helpers.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Two client organizations and one actor of each tenancy kind, for the tenant matrix and for any
 * workspace module's tests: a later module seeds its own rows into `a` and `b` and reuses the actors.
 */

export const TENANT_ACTORS = ['clientOfA', 'clientOfB', 'staffOfA', 'staffUnassigned', 'administrator'] as const;
export type TenantActor = (typeof TENANT_ACTORS)[number];
export type TenantOrg = 'a' | 'b';

/** Which organizations each actor reaches: the expectation every tenant test checks against. */
export const ACTOR_REACHES: Record<TenantActor, readonly TenantOrg[]> = {
  clientOfA: ['a'],
  clientOfB: ['b'],
  staffOfA: ['a'],
  staffUnassigned: [],
  administrator: ['a', 'b'],
};

export interface TenantOrganization {
  id: string;
  name: string;
  /** A staff assignment in this organization that belongs to no actor (safe to remove). */
  spareAssignmentId: string;
}

export interface TenantFixture {
  orgs: Record<TenantOrg, TenantOrganization>;
  tokens: Record<TenantActor, string>;
  userIds: Record<TenantActor, string>;
  /** A staff member assigned nowhere and acting as nobody: what write endpoints may assign. */
  spareStaffId: string;
}

async function signedInUser(app: FastifyInstance, database: TestDatabase, userType: 'staff' | 'client', role: Role) {
  const user = await createTestUser(app);
  await ensureProfile(database.db, { userId: user.userId, userType });
  await grantRole(database.db, { userId: user.userId, role });
  return user;
}

/** A staff member who never signs in here (no session needed). */
async function staffMember(app: FastifyInstance, database: TestDatabase): Promise<string> {
  const { userId } = await createTestUser(app, { confirmed: false });
  await ensureProfile(database.db, { userId, userType: 'staff' });
  return userId;
}

export async function createTenantFixture(app: FastifyInstance, database: TestDatabase): Promise<TenantFixture> {
  const suffix = randomUUID().slice(0, 8);
  const [a, b] = await database.db
    .insert(organizations)
    .values([{ name: `Acme Health ${suffix}` }, { name: `Borealis Bank ${suffix}` }])
    .returning({ id: organizations.id, name: organizations.name });
  if (!a || !b) throw new Error('createTenantFixture: organizations not created');

  const clientOfA = await signedInUser(app, database, 'client', 'client');
  const clientOfB = await signedInUser(app, database, 'client', 'client_manager');
  const staffOfA = await signedInUser(app, database, 'staff', 'consultant');
  const staffUnassigned = await signedInUser(app, database, 'staff', 'project_manager');
  const administrator = await signedInUser(app, database, 'staff', 'administrator');
  await database.db.insert(organizationMembers).values([
    { organizationId: a.id, userId: clientOfA.userId, role: 'owner' },
    { organizationId: b.id, userId: clientOfB.userId, role: 'owner' },
  ]);

  const spare = await staffMember(app, database);
  const assign = (organizationId: string, staffUserId: string, engagementRole: EngagementRole) =>
    withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
      const [row] = await tx
        .insert(staffAssignments)
        .values({ organizationId, staffUserId, engagementRole })
        .returning({ id: staffAssignments.id });
      if (!row) throw new Error('createTenantFixture: assignment not created');
      return row.id;
    });
  await assign(a.id, staffOfA.userId, 'lead_consultant');
  const spareInA = await assign(a.id, spare, 'reviewer');
  const spareInB = await assign(b.id, spare, 'reviewer');

  const users = { clientOfA, clientOfB, staffOfA, staffUnassigned, administrator };
  return {
    orgs: { a: { ...a, spareAssignmentId: spareInA }, b: { ...b, spareAssignmentId: spareInB } },
    tokens: Object.fromEntries(TENANT_ACTORS.map((actor) => [actor, users[actor].accessToken])) as Record<TenantActor, string>,
    userIds: Object.fromEntries(TENANT_ACTORS.map((actor) => [actor, users[actor].userId])) as Record<TenantActor, string>,
    spareStaffId: await staffMember(app, database),
  };
}

/** The parts of an error answer that must not tell an absent row from another tenant's: its code and message. */
export function tenantErrorOf(body: string): { code: string; message: string } {
  const { code, message } = (JSON.parse(body) as { error: { code: string; message: string } }).error;
  return { code, message };
}

/** An endpoint that names an organization (in its query or body) rather than a row of it. */
export interface OrganizationNamedEndpoint<Body, Method extends string = string> {
  operationId: string;
  method: Method;
  url: (organizationId: string) => string;
  body?: (organizationId: string) => Body;
}

export interface ReachCheck<Body, Method extends string> {
  fixture: TenantFixture;
  call: (actor: TenantActor, method: Method, url: string, body?: Body) => Promise<{ statusCode: number; body: string }>;
  /** Fails when an answer shows the actor anything of an organization it does not reach. */
  expectNoLeak: (actor: TenantActor, body: string) => void;
}

/**
 * Every actor calls the endpoint naming each organization: its own answers 2xx; another one answers
 * exactly as an organization that does not exist (404, the same error), and nothing leaks.
 */
export async function expectOrganizationNamedReach<Body, Method extends string>(
  endpoint: OrganizationNamedEndpoint<Body, Method>,
  check: ReachCheck<Body, Method>,
): Promise<void> {
  for (const actor of TENANT_ACTORS) {
    for (const org of ['a', 'b'] as const) {
      const id = check.fixture.orgs[org].id;
      const response = await check.call(actor, endpoint.method, endpoint.url(id), endpoint.body?.(id));
      check.expectNoLeak(actor, response.body);
      if (ACTOR_REACHES[actor].includes(org)) {
        expect(response.statusCode, `${actor} → own ${org}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
        continue;
      }
      const missing = randomUUID();
      const absent = await check.call(actor, endpoint.method, endpoint.url(missing), endpoint.body?.(missing));
      expect(absent.statusCode).toBe(404);
      expect({ status: response.statusCode, error: tenantErrorOf(response.body) }, `${actor} → ${org}`).toEqual({
        status: absent.statusCode,
        error: tenantErrorOf(absent.body),
      });
    }
  }
}
