import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { AGENT_RUN_FAILED_MESSAGE, AGENT_RUN_FAILED_UNALERTED_MESSAGE } from '../../../shared/schemas/agent-runs.ts';
import { buildApp } from '../../app.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { userRoles } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequestEvents, taskRequests } from '../../db/schema/task-requests.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { startAgentRun, submitTaskRequest } from '../task-requests/pipeline.ts';
import type { AgentProvider, DraftInput, DraftResult } from './providers/agent-provider.ts';
import { classifyBuiltin } from './providers/builtin-classifier.ts';
import { deadLetterAgentRun, runAgentJob } from './run-agent.ts';

/**
 * The agent-run job on a real queue: submission → queued job → draft → in review; a redraft with
 * notes; a provider that keeps failing ends dead-lettered with words for the client; maintenance
 * pauses; a replayed job writes its output once; a dead run always reaches a person (or says it did not);
 * an attempt lost to a crash spends no attempt. The provider is a test double (the composers have
 * their own tests); everything else — database, pg-boss, transactions, RLS — is real.
 */

class ScriptedProvider implements AgentProvider {
  name = 'scripted';
  failuresLeft = 0;
  /** Drafts that never answer: the attempt's process "died" with the draft in hand. */
  stallsLeft = 0;
  seen: DraftInput[] = [];
  async classify(input: Parameters<AgentProvider['classify']>[0]) {
    return classifyBuiltin(input);
  }
  async draft(_db: unknown, input: DraftInput): Promise<DraftResult> {
    this.seen.push(input);
    if (this.stallsLeft > 0) {
      this.stallsLeft -= 1;
      return new Promise<DraftResult>(() => {});
    }
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

async function submit(title: string, organizationId = fixture.orgs.a.id) {
  return withTenant(database.db, system, (tx) =>
    submitTaskRequest(tx, app.jobs, {
      organizationId,
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

/** The addresses the failure mail for a request title was queued to. */
async function failureMailTo(title: string): Promise<string[]> {
  const rows = await database.db
    .select({ to: outboundEmails.toAddress })
    .from(outboundEmails)
    .where(eq(outboundEmails.subject, `Agent run failed: ${title}`));
  return rows.map((row) => row.to).sort();
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
  return row!.email!;
}

/** A request whose run the test drives itself (its queued job cancelled), in an organization of its own if asked. */
async function drivenRun(title: string, organizationId = fixture.orgs.a.id) {
  const request = await submit(title, organizationId);
  const [run] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)));
  await app.jobs.boss.cancel('agent-run', run!.jobId!);
  const job = (retryCount: number) => ({ id: `driven-${retryCount}`, data: { runId: run!.id, organizationId }, retryCount, retryLimit: 5 });
  return { request, run: run!, job };
}

/** Drives a run through the model's three failures: the last one dead-letters it. */
async function failThreeTimes(title: string, organizationId?: string) {
  const driven = await drivenRun(title, organizationId);
  const deps = { db: database.db, jobs: app.jobs, provider };
  provider.failuresLeft = 100;
  try {
    await expect(runAgentJob(deps, driven.job(0))).rejects.toThrow('503');
    await expect(runAgentJob(deps, driven.job(1))).rejects.toThrow('503');
    expect(await runAgentJob(deps, driven.job(2))).toBe('dead');
  } finally {
    provider.failuresLeft = 0;
  }
  const [request] = await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, driven.request.id)));
  return request!;
}

