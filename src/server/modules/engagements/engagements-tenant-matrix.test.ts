import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../../tests/auth-helpers.ts';
import {
  ACTOR_REACHES,
  createTenantFixture,
  TENANT_ACTORS,
  type TenantActor,
  type TenantFixture,
  type TenantOrg,
  tenantErrorOf,
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { auditRequestListSchema, auditSampleSchema, engagementSchema } from '../../../shared/schemas/engagements.ts';
import { buildApp } from '../../app.ts';
import { auditRequestEvidence } from '../../db/schema/engagements.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * The audit endpoints' tenant matrix: the five tenant actors and an auditor of A's engagement ×
 * organizations A and B × every engagement and trail endpoint. Whoever does not reach an organization
 * gets 404 (or the route guard's 403 for both organizations alike), with nothing of it in the answer.
 */

type Actor = TenantActor | 'auditorOfA';
const ACTORS: readonly Actor[] = [...TENANT_ACTORS, 'auditorOfA'];
const REACHES: Record<Actor, readonly TenantOrg[]> = { ...ACTOR_REACHES, auditorOfA: ['a'] };

interface Target {
  engagementId: string;
  evidenceId: string;
  requestId: string;
  sampleId: string;
  organizationId: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let auditor: TestUser;
const targets = {} as Record<TenantOrg, Target>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const ENDPOINTS: readonly { name: string; method: 'GET' | 'POST'; url: (target: Target) => string; payload?: object }[] = [
  { name: 'getEngagementDashboard', method: 'GET', url: (t) => `/api/v1/engagements/${t.engagementId}/dashboard` },
  { name: 'listAuditRequests', method: 'GET', url: (t) => `/api/v1/engagements/${t.engagementId}/requests` },
  {
    name: 'addAuditRequest',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/requests`,
    payload: { title: 'Board minutes' },
  },
  { name: 'getAuditRequest', method: 'GET', url: (t) => `/api/v1/engagements/${t.engagementId}/requests/${t.requestId}` },
  {
    name: 'decideAuditRequest',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/requests/${t.requestId}/decision`,
    payload: { decision: 'request_resubmission', comment: 'Please send the signed version.' },
  },
  {
    name: 'respondAuditRequest',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/requests/${t.requestId}/messages`,
    payload: { body: 'A question.' },
  },
  {
    name: 'createTaskFromAuditRequest',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/requests/${t.requestId}/task-request`,
  },
  { name: 'listAuditSamples', method: 'GET', url: (t) => `/api/v1/engagements/${t.engagementId}/samples` },
  {
    name: 'uploadSamplePopulation',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/samples`,
    payload: { name: 'Leavers', csv: 'id\n1\n2\n' },
  },
  {
    name: 'drawSample',
    method: 'POST',
    url: (t) => `/api/v1/engagements/${t.engagementId}/samples/${t.sampleId}/draw`,
    payload: { sampleSize: 1 },
  },
  { name: 'exportAuditPackage', method: 'GET', url: (t) => `/api/v1/engagements/${t.engagementId}/package.zip` },
  {
    name: 'downloadEngagementEvidence',
    method: 'GET',
    url: (t) => `/api/v1/engagements/${t.engagementId}/evidence/${t.evidenceId}/download`,
  },
  { name: 'listAuditTrail (engagement)', method: 'GET', url: (t) => `/api/v1/audit-trail?engagementId=${t.engagementId}` },
  { name: 'verifyAuditTrail (engagement)', method: 'GET', url: (t) => `/api/v1/audit-trail/verify?engagementId=${t.engagementId}` },
  { name: 'exportAuditTrail (engagement)', method: 'GET', url: (t) => `/api/v1/audit-trail/export.csv?engagementId=${t.engagementId}` },
];

/** Trail reads by organization: staff and client managers; auditors only through their engagement. */
const TRAIL_ENDPOINTS = ['/api/v1/audit-trail', '/api/v1/audit-trail/verify', '/api/v1/audit-trail/export.csv'] as const;
const TRAIL_READERS: Record<Actor, readonly TenantOrg[]> = {
  clientOfA: [], // a plain client: 403 for both organizations
  clientOfB: ['b'], // a client manager
  staffOfA: ['a'],
  staffUnassigned: [],
  administrator: ['a', 'b'],
  auditorOfA: [],
};

const token = (actor: Actor) => (actor === 'auditorOfA' ? auditor.accessToken : fixture.tokens[actor]);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  auditor = await createTestUser(app);
  await ensureProfile(database.db, { userId: auditor.userId, userType: 'staff' });
  await grantRole(database.db, { userId: auditor.userId, role: 'auditor' });
  await seedTestControls(database.db);
  const stored = await app.fileStore.put(Buffer.from('The information security policy.\n'));
  for (const org of ['a', 'b'] as const) {
    const organizationId = fixture.orgs[org].id;
    await addProgrammeControls(database.db, organizationId, ['GOV-01']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/engagements',
      headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
      payload: {
        organizationId,
        name: `Engagement ${org}`,
        frameworkId: 'soc2',
        auditType: 'type1',
        periodStart: day(-30),
        periodEnd: day(0),
        fieldworkStart: day(1),
        fieldworkEnd: day(10),
        accessEndsOn: day(20),
        auditorEmails: [org === 'a' ? auditor.email : `other-${Date.now()}@example.com`],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const engagementId = engagementSchema.parse(created.json()).id;
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${engagementId}/requests`,
      headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
    });
    const requestId = auditRequestListSchema.parse(list.json()).requests[0]?.id ?? '';
    const sample = await app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${engagementId}/samples`,
      headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
      payload: { name: 'New hires', csv: 'id\n1\n2\n3\n' },
    });
    const evidenceId = await withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
      const [row] = await tx
        .insert(evidence)
        .values({
          organizationId,
          title: 'Policy',
          kind: 'file',
          sha256: stored.sha256,
          fileName: 'policy.txt',
          mediaType: 'text/plain',
          sizeBytes: stored.size,
          collectedAt: new Date(Date.now() - 5 * 86_400_000),
          expiresAt: new Date(Date.now() + 300 * 86_400_000),
          uploadedBy: fixture.userIds.administrator,
        })
        .returning({ id: evidence.id });
      await tx.insert(auditRequestEvidence).values({ organizationId, requestId, evidenceId: row?.id ?? '' });
      return row?.id ?? '';
    });
    targets[org] = { engagementId, evidenceId, requestId, sampleId: auditSampleSchema.parse(sample.json()).id, organizationId };
  }
}, 90_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

function expectNoLeak(body: string, org: TenantOrg) {
  expect(body).not.toContain(targets[org].organizationId);
  expect(body).not.toContain(fixture.orgs[org].name);
}

describe('audit engagements tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      for (const actor of ACTORS) {
        const statuses: Partial<Record<TenantOrg, number>> = {};
        for (const org of ['a', 'b'] as const) {
          const response = await app.inject({
            method: endpoint.method,
            url: endpoint.url(targets[org]),
            headers: { authorization: `Bearer ${token(actor)}` },
            ...(endpoint.payload ? { payload: endpoint.payload } : endpoint.method === 'POST' ? { payload: {} } : {}),
          });
          statuses[org] = response.statusCode;
          if (REACHES[actor].includes(org)) {
            expect(response.statusCode, `${actor} → ${org}: ${response.body}`).not.toBe(404);
            expect(response.statusCode, `${actor} → ${org}: ${response.body}`).toBeLessThan(500);
            continue;
          }
          if (response.statusCode === 403) continue; // the route guard, before tenancy: checked alike below
          expect(response.statusCode, `${actor} → ${org}: ${response.body}`).toBe(404);
          expect(tenantErrorOf(response.body).code).toBe('NOT_FOUND');
          expectNoLeak(response.body, org);
        }
        const unreachable = (['a', 'b'] as const).filter((org) => !REACHES[actor].includes(org));
        // A 403 for an unreachable organization comes from the permission guard, the same for one the actor reaches.
        for (const org of unreachable) {
          if (statuses[org] === 403 && REACHES[actor].length > 0) {
            expect(statuses[REACHES[actor][0] as TenantOrg], `${actor}: ${endpoint.name}`).toBe(403);
          }
        }
      }
    });
  }

  for (const path of TRAIL_ENDPOINTS) {
    it(`${path} by organization`, async () => {
      for (const actor of ACTORS) {
        for (const org of ['a', 'b'] as const) {
          const response = await app.inject({
            method: 'GET',
            url: `${path}?organizationId=${targets[org].organizationId}`,
            headers: { authorization: `Bearer ${token(actor)}` },
          });
          const expected = TRAIL_READERS[actor].includes(org) ? 200 : actor === 'clientOfA' ? 403 : 404;
          expect(response.statusCode, `${actor} → ${org}: ${response.body}`).toBe(expected);
          if (expected !== 200) expect(response.body).not.toContain(fixture.orgs[org].name);
        }
      }
    });
  }
});
