import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_REACHES,
  createTenantFixture,
  expectOrganizationNamedReach,
  type OrganizationNamedEndpoint,
  TENANT_ACTORS,
  type TenantActor,
  tenantErrorOf,
  type TenantFixture,
  type TenantOrg,
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { workflowApprovals, workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { TEMPLATE_LIBRARY, buildGraph } from '../workflows/template-library.ts';

/**
 * The tenant matrix of workflows and their runs (docs/tenancy.md): every actor × both organizations ×
 * every endpoint. Another organization's workflow, run or approval answers exactly like a missing one,
 * and nothing an actor receives names what lies outside its reach. Job workers are off: the rows stay
 * where the test puts them.
 */

type Method = 'GET' | 'POST' | 'PUT';
interface Seeded {
  workflowId: string;
  runId: string;
  secret: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const seeded = {} as Record<TenantOrg, Seeded>;
const system = { kind: 'all', userId: null } as const;
const ORGS = ['a', 'b'] as const;
const library = TEMPLATE_LIBRARY[1]!;
const graph = buildGraph(library);

async function seedWorkflow(org: TenantOrg, secret: string): Promise<string> {
  const organizationId = fixture.orgs[org].id;
  return withTenant(database.db, system, async (tx) => {
    const [workflow] = await tx
      .insert(organizationWorkflows)
      .values({
        organizationId,
        name: `Policy review ${secret}`,
        category: 'policy',
        trigger: { kind: 'manual' },
        ...graph,
        publishedVersion: 1,
        status: 'active',
        dirty: false,
      })
      .returning();
    await tx
      .insert(workflowVersions)
      .values({ organizationId, workflowId: workflow!.id, version: 1, ...graph, trigger: { kind: 'manual' } });
    return workflow!.id;
  });
}

/** A run in the given state (waiting on an approval, or failed at a step). */
async function seedRun(org: TenantOrg, status: 'waiting' | 'failed' = 'waiting'): Promise<{ runId: string; approvalId: string }> {
  const organizationId = fixture.orgs[org].id;
  const workflowId = seeded[org]?.workflowId ?? (await seedWorkflow(org, 'x'));
  return withTenant(database.db, system, async (tx) => {
    const [version] = await tx.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflowId));
    const [run] = await tx
      .insert(workflowRuns)
      .values({
        organizationId,
        workflowId,
        versionId: version!.id,
        version: 1,
        status,
        triggerKind: 'manual',
        currentNodeId: 'step-2',
        stepSeq: 2,
      })
      .returning();
    const [approval] = await tx
      .insert(workflowApprovals)
      .values({ organizationId, runId: run!.id, seq: 2, nodeId: 'step-2', title: 'Approve this year’s policies' })
      .returning();
    return { runId: run!.id, approvalId: approval!.id };
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  for (const org of ORGS) {
    const secret = `secret-${org}-${randomUUID().slice(0, 8)}`;
    const workflowId = await seedWorkflow(org, secret);
    seeded[org] = { workflowId, runId: '', secret };
    seeded[org].runId = (await seedRun(org)).runId;
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

function call(actor: TenantActor, method: Method, url: string, payload?: object) {
  return app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
}

function expectNoLeak(actor: TenantActor, body: string): void {
  for (const org of ORGS) {
    if (ACTOR_REACHES[actor].includes(org)) continue;
    for (const secret of [fixture.orgs[org].id, fixture.orgs[org].name, seeded[org].workflowId, seeded[org].runId, seeded[org].secret]) {
      expect(body, `${actor} sees ${org}`).not.toContain(secret);
    }
  }
}

interface RowEndpoint {
  operationId: string;
  method: Method;
  url: (org: TenantOrg | null) => Promise<string> | string;
  body?: object;
}
const nowhere = () => randomUUID();
const ROW_ENDPOINTS: readonly RowEndpoint[] = [
  {
    operationId: 'getOrganizationWorkflow',
    method: 'GET',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}`,
  },
  {
    operationId: 'updateOrganizationWorkflow',
    method: 'PUT',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}`,
    body: graph,
  },
  {
    operationId: 'checkOrganizationWorkflow',
    method: 'GET',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}/validation`,
  },
  {
    operationId: 'publishWorkflow',
    method: 'POST',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}/publish`,
  },
  {
    operationId: 'updateWorkflowStatus',
    method: 'POST',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}/status`,
    body: { status: 'active' },
  },
  {
    operationId: 'startWorkflowRun',
    method: 'POST',
    url: (org) => `/api/v1/organization-workflows/${org ? seeded[org].workflowId : nowhere()}/runs`,
    body: { data: {} },
  },
  { operationId: 'getWorkflowRun', method: 'GET', url: (org) => `/api/v1/workflow-runs/${org ? seeded[org].runId : nowhere()}` },
  {
    operationId: 'cancelWorkflowRun',
    method: 'POST',
    url: async (org) => `/api/v1/workflow-runs/${org ? (await seedRun(org)).runId : nowhere()}/cancel`,
  },
  {
    operationId: 'retryWorkflowRun',
    method: 'POST',
    url: async (org) => `/api/v1/workflow-runs/${org ? (await seedRun(org, 'failed')).runId : nowhere()}/retry`,
  },
  {
    operationId: 'decideWorkflowApproval',
    method: 'POST',
    url: async (org) => `/api/v1/workflow-approvals/${org ? (await seedRun(org)).approvalId : nowhere()}/decision`,
    body: { decision: 'approved' },
  },
];

const ORGANIZATION_ENDPOINTS: readonly OrganizationNamedEndpoint<object, Method>[] = [
  { operationId: 'listOrganizationWorkflows', method: 'GET', url: (id) => `/api/v1/organization-workflows?organizationId=${id}` },
  {
    operationId: 'createWorkflowFromTemplate',
    method: 'POST',
    url: () => '/api/v1/organization-workflows',
    body: (organizationId) => ({ organizationId, templateId: library.id }),
  },
  { operationId: 'listWorkflowRuns', method: 'GET', url: (id) => `/api/v1/workflow-runs?organizationId=${id}` },
  { operationId: 'listWorkflowApprovals', method: 'GET', url: (id) => `/api/v1/workflow-approvals?organizationId=${id}` },
  { operationId: 'listProgramCalendar', method: 'GET', url: (id) => `/api/v1/program-calendar?organizationId=${id}` },
];

describe('workflow tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ROW_ENDPOINTS) {
    it(endpoint.operationId, async () => {
      for (const actor of TENANT_ACTORS) {
        const absent = await call(actor, endpoint.method, await endpoint.url(null), endpoint.body);
        expect(absent.statusCode, `${actor} on a missing row: ${absent.body}`).toBe(404);
        for (const org of ORGS) {
          const response = await call(actor, endpoint.method, await endpoint.url(org), endpoint.body);
          expectNoLeak(actor, response.body);
          if (ACTOR_REACHES[actor].includes(org)) {
            expect(response.statusCode, `${actor} → own ${org}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
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

  for (const endpoint of ORGANIZATION_ENDPOINTS) {
    it(`${endpoint.operationId} (organization named)`, () => expectOrganizationNamedReach(endpoint, { fixture, call, expectNoLeak }));
  }

  it('lists only the organization’s own workflows and runs to its client, unnamed', async () => {
    for (const [actor, org] of [
      ['clientOfA', 'a'],
      ['clientOfB', 'b'],
    ] as const) {
      const workflows = (await call(actor, 'GET', '/api/v1/organization-workflows')).json() as { workflows: { id: string }[] };
      expect(workflows.workflows.map((item) => item.id)).toContain(seeded[org].workflowId);
      const runs = await call(actor, 'GET', '/api/v1/workflow-runs');
      expect(runs.body).toContain(seeded[org].runId);
      expectNoLeak(actor, runs.body);
      expectNoLeak(actor, (await call(actor, 'GET', '/api/v1/workflow-approvals')).body);
    }
  });
});
