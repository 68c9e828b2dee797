import path from 'node:path';
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
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { risks } from '../../db/schema/risks.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { loadCatalogue } from './catalogue-files.ts';
import { seedCatalogue } from './catalogue-seed.ts';

/**
 * The programme's tenant matrix (docs/tenancy.md): every actor × both organizations × every
 * frameworks, controls, readiness and register-export endpoint, the CSV exports and the PDF included.
 * An actor the route admits gets its own organization's answer, and for the other organization exactly
 * the answer of one that does not exist (same status, code and message); nothing an actor receives
 * names an organization, evidence item or risk outside their reach.
 */

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
interface Seeded {
  evidenceId: string;
  riskId: string;
  secret: string;
}

const FIXTURE = path.resolve(import.meta.dirname, '../../../../tests/fixtures/catalogue');
const system = { kind: 'all', userId: null } as const;

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const seeded = {} as Record<TenantOrg, Seeded>;

async function seed(org: TenantOrg): Promise<Seeded> {
  const organizationId = fixture.orgs[org].id;
  const secret = `Secret ${fixture.orgs[org].name}`;
  const activated = await app.inject({
    method: 'PUT',
    url: '/api/v1/frameworks/soc2/activation',
    headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
    payload: { organizationId },
  });
  if (activated.statusCode !== 200) throw new Error(activated.body);
  return withTenant(database.db, system, async (tx) => {
    const [item] = await tx
      .insert(evidence)
      .values({
        organizationId,
        title: `${secret} evidence`,
        kind: 'link',
        url: 'https://example.com/a',
        collectedAt: new Date(),
        expiresAt: new Date(Date.now() + 10 * 24 * 3600 * 1000),
        uploadedBy: fixture.userIds.administrator,
      })
      .returning({ id: evidence.id });
    await tx.insert(evidenceControls).values({ organizationId, evidenceId: item!.id, controlId: 'IAM-01' });
    const [risk] = await tx
      .insert(risks)
      .values({
        organizationId,
        ref: 'R-001',
        title: `${secret} risk`,
        category: 'security',
        likelihood: 4,
        impact: 5,
        residualLikelihood: 2,
        residualImpact: 3,
        treatment: 'mitigate',
        createdBy: fixture.userIds.administrator,
      })
      .returning({ id: risks.id });
    return { evidenceId: item!.id, riskId: risk!.id, secret };
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, loadCatalogue(FIXTURE));
  app = await buildApp({ database });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  seeded.a = await seed('a');
  seeded.b = await seed('b');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });

function expectNoLeak(actor: TenantActor, body: string): void {
  for (const org of ['a', 'b'] as const) {
    if (ACTOR_REACHES[actor].includes(org)) continue;
    for (const secret of [fixture.orgs[org].id, fixture.orgs[org].name, seeded[org].evidenceId, seeded[org].riskId, seeded[org].secret]) {
      expect(body, `${actor} sees ${org}`).not.toContain(secret);
    }
  }
}

interface Endpoint {
  operationId: string;
  method: Method;
  /** The URL for one organization id. */
  url: (organizationId: string) => string;
  body?: (organizationId: string) => object;
}

