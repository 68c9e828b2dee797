import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { AGENT_RUN_FAILED_MESSAGE } from '../../../shared/schemas/agent-runs.ts';
import { buildApp } from '../../app.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequestEvents, taskRequests } from '../../db/schema/task-requests.ts';
import { withTenant } from '../organizations/tenant.ts';
import { startAgentRun, submitTaskRequest } from '../task-requests/pipeline.ts';
import type { AgentProvider, DraftInput, DraftResult } from './providers/agent-provider.ts';
import { classifyBuiltin } from './providers/builtin-classifier.ts';
import { deadLetterAgentRun, runAgentJob } from './run-agent.ts';

/**
 * The agent-run job on a real queue: submission → queued job → draft → in review; a redraft with
 * notes; a provider that keeps failing ends dead-lettered with words for the client; maintenance
 * pauses; a replayed job writes its output once. The provider is a test double (the composers have
 * their own tests); everything else — database, pg-boss, transactions, RLS — is real.
 */

class ScriptedProvider implements AgentProvider {
  name = 'scripted';
  failuresLeft = 0;
  seen: DraftInput[] = [];
  async classify(input: Parameters<AgentProvider['classify']>[0]) {
    return classifyBuiltin(input);
  }
  async draft(_db: unknown, input: DraftInput): Promise<DraftResult> {
    this.seen.push(input);
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('the model endpoint answered 503');
    }
    return {
      title: `Draft: ${input.request.title}`,
      confidence: 81,
      summary: `A draft for ${input.organization.name}.`,
      keyFindings: ['Finding one'],
      riskScore: 42,
      recommendations: ['Do the thing'],
      body: `# ${input.request.title}\n\n${input.reviewNotes ? `Changes: ${input.reviewNotes}\n\n` : ''}Version after ${input.previous?.version ?? 0}.`,
      sources: [{ kind: 'request', ref: input.request.id, title: input.request.title }],
      provider: 'scripted',
      model: 'test',
      inputTokens: 10,
      outputTokens: 20,
    };
  }
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const provider = new ScriptedProvider();
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, agentProvider: provider });
  await app.ready();
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function submit(title: string) {
  return withTenant(database.db, system, (tx) =>
    submitTaskRequest(tx, app.jobs, {
      organizationId: fixture.orgs.a.id,
      requestedBy: fixture.userIds.clientOfA,
      title,
      description: 'Write our access control policy for SOC 2.',
      department: 'compliance',
      deadline: null,
      frameworks: ['SOC 2'],
      source: 'wizard',
      classification: classifyBuiltin({
        title,
        description: 'Write our access control policy',
        department: 'compliance',
        deadline: null,
        frameworks: ['SOC 2'],
      }),
    }),
  );
}

const read = <T>(work: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(database.db, system, work);

async function requestStatus(id: string) {
  const [row] = await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, id)));
  return row?.status;
}

