import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { agentDetailSchema, agentListSchema, agentSummarySchema } from '../../../shared/schemas/agent-runs.ts';
import type { RunStatus } from '../../../shared/schemas/agent-runs.ts';
import type { ReviewDecision } from '../../../shared/schemas/reviews.ts';
import { buildApp } from '../../app.ts';
import type { DbTransaction } from '../../db/client.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/** The Agent Dashboard's API on rows written the way the pipeline writes them, in two organizations. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const AGENT = 'policy-drafter';

async function request(tx: DbTransaction, organizationId: string, title: string) {
  const [row] = await tx
    .insert(taskRequests)
    .values({
      organizationId,
      requestedBy: crypto.randomUUID(),
      title,
      department: 'legal',
      priority: 'medium',
      complexity: 'low',
      estimateMinDays: 1,
      estimateMaxDays: 2,
      workKind: 'policy_draft',
      agentId: AGENT,
      classifiedBy: 'builtin',
      dueAt: new Date('2030-01-10T00:00:00Z'),
    })
    .returning();
  if (!row) throw new Error('request not inserted');
  return row;
}

async function run(
  tx: DbTransaction,
  taskRequest: { id: string; organizationId: string },
  status: RunStatus,
  extra: Partial<typeof agentRuns.$inferInsert> = {},
) {
  const [row] = await tx
    .insert(agentRuns)
    .values({ organizationId: taskRequest.organizationId, taskRequestId: taskRequest.id, agentId: AGENT, status, ...extra })
    .returning();
  if (!row) throw new Error('run not inserted');
  return row;
}

/** A run that drafted a version, and the reviewer's decision on it. */
async function reviewed(tx: DbTransaction, taskRequest: { id: string; organizationId: string }, version: number, decision: ReviewDecision) {
  const agentRun = await run(tx, taskRequest, 'succeeded', {
    attempts: 1,
    provider: 'builtin',
    model: 'builtin-composer-1',
    startedAt: new Date('2030-01-01T10:00:00Z'),
    finishedAt: new Date('2030-01-01T10:00:02.500Z'),
  });
  const [output] = await tx
    .insert(aiOutputs)
    .values({
      organizationId: taskRequest.organizationId,
      taskRequestId: taskRequest.id,
      runId: agentRun.id,
      agentId: AGENT,
      version,
      title: 'Draft',
      type: 'policy_draft',
      confidence: 80,
      summary: 'A draft.',
      keyFindings: ['One'],
      riskScore: 40,
      recommendations: ['Two'],
      body: '# Draft',
      sources: [],
      status: decision,
    })
    .returning();
  if (!output) throw new Error('output not inserted');
  await tx.insert(outputReviews).values({
    organizationId: taskRequest.organizationId,
    outputId: output.id,
    taskRequestId: taskRequest.id,
    reviewerId: crypto.randomUUID(),
    decision,
    scores: { accuracy: 90 },
    overallScore: 90,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  const { a, b } = fixture.orgs;
  await withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
    await run(tx, await request(tx, a.id, 'Access policy for Acme'), 'running', { startedAt: new Date(Date.now() - 60_000) });
    const rejectedThenApproved = await request(tx, a.id, 'Retention policy');
    await reviewed(tx, rejectedThenApproved, 1, 'rejected');
    await reviewed(tx, rejectedThenApproved, 2, 'approved');
    await reviewed(tx, await request(tx, a.id, 'Acceptable use policy'), 1, 'approved');
    await run(tx, await request(tx, a.id, 'Queued policy'), 'queued');
    const failing = await request(tx, a.id, 'Failing policy');
    await run(tx, failing, 'failed', {
      attempts: 1,
      error: 'The model endpoint answered 500.',
      finishedAt: new Date('2030-01-02T00:00:00Z'),
    });
    await run(tx, failing, 'dead', {
      attempts: 3,
      error: 'The model did not answer within 120000 ms.',
      finishedAt: new Date('2030-01-03T00:00:00Z'),
    });

    await run(tx, await request(tx, b.id, 'Secret merger policy of Borealis'), 'running', { startedAt: new Date() });
    await reviewed(tx, await request(tx, b.id, 'Borealis privacy policy'), 1, 'approved');
    await run(tx, await request(tx, b.id, 'Borealis queued policy'), 'queued');
  });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });

async function agentAs(actor: TenantActor) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/agents', headers: as(actor) });
  expect(response.statusCode).toBe(200);
  const list = readJson(response, agentListSchema);
  const agent = list.agents.find((entry) => entry.id === AGENT);
  if (!agent) throw new Error('agent missing');
  return { list, agent, raw: response.body };
}

