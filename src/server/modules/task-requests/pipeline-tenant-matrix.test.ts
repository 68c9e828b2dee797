import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import { deliverables } from '../../db/schema/deliverables.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { publishDeliverable } from '../deliverables/publish-deliverable.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { submitTaskRequest } from './pipeline.ts';

/**
 * The tenant matrix of the delivery pipeline (docs/tenancy.md): every actor × both organizations ×
 * every pipeline endpoint that names a request, output or deliverable. An actor the route admits gets
 * its own organization's row, and exactly the answer of a row that does not exist for the other's
 * (404, same code and message) — reads, writes and downloads alike; listings, counts and scores never
 * name the other organization. The organizations hold a real request each, drafted by the server's
 * own agent and published, so every answer has something to leak.
 */

type Method = 'GET' | 'POST';
interface Seeded {
  requestId: string;
  outputId: string;
  deliverableId: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const seeded = {} as Record<TenantOrg, Seeded>;
const system = { kind: 'all', userId: null } as const;

async function seed(org: TenantOrg, requester: TenantActor): Promise<Seeded> {
  const title = `Access control policy for ${fixture.orgs[org].name}`;
  const input = {
    title,
    description: 'Write our access control policy.',
    department: 'compliance',
    deadline: null,
    frameworks: ['SOC 2'],
  } as const;
  const request = await withTenant(database.db, system, (tx) =>
    submitTaskRequest(tx, app.jobs, {
      ...input,
      frameworks: [...input.frameworks],
      organizationId: fixture.orgs[org].id,
      requestedBy: fixture.userIds[requester],
      source: 'wizard',
      classification: classifyBuiltin({ ...input, frameworks: [...input.frameworks] }),
    }),
  );
  // The server's own agent drafts it (in-process workers).
  let output: typeof aiOutputs.$inferSelect | undefined;
  for (let waited = 0; !output; waited += 100) {
    if (waited > 30_000) throw new Error(`no draft for ${org} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    [output] = await withTenant(database.db, system, (tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)));
  }
  await withTenant(database.db, system, async (tx) => {
    await tx.update(aiOutputs).set({ status: 'approved' }).where(eq(aiOutputs.id, output.id));
    await publishDeliverable(tx, { outputId: output.id, publishedBy: fixture.userIds.administrator, reviewerName: 'Matrix Reviewer' });
  });
  const [deliverable] = await withTenant(database.db, system, (tx) =>
    tx.select({ id: deliverables.id }).from(deliverables).where(eq(deliverables.taskRequestId, request.id)),
  );
  return { requestId: request.id, outputId: output.id, deliverableId: deliverable!.id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  seeded.a = await seed('a', 'clientOfA');
  seeded.b = await seed('b', 'clientOfB');
}, 90_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });

/** Nothing an actor receives may name an organization, request or deliverable outside their reach. */
function expectNoLeak(actor: TenantActor, body: string): void {
  for (const org of ['a', 'b'] as const) {
    if (ACTOR_REACHES[actor].includes(org)) continue;
    for (const secret of [
      fixture.orgs[org].id,
      fixture.orgs[org].name,
      seeded[org].requestId,
      seeded[org].outputId,
      seeded[org].deliverableId,
    ]) {
      expect(body, `${actor} sees ${org}`).not.toContain(secret);
    }
  }
}

const errorOf = tenantErrorOf;

interface Endpoint {
  operationId: string;
  method: Method;
  url: (row: Seeded) => string;
  body?: object;
}
const ENDPOINTS: readonly Endpoint[] = [
  { operationId: 'getTaskRequest', method: 'GET', url: (row) => `/api/v1/task-requests/${row.requestId}` },
  { operationId: 'listTaskComments', method: 'GET', url: (row) => `/api/v1/task-requests/${row.requestId}/comments` },
  {
    operationId: 'createTaskComment',
    method: 'POST',
    url: (row) => `/api/v1/task-requests/${row.requestId}/comments`,
    body: { body: 'A question.' },
  },
  { operationId: 'getOutputReview', method: 'GET', url: (row) => `/api/v1/outputs/${row.outputId}` },
  { operationId: 'getDeliverable', method: 'GET', url: (row) => `/api/v1/deliverables/${row.deliverableId}` },
  { operationId: 'downloadDeliverable', method: 'GET', url: (row) => `/api/v1/deliverables/${row.deliverableId}/download?format=md` },
  { operationId: 'downloadDeliverablePdf', method: 'GET', url: (row) => `/api/v1/deliverables/${row.deliverableId}/download?format=pdf` },
];
const LISTINGS: readonly { operationId: string; url: string }[] = [
  { operationId: 'listTaskRequests', url: '/api/v1/task-requests' },
  { operationId: 'getTaskSummary', url: '/api/v1/task-summary' },
  { operationId: 'listDeliverables', url: '/api/v1/deliverables?q=policy' },
  { operationId: 'listReviewQueue', url: '/api/v1/review-queue' },
  { operationId: 'getQualityScores', url: '/api/v1/quality-scores' },
  { operationId: 'listAgents', url: '/api/v1/agents' },
];

describe('pipeline tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.operationId}`, async () => {
      for (const actor of TENANT_ACTORS) {
        const nowhere: Seeded = { requestId: randomUUID(), outputId: randomUUID(), deliverableId: randomUUID() };
        const absent = await call(actor, endpoint.method, endpoint.url(nowhere), endpoint.body);
        expect([403, 404], `${actor} on a missing row: ${absent.body}`).toContain(absent.statusCode);
        const admitted = absent.statusCode === 404;
        for (const org of ['a', 'b'] as const) {
          const response = await call(actor, endpoint.method, endpoint.url(seeded[org]), endpoint.body);
          expectNoLeak(actor, response.body);
          if (admitted && ACTOR_REACHES[actor].includes(org)) {
            expect(response.statusCode, `${actor} → own ${org}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
          } else {
            // Outside the tenant is indistinguishable from absent: same status, code and message.
            expect({ status: response.statusCode, error: errorOf(response.body) }, `${actor} → ${org}`).toEqual({
              status: absent.statusCode,
              error: errorOf(absent.body),
            });
          }
        }
      }
    });
  }

  for (const listing of LISTINGS) {
    it(`${listing.operationId}: counts, search and scores name no other organization`, async () => {
      for (const actor of TENANT_ACTORS) {
        const response = await call(actor, 'GET', listing.url);
        expect([200, 403], `${actor}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        expectNoLeak(actor, response.body);
      }
    });
  }

  it('lets each client see its own request and only that one', async () => {
    for (const [actor, org] of [
      ['clientOfA', 'a'],
      ['clientOfB', 'b'],
    ] as const) {
      const listed = (await call(actor, 'GET', '/api/v1/task-requests')).json() as {
        items?: { id: string }[];
        requests?: { id: string }[];
      };
      const ids = (listed.items ?? listed.requests ?? []).map((item) => item.id);
      expect(ids).toContain(seeded[org].requestId);
    }
  });
});
