import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_REACHES,
  createTenantFixture,
  TENANT_ACTORS,
  tenantErrorOf,
  type TenantActor,
  type TenantFixture,
  type TenantOrg,
  type TenantOrganization,
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { organizationMembers } from '../../db/schema/organizations.ts';

/**
 * The tenant matrix (docs/tenancy.md): every actor × both organizations × every workspace endpoint.
 * Whatever an actor cannot reach answers exactly as an organization that does not exist (404, same
 * code and message), and no answer names an organization the actor does not reach. A new workspace
 * endpoint is one more line in ORGANIZATION_ENDPOINTS or LISTINGS; the last test fails until it is.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const EVERYONE = TENANT_ACTORS;
const ADMINISTRATORS: readonly TenantActor[] = ['administrator'];

interface OrganizationEndpoint {
  operationId: string;
  method: Method;
  url: (org: TenantOrganization) => string;
  body?: (fixture: TenantFixture) => object;
  /** Who the route's access guard admits, tenancy aside (ENDPOINT_ACCESS). */
  admits: readonly TenantActor[];
  /** The status that means "reached the organization" when not a success (a refused confirmation, a protected member). */
  reachedStatus?: number;
}

interface Listing {
  operationId: string;
  method: Method;
  url: string;
  body?: () => object;
  admits: readonly TenantActor[];
  /** The organizations the answer is about (ids), or null for a write that names none. */
  organizationIds: ((body: unknown) => string[]) | null;
}

/** Each fixture organization's owner membership (removing it is refused: 400 means the organization was reached). */
const owners = new Map<string, string>();
const STAFFING: readonly TenantActor[] = ['staffUnassigned', 'administrator'];
const MEMBER_MANAGERS: readonly TenantActor[] = ['clientOfB', 'staffOfA', 'staffUnassigned', 'administrator'];

const ORGANIZATION_ENDPOINTS: readonly OrganizationEndpoint[] = [
  { operationId: 'getOrganization', method: 'GET', url: (org) => `/api/v1/organizations/${org.id}`, admits: EVERYONE },
  {
    operationId: 'listStaffAssignments',
    method: 'GET',
    url: (org) => `/api/v1/admin/organizations/${org.id}/staff`,
    admits: STAFFING,
  },
  {
    operationId: 'assignStaff',
    method: 'POST',
    url: (org) => `/api/v1/admin/organizations/${org.id}/staff`,
    body: (fixture) => ({ staffUserId: fixture.spareStaffId, engagementRole: 'reviewer' }),
    admits: STAFFING,
  },
  {
    operationId: 'unassignStaff',
    method: 'DELETE',
    url: (org) => `/api/v1/admin/organizations/${org.id}/staff/${org.spareAssignmentId}`,
    admits: STAFFING,
  },
  { operationId: 'listOrganizationMembers', method: 'GET', url: (org) => `/api/v1/organizations/${org.id}/members`, admits: EVERYONE },
  {
    operationId: 'inviteMember',
    method: 'POST',
    url: (org) => `/api/v1/organizations/${org.id}/members`,
    body: () => ({ email: `matrix-${randomUUID().slice(0, 8)}@example.com` }),
    admits: MEMBER_MANAGERS,
  },
  {
    operationId: 'removeMember',
    method: 'DELETE',
    url: (org) => `/api/v1/organizations/${org.id}/members/${owners.get(org.id) ?? randomUUID()}`,
    admits: MEMBER_MANAGERS,
    reachedStatus: 400,
  },
  {
    operationId: 'getOffboardingPreview',
    method: 'GET',
    url: (org) => `/api/v1/admin/organizations/${org.id}/offboarding`,
    admits: ADMINISTRATORS,
  },
  {
    operationId: 'exportOrganization',
    method: 'GET',
    url: (org) => `/api/v1/admin/organizations/${org.id}/export`,
    admits: ADMINISTRATORS,
  },
  {
    operationId: 'deleteOrganization',
    method: 'POST',
    url: (org) => `/api/v1/admin/organizations/${org.id}/deletion`,
    body: () => ({ confirmName: 'not the name' }),
    admits: ADMINISTRATORS,
    reachedStatus: 400,
  },
];

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const LISTINGS: readonly Listing[] = [
  {
    operationId: 'getMyOrganizations',
    method: 'GET',
    url: '/api/v1/organizations/mine',
    admits: EVERYONE,
    organizationIds: (body) => ids((body as { organizations: { id: string }[] }).organizations),
  },
  {
    operationId: 'listOrganizations',
    method: 'GET',
    url: '/api/v1/admin/organizations?limit=100',
    admits: STAFFING,
    organizationIds: (body) => ids((body as { organizations: { id: string }[] }).organizations),
  },
  {
    operationId: 'createOrganization',
    method: 'POST',
    url: '/api/v1/admin/organizations',
    body: () => ({ name: `Created ${randomUUID().slice(0, 6)}` }),
    admits: ADMINISTRATORS,
    organizationIds: null,
  },
];

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  for (const member of await database.db.select().from(organizationMembers)) owners.set(member.organizationId, member.id);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });

/** Nothing an actor receives may name an organization outside their reach: no ids, no names, no counts by name. */
function expectNoLeak(actor: TenantActor, body: string): void {
  for (const org of ['a', 'b'] as const) {
    if (ACTOR_REACHES[actor].includes(org)) continue;
    expect(body, `${actor} sees ${org}`).not.toContain(fixture.orgs[org].id);
    expect(body, `${actor} sees ${org}`).not.toContain(fixture.orgs[org].name);
  }
}

const errorOf = tenantErrorOf;

describe('tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ORGANIZATION_ENDPOINTS) {
    it(`${endpoint.operationId}: ${endpoint.method} ${endpoint.url({ id: ':organizationId', name: '', spareAssignmentId: ':assignmentId' })}`, async () => {
      const outcome: Record<string, Record<TenantOrg, string>> = {};
      for (const actor of TENANT_ACTORS) {
        const payload = () => endpoint.body?.(fixture);
        const nowhere: TenantOrganization = { id: randomUUID(), name: 'nowhere', spareAssignmentId: randomUUID() };
        const absent = await call(actor, endpoint.method, endpoint.url(nowhere), payload());
        const admitted = endpoint.admits.includes(actor);
        expect(absent.statusCode, `${actor} on a missing organization: ${absent.body}`).toBe(admitted ? 404 : 403);
        const row: Record<TenantOrg, string> = { a: '', b: '' };
        for (const org of ['a', 'b'] as const) {
          const response = await call(actor, endpoint.method, endpoint.url(fixture.orgs[org]), payload());
          expectNoLeak(actor, response.body);
          if (response.statusCode < 300 || response.statusCode === endpoint.reachedStatus) row[org] = 'ok';
          else {
            // Outside the tenant is indistinguishable from absent: same status, code and message.
            expect({ status: response.statusCode, error: errorOf(response.body) }, `${actor} → ${org}`).toEqual({
              status: absent.statusCode,
              error: errorOf(absent.body),
            });
            row[org] = response.statusCode === 404 ? 'not found' : 'forbidden';
          }
        }
        outcome[actor] = row;
      }
      const expected = Object.fromEntries(
        TENANT_ACTORS.map((actor) => {
          const verdict = (org: TenantOrg) =>
            !endpoint.admits.includes(actor) ? 'forbidden' : ACTOR_REACHES[actor].includes(org) ? 'ok' : 'not found';
          return [actor, { a: verdict('a'), b: verdict('b') }];
        }),
      );
      expect(outcome).toEqual(expected);
    });
  }

  for (const listing of LISTINGS) {
    it(`${listing.operationId}: ${listing.method} ${listing.url}`, async () => {
      for (const actor of TENANT_ACTORS) {
        const response = await call(actor, listing.method, listing.url, listing.body?.());
        expectNoLeak(actor, response.body);
        if (!listing.admits.includes(actor)) {
          expect(response.statusCode, actor).toBe(403);
          continue;
        }
        expect(response.statusCode, `${actor}: ${response.body}`).toBeLessThan(300);
        if (!listing.organizationIds) continue;
        const listed = listing.organizationIds(response.json());
        const fixtureOrgs = (['a', 'b'] as const).filter((org) => listed.includes(fixture.orgs[org].id));
        expect(fixtureOrgs, actor).toEqual(ACTOR_REACHES[actor]);
      }
    });
  }

  it('covers every organizations operation the API documents', () => {
    const document = app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.includes('/organizations'))
      .flatMap(([, operations]) => Object.values(operations).map((operation) => operation.operationId));
    const covered = [...ORGANIZATION_ENDPOINTS, ...LISTINGS].map((endpoint) => endpoint.operationId);
    expect(documented.sort()).toEqual(covered.sort());
  });
});