describe('listAgents', () => {
  it('lists the six agents, one per kind of work, with their statistics over every organization for an administrator', async () => {
    const { list, agent } = await agentAs('administrator');
    expect(list.agents.map((entry) => entry.workKind)).toEqual([
      'policy_draft',
      'gap_assessment',
      'risk_register',
      'evidence_checklist',
      'vendor_review',
      'questionnaire_answers',
    ]);
    expect(agent).toMatchObject({
      name: 'Policy Drafter',
      type: 'Policies',
      status: 'active',
      // Retention (after a rejection), Acceptable use, Borealis privacy.
      tasksCompleted: 3,
      // First-version approvals 2 of 3 reviewed requests.
      successRate: 66.7,
      // The most recently started run: Borealis's.
      currentTask: 'Secret merger policy of Borealis',
      queueDepth: 2,
      runsLast7Days: 10,
    });
    expect(agent.recentFailures.map((failure) => [failure.status, failure.error])).toEqual([
      ['dead', 'The model did not answer within 120000 ms.'],
      ['failed', 'The model endpoint answered 500.'],
    ]);
    const idle = list.agents.find((entry) => entry.id === 'gap-analyst');
    expect(idle).toMatchObject({ tasksCompleted: 0, successRate: null, currentTask: null, queueDepth: 0, recentFailures: [] });
  });

  it("counts only the organizations a staff member reaches, and never shows another organization's task", async () => {
    const { agent, raw } = await agentAs('staffOfA');
    expect(agent).toMatchObject({
      tasksCompleted: 2,
      successRate: 50,
      currentTask: 'Access policy for Acme',
      queueDepth: 1,
      runsLast7Days: 7,
    });
    expect(agent.recentFailures).toHaveLength(2);
    expect(raw).not.toContain('Borealis');
  });

  it('shows an unassigned staff member no figures at all', async () => {
    const { agent } = await agentAs('staffUnassigned');
    expect(agent).toMatchObject({
      tasksCompleted: 0,
      successRate: null,
      currentTask: null,
      queueDepth: 0,
      runsLast7Days: 0,
      recentFailures: [],
    });
  });

  it('refuses clients (403) and visitors (401)', async () => {
    for (const actor of ['clientOfA', 'clientOfB'] as const) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/agents', headers: as(actor) })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/agents' })).statusCode).toBe(401);
  });
});

describe('getAgent', () => {
  it('adds the last runs with request title, attempts, provider, model and duration', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/agents/${AGENT}`, headers: as('administrator') });
    const agent = readJson(response, agentDetailSchema);
    expect(agent.runs).toHaveLength(10);
    expect(agent.runs.find((entry) => entry.requestTitle === 'Acceptable use policy')).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      provider: 'builtin',
      model: 'builtin-composer-1',
      durationMs: 2500,
      error: null,
    });
    expect(agent.runs.map((entry) => entry.requestTitle)).toContain('Secret merger policy of Borealis');
  });

  it("shows staff only their organizations' runs", async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/agents/${AGENT}`, headers: as('staffOfA') });
    const agent = readJson(response, agentDetailSchema);
    expect(agent.runs).toHaveLength(7);
    expect(response.body).not.toContain('Borealis');
  });

  it('answers 404 for an unknown agent and 403 for a client', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/agents/nobody', headers: as('administrator') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/agents/${AGENT}`, headers: as('clientOfA') })).statusCode).toBe(403);
  });
});

describe('updateAgentStatus', () => {
  const patch = (actor: TenantActor, agentId: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url: `/api/v1/agents/${agentId}`, headers: as(actor), payload: payload as object });

  it('lets an administrator put an agent in maintenance and back', async () => {
    const response = await patch('administrator', 'risk-analyst', { status: 'maintenance' });
    expect(response.statusCode).toBe(200);
    expect(readJson(response, agentSummarySchema)).toMatchObject({ id: 'risk-analyst', status: 'maintenance' });
    const { list } = await agentAs('staffOfA');
    expect(list.agents.find((entry) => entry.id === 'risk-analyst')?.status).toBe('maintenance');
    expect((await patch('administrator', 'risk-analyst', { status: 'active' })).statusCode).toBe(200);
    // Each change is on the global chain, by the administrator, with the status before and after.
    const trail = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'agent'), eq(auditEvents.entityId, 'risk-analyst'))),
    );
    expect(trail.map(({ organizationId, actorId, action, before, after }) => ({ organizationId, actorId, action, before, after }))).toEqual(
      [
        {
          organizationId: null,
          actorId: fixture.userIds.administrator,
          action: 'agent.status',
          before: { status: 'active' },
          after: { status: 'maintenance' },
        },
        {
          organizationId: null,
          actorId: fixture.userIds.administrator,
          action: 'agent.status',
          before: { status: 'maintenance' },
          after: { status: 'active' },
        },
      ],
    );
  });

  it('refuses an unknown status (400), an unknown agent (404) and anyone but an administrator (403)', async () => {
    const bad = await patch('administrator', 'risk-analyst', { status: 'retired' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    expect((await patch('administrator', 'nobody', { status: 'standby' })).statusCode).toBe(404);
    expect((await patch('staffOfA', 'risk-analyst', { status: 'standby' })).statusCode).toBe(403);
    expect((await patch('clientOfA', 'risk-analyst', { status: 'standby' })).statusCode).toBe(403);
  });

  it('reports a status stored outside the three known values as it is (the screens show Unknown)', async () => {
    await database.db.update(agents).set({ status: 'retired' }).where(eq(agents.id, 'vendor-reviewer'));
    const { list } = await agentAs('administrator');
    expect(list.agents.find((entry) => entry.id === 'vendor-reviewer')?.status).toBe('retired');
    await database.db.update(agents).set({ status: 'active' }).where(eq(agents.id, 'vendor-reviewer'));
  });
});