describe('the agent-run job', () => {
  it('drafts a submitted request: output version 1, request and deliverable in review, timeline in order', async () => {
    const request = await submit('Access control policy');
    expect(request.status).toBe('queued');
    await expect.poll(() => requestStatus(request.id), { timeout: 15_000 }).toBe('in_review');

    const outputs = await read((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)));
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ version: 1, status: 'pending_review', agentId: 'policy-drafter', confidence: 81, riskScore: 42 });
    const [deliverable] = await read((tx) => tx.select().from(deliverables).where(eq(deliverables.taskRequestId, request.id)));
    expect(deliverable?.status).toBe('in_review');
    const events = await read((tx) =>
      tx
        .select({ kind: taskRequestEvents.kind })
        .from(taskRequestEvents)
        .where(eq(taskRequestEvents.taskRequestId, request.id))
        .orderBy(asc(taskRequestEvents.createdAt)),
    );
    expect(events.map((event) => event.kind)).toEqual(['submitted', 'classified', 'agent_started', 'draft_ready', 'in_review']);
    const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, provider: 'scripted', model: 'test', inputTokens: 10 });
  });

  it('writes the output once when the same run is replayed (a job run again after a crash)', async () => {
    const request = await submit('Replayed run');
    await expect.poll(() => requestStatus(request.id), { timeout: 15_000 }).toBe('in_review');
    const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
    const deps = { db: database.db, jobs: app.jobs, provider };
    expect(
      await runAgentJob(deps, { id: 'replay', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: 0, retryLimit: 2 }),
    ).toBe('already-done');
    const outputs = await read((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)));
    expect(outputs).toHaveLength(1);
  });

  it('redrafts with the reviewer’s notes as version 2, superseding nothing that was decided', async () => {
    const request = await submit('Redrafted policy');
    await expect.poll(() => requestStatus(request.id), { timeout: 15_000 }).toBe('in_review');
    await read(async (tx) => {
      await tx.update(aiOutputs).set({ status: 'rejected' }).where(eq(aiOutputs.taskRequestId, request.id));
      await startAgentRun(tx, app.jobs, { taskRequest: request, reviewNotes: 'Name the deputy owner.' });
    });
    await expect
      .poll(async () => (await read((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)))).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const outputs = await read((tx) =>
      tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)).orderBy(asc(aiOutputs.version)),
    );
    expect(outputs.map((output) => [output.version, output.status])).toEqual([
      [1, 'rejected'],
      [2, 'pending_review'],
    ]);
    expect(outputs[1]?.body).toContain('Name the deputy owner.');
    const redraftInput = provider.seen.find((input) => input.request.id === request.id && input.reviewNotes);
    expect(redraftInput?.previous?.version).toBe(1);
  });

  it('a run that keeps failing is dead-lettered: the request fails with words for the client and the staff are e-mailed', async () => {
    provider.failuresLeft = 100;
    const request = await submit('Doomed request');
    // Drive the attempts directly instead of waiting out the queue's backoff.
    const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
    await app.jobs.boss.cancel('agent-run', run!.jobId!);
    const deps = { db: database.db, jobs: app.jobs, provider };
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(
        runAgentJob(deps, { id: 'x', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: attempt, retryLimit: 2 }),
      ).rejects.toThrow('503');
    }
    await deadLetterAgentRun(deps, { runId: run!.id, organizationId: fixture.orgs.a.id });
    provider.failuresLeft = 0;
    const [failed] = await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, request.id)));
    expect(failed).toMatchObject({ status: 'failed', failureMessage: AGENT_RUN_FAILED_MESSAGE });
    const [deadRun] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run!.id)));
    expect(deadRun).toMatchObject({ status: 'dead', attempts: 3, error: 'the model endpoint answered 503' });
    const events = await read((tx) =>
      tx.select({ kind: taskRequestEvents.kind }).from(taskRequestEvents).where(eq(taskRequestEvents.taskRequestId, request.id)),
    );
    expect(events.map((event) => event.kind)).toContain('run_failed');
  });

  it('pg-boss retries a failed attempt and dead-letters the job when out of retries', async () => {
    await app.jobs.retune('agent-run', { retryDelay: 1, retryBackoff: false });
    try {
      provider.failuresLeft = 100;
      const request = await submit('Retried by the queue');
      await expect.poll(() => requestStatus(request.id), { timeout: 30_000, interval: 250 }).toBe('failed');
      const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
      expect(run).toMatchObject({ status: 'dead', attempts: 3 });
    } finally {
      provider.failuresLeft = 0;
      await app.jobs.retune('agent-run', { retryDelay: 5, retryBackoff: true });
    }
  });

  it('an agent in maintenance holds its runs; they run once it is back', async () => {
    await read((tx) => tx.update(agents).set({ status: 'maintenance' }).where(eq(agents.id, 'policy-drafter')));
    const request = await submit('Paused policy');
    const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
    const deps = { db: database.db, jobs: app.jobs, provider };
    await app.jobs.boss.cancel('agent-run', run!.jobId!);
    expect(
      await runAgentJob(deps, { id: 'x', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: 0, retryLimit: 2 }),
    ).toBe('paused');
    expect(await requestStatus(request.id)).toBe('queued');
    await read((tx) => tx.update(agents).set({ status: 'active' }).where(eq(agents.id, 'policy-drafter')));
    expect(
      await runAgentJob(deps, { id: 'y', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: 0, retryLimit: 2 }),
    ).toBe('drafted');
    expect(await requestStatus(request.id)).toBe('in_review');
  });
});