const q = (organizationId: string) => `organizationId=${organizationId}`;
const ENDPOINTS: readonly Endpoint[] = [
  { operationId: 'listFrameworks', method: 'GET', url: (id) => `/api/v1/frameworks?${q(id)}` },
  { operationId: 'getFramework', method: 'GET', url: (id) => `/api/v1/frameworks/soc2?${q(id)}` },
  { operationId: 'getCrosswalk', method: 'GET', url: (id) => `/api/v1/frameworks/iso27001/crosswalk?from=soc2&${q(id)}` },
  { operationId: 'getReadiness', method: 'GET', url: (id) => `/api/v1/readiness?${q(id)}` },
  { operationId: 'listReadinessHistory', method: 'GET', url: (id) => `/api/v1/readiness/history?${q(id)}` },
  { operationId: 'exportReadinessReport', method: 'GET', url: (id) => `/api/v1/readiness/report.pdf?${q(id)}` },
  { operationId: 'listControls', method: 'GET', url: (id) => `/api/v1/controls?${q(id)}` },
  {
    operationId: 'updateControl',
    method: 'PATCH',
    url: () => '/api/v1/controls/IAM-03',
    body: (organizationId) => ({ organizationId, status: 'in_progress' }),
  },
  { operationId: 'exportRegister (controls)', method: 'GET', url: (id) => `/api/v1/registers/controls/export.csv?${q(id)}` },
  { operationId: 'exportRegister (evidence)', method: 'GET', url: (id) => `/api/v1/registers/evidence/export.csv?${q(id)}` },
  { operationId: 'exportRegister (risks)', method: 'GET', url: (id) => `/api/v1/registers/risks/export.csv?${q(id)}` },
  {
    operationId: 'exportRegister (requirements)',
    method: 'GET',
    url: (id) => `/api/v1/registers/requirements/export.csv?frameworkId=soc2&${q(id)}`,
  },
  {
    operationId: 'activateFramework',
    method: 'PUT',
    url: () => '/api/v1/frameworks/iso27001/activation',
    body: (organizationId) => ({ organizationId, targetDate: '2027-06-30' }),
  },
  { operationId: 'deactivateFramework', method: 'DELETE', url: (id) => `/api/v1/frameworks/iso27001/activation?${q(id)}` },
];

describe('programme tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.operationId, async () => {
      for (const actor of TENANT_ACTORS) {
        const nowhere = randomUUID();
        const absent = await call(actor, endpoint.method, endpoint.url(nowhere), endpoint.body?.(nowhere));
        expect([403, 404], `${actor} on a missing organization: ${absent.body}`).toContain(absent.statusCode);
        const admitted = absent.statusCode === 404;
        for (const org of ['a', 'b'] as const) {
          const id = fixture.orgs[org].id;
          const response = await call(actor, endpoint.method, endpoint.url(id), endpoint.body?.(id));
          expectNoLeak(actor, response.rawPayload.toString('latin1'));
          if (admitted && ACTOR_REACHES[actor].includes(org)) {
            expect(response.statusCode, `${actor} → own ${org}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
          } else {
            expect({ status: response.statusCode, error: tenantErrorOf(response.body) }, `${actor} → ${org}`).toEqual({
              status: absent.statusCode,
              error: tenantErrorOf(absent.body),
            });
          }
        }
      }
    });
  }

  it('answers a client without naming the organization with their own, and its exports hold only their rows', async () => {
    for (const [actor, org] of [
      ['clientOfA', 'a'],
      ['clientOfB', 'b'],
    ] as const) {
      const evidenceCsv = (await call(actor, 'GET', '/api/v1/registers/evidence/export.csv')).body;
      expect(evidenceCsv).toContain(seeded[org].evidenceId);
      const risksCsv = (await call(actor, 'GET', '/api/v1/registers/risks/export.csv')).body;
      expect(risksCsv).toContain(`${seeded[org].secret} risk`);
      const readiness = (await call(actor, 'GET', '/api/v1/readiness')).json() as {
        organizationId: string;
        expiringEvidence: { id: string }[];
      };
      expect(readiness.organizationId).toBe(fixture.orgs[org].id);
      expect(readiness.expiringEvidence.map((item) => item.id)).toEqual([seeded[org].evidenceId]);
    }
  });

  it('shows staff who have not chosen an organization the catalogue alone, and asks them to choose for the rest', async () => {
    for (const actor of ['staffUnassigned', 'administrator'] as const) {
      const list = await call(actor, 'GET', '/api/v1/frameworks');
      expect(list.json()).toMatchObject({ organizationId: null });
      expectNoLeak(actor, list.body);
      const readiness = await call(actor, 'GET', '/api/v1/readiness');
      expect(readiness.statusCode).toBe(400);
      expect(readiness.json().error.issues[0].path).toBe('query.organizationId');
    }
  });
});