async function newOrganization(name: string): Promise<string> {
  const [row] = await database.db.insert(organizations).values({ name }).returning({ id: organizations.id });
  return row!.id;
}

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
    // The draft is on the trail once, by the system (the agent runs as a job), naming the output and its request.
    const trail = await read((tx) => tx.select().from(auditEvents).where(eq(auditEvents.entityId, outputs[0]!.id)));
    expect(trail.map((row) => [row.action, row.entityType, row.actorId, row.organizationId])).toEqual([
      ['ai_output.draft', 'ai_output', null, fixture.orgs.a.id],
    ]);
    expect(trail[0]?.after).toMatchObject({ taskRequestId: request.id, runId: run!.id, version: 1, status: 'pending_review' });
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
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(
        runAgentJob(deps, { id: 'x', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: attempt, retryLimit: 5 }),
      ).rejects.toThrow('503');
    }
    // The model failed the last attempt: the run is dead-lettered at once, whatever retries the queue keeps.
    expect(
      await runAgentJob(deps, { id: 'x', data: { runId: run!.id, organizationId: fixture.orgs.a.id }, retryCount: 2, retryLimit: 5 }),
    ).toBe('dead');
    // The dead-letter queue's copy (a crash-spent job) changes nothing twice.
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
    // Every staff member assigned to the organization (the fixture's consultant and its spare reviewer), nobody else.
    const assigned = await read((tx) =>
      tx
        .select({ email: authUsers.email })
        .from(staffAssignments)
        .innerJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
        .where(eq(staffAssignments.organizationId, fixture.orgs.a.id)),
    );
    expect(assigned.map((row) => row.email)).toContain(await emailOf(fixture.userIds.staffOfA));
    expect(await failureMailTo('Doomed request')).toEqual(assigned.map((row) => row.email).sort());
    expect(await failureMailTo('Doomed request')).not.toContain(await emailOf(fixture.userIds.administrator));
  });

  it('a dead run in an organization no staff member serves e-mails the administrators', async () => {
    const organizationId = await newOrganization('Unserved Ltd');
    const failed = await failThreeTimes('Unserved request', organizationId);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: AGENT_RUN_FAILED_MESSAGE });
    const mailedTo = await failureMailTo('Unserved request');
    expect(mailedTo).toContain(await emailOf(fixture.userIds.administrator));
    expect(mailedTo).not.toContain(await emailOf(fixture.userIds.staffOfA));
    const [mail] = await database.db
      .select({ text: outboundEmails.textBody })
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, 'Agent run failed: Unserved request'))
      .limit(1);
    expect(mail?.text).toContain('no staff member is assigned to this organization');
    // The administrator's bell has it too.
    const bell = await read((tx) =>
      tx
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, fixture.userIds.administrator), eq(notifications.kind, 'task_request'))),
    );
    expect(bell.map((row) => row.title)).toContain('Agent run failed: Unserved request');
  });

  it('a dead run nobody can be alerted about tells the client so, instead of promising a person', async () => {
    const organizationId = await newOrganization('Nobody Home Ltd');
    const administrators = await database.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, 'administrator'));
    const adminIds = administrators.map((row) => row.userId);
    // Every administrator banned: no one left who can be reached.
    await database.db
      .update(authUsers)
      .set({ bannedUntil: new Date(Date.now() + 3_600_000) })
      .where(inArray(authUsers.id, adminIds));
    try {
      const failed = await failThreeTimes('Unheard request', organizationId);
      expect(failed).toMatchObject({ status: 'failed', failureMessage: AGENT_RUN_FAILED_UNALERTED_MESSAGE });
      expect(failed.failureMessage).not.toContain('has been alerted');
      expect(await failureMailTo('Unheard request')).toEqual([]);
      const events = await read((tx) =>
        tx
          .select({ detail: taskRequestEvents.detail })
          .from(taskRequestEvents)
          .where(and(eq(taskRequestEvents.taskRequestId, failed.id), eq(taskRequestEvents.kind, 'run_failed'))),
      );
      expect(events.map((event) => event.detail)).toEqual([AGENT_RUN_FAILED_UNALERTED_MESSAGE]);
    } finally {
      await database.db.update(authUsers).set({ bannedUntil: null }).where(inArray(authUsers.id, adminIds));
    }
  });

  it('an attempt lost to a crash spends none of the run’s attempts', async () => {
    const { request, run, job } = await drivenRun('Crashed mid-draft');
    const deps = { db: database.db, jobs: app.jobs, provider };
    // The first attempt claims the run and never finishes: its process died (its job expired, pg-boss retried it).
    provider.stallsLeft = 1;
    void runAgentJob(deps, job(0));
    await expect
      .poll(async () => (await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run.id))))[0]?.status)
      .toBe('running');
    provider.failuresLeft = 100;
    try {
      // The queue's retries 1 and 2 (spent by the crash and one model failure) are the run's attempts 1 and 2.
      await expect(runAgentJob(deps, job(1))).rejects.toThrow('503');
      await expect(runAgentJob(deps, job(2))).rejects.toThrow('503');
      const [afterTwo] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run.id)));
      expect(afterTwo).toMatchObject({ status: 'failed', attempts: 2 });
      expect(await requestStatus(request.id)).not.toBe('failed');
      // The model's third failure is the run's last attempt.
      expect(await runAgentJob(deps, job(3))).toBe('dead');
    } finally {
      provider.failuresLeft = 0;
    }
    const [dead] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run.id)));
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    const started = await read((tx) =>
      tx
        .select({ detail: taskRequestEvents.detail })
        .from(taskRequestEvents)
        .where(and(eq(taskRequestEvents.taskRequestId, request.id), eq(taskRequestEvents.kind, 'agent_started')))
        .orderBy(asc(taskRequestEvents.createdAt)),
    );
    expect(started.map((event) => event.detail.match(/\(attempt (\d)\)/)?.[1] ?? '1')).toEqual(['1', '1', '2', '3']);
  });

  it('a run every worker died on reaches a person through the dead letter, with the crash as its reason', async () => {
    const organizationId = await newOrganization('Crashed Everywhere Ltd');
    const { request, run } = await drivenRun('Crashed for good', organizationId);
    // Its last attempt claimed the run and never finished: the process died, as all before it had.
    provider.stallsLeft = 1;
    void runAgentJob(
      { db: database.db, jobs: app.jobs, provider },
      { id: 'stalled', data: { runId: run.id, organizationId }, retryCount: 5, retryLimit: 5 },
    );
    await expect
      .poll(async () => (await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run.id))))[0]?.status)
      .toBe('running');
    // pg-boss, out of retries, moves the job to its dead letter; the server's dead-letter worker takes it.
    await app.jobs.boss.send('agent-run-dead', { runId: run.id, organizationId });
    await expect.poll(() => requestStatus(request.id), { timeout: 15_000, interval: 250 }).toBe('failed');

    const [failed] = await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, request.id)));
    // Nobody is assigned to this organization, but an administrator is reached: the words are true.
    expect(failed).toMatchObject({ failureMessage: AGENT_RUN_FAILED_MESSAGE });
    expect(await failureMailTo('Crashed for good')).toContain(await emailOf(fixture.userIds.administrator));
    const [mail] = await database.db
      .select({ text: outboundEmails.textBody })
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, 'Agent run failed: Crashed for good'))
      .limit(1);
    expect(mail?.text).toContain('Last error: the worker drafting it stopped before it finished');
    expect(mail?.text).toContain('no staff member is assigned to this organization');
    const [dead] = await read((tx) => tx.select().from(agentRuns).where(eq(agentRuns.id, run.id)));
    // The crashes spent none of the run's own attempts: the model never failed it.
    expect(dead).toMatchObject({ status: 'dead', attempts: 1 });
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
