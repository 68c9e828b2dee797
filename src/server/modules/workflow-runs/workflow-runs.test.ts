import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { workflowRunDetailSchema, workflowRunListSchema } from '../../../shared/schemas/workflow-runs.ts';
import {
  type WorkflowEdge,
  type WorkflowNode,
  organizationWorkflowSchema,
  workflowTemplateListSchema,
  workflowValidationSchema,
} from '../../../shared/schemas/workflows.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { organizationWorkflows } from '../../db/schema/workflows.ts';
import { workflowRuns } from '../../db/schema/workflow-runs.ts';
import { addProgrammeControls, programmeControl, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { verifyWebhook } from '../integrations/webhook-signature.ts';
import { TEMPLATE_LIBRARY } from '../workflows/template-library.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { handleWorkflowStep } from './engine.ts';
import { startRun } from './start-run.ts';
import { runDueSchedules, workflowEventListener } from './triggers.ts';
import { caller, line, pollRun, publishedWorkflow } from './workflow-fixture.ts';

/**
 * Workflows that run, end to end through the API and the real job queue: templates, validation,
 * version pinning, every action, approvals (surviving a restart), triggers, cancel and retry.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let receiver: Server;
let receiverUrl: string;
const received: { body: string; signature: string; valid: boolean }[] = [];
const SECRET = 'whsec_test_0123456789abcdef';
const system = { kind: 'all', userId: null } as const;
const call = caller(() => app);
const template = TEMPLATE_LIBRARY[0]!.id;

let orgA: string;
let owner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  orgA = fixture.orgs.a.id;
  owner = fixture.tokens.clientOfA;
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, orgA, ['IAM-02']);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const signature = String(request.headers['compliancecore-signature'] ?? '');
      const check = verifyWebhook(SECRET, body, signature);
      received.push({ body, signature, valid: check.valid });
      response.statusCode = request.url?.includes('fail') ? 503 : check.valid ? 200 : 401;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 60_000);
afterAll(async () => {
  receiver?.close();
  await app?.close();
  await database?.dispose();
});

const approvalGraph = (title: string): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } => ({
  nodes: [
    { id: 'start', type: 'start' as const, position: { x: 0, y: 0 }, data: { label: 'Start' } },
    {
      id: 'task',
      type: 'action' as const,
      position: { x: 1, y: 0 },
      data: { label: 'Task', actionType: 'create_task_request', configuration: { title } },
    },
    {
      id: 'ok',
      type: 'action' as const,
      position: { x: 2, y: 0 },
      data: { label: 'Approve', actionType: 'approval', configuration: { title: 'Sign off' } },
    },
    {
      id: 'd',
      type: 'decision' as const,
      position: { x: 3, y: 0 },
      data: { label: 'Approved?', configuration: { expression: 'approval == "approved"' } },
    },
    {
      id: 'ctl',
      type: 'action' as const,
      position: { x: 4, y: 0 },
      data: { label: 'Control', actionType: 'set_control_status', configuration: { controlId: 'IAM-02', status: 'implemented' } },
    },
    { id: 'end', type: 'end' as const, position: { x: 5, y: 0 }, data: { label: 'Done' } },
    { id: 'no', type: 'end' as const, position: { x: 5, y: 1 }, data: { label: 'Rejected' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'task' },
    { id: 'e2', source: 'task', target: 'ok' },
    { id: 'e3', source: 'ok', target: 'd' },
    { id: 'e4', source: 'd', target: 'ctl', sourceHandle: 'yes' },
    { id: 'e5', source: 'd', target: 'no', sourceHandle: 'no' },
    { id: 'e6', source: 'ctl', target: 'end' },
  ],
});

describe('the template library', () => {
  it('lists at least eight public templates with descriptions, each valid as it is', async () => {
    const list = readJson(await call(owner, 'GET', '/api/v1/workflow-templates'), workflowTemplateListSchema);
    expect(list.templates.length).toBeGreaterThanOrEqual(8);
    for (const item of list.templates) expect(item.description.length).toBeGreaterThan(40);
    for (const item of list.templates) {
      const created = readJson(
        await call(owner, 'POST', '/api/v1/organization-workflows', { templateId: item.id }),
        organizationWorkflowSchema,
      );
      expect(created.status).toBe('draft');
      const check = readJson(await call(owner, 'GET', `/api/v1/organization-workflows/${created.id}/validation`), workflowValidationSchema);
      expect(check, item.name).toEqual({ valid: true, problems: [] });
    }
  });

  it('copies the suggested schedule, and publishing sets the next run', async () => {
    const quarterly = TEMPLATE_LIBRARY.find((item) => item.name === 'Quarterly access review')!;
    const created = readJson(
      await call(owner, 'POST', '/api/v1/organization-workflows', { templateId: quarterly.id }),
      organizationWorkflowSchema,
    );
    expect(created.trigger).toEqual({ kind: 'schedule', rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', start: '2026-01-01T09:00' });
    const published = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${created.id}/publish`),
      organizationWorkflowSchema,
    );
    expect(published).toMatchObject({ status: 'active', published_version: 1, has_unpublished_changes: false });
    expect(new Date(published.next_run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('publishing', () => {
  it('refuses an invalid draft with a problem on each faulty node', async () => {
    const created = readJson(
      await call(owner, 'POST', '/api/v1/organization-workflows', { templateId: template }),
      organizationWorkflowSchema,
    );
    const graph = line([{ actionType: 'webhook', configuration: { url: 'not a url', secret: 'short' } }]);
    expect((await call(owner, 'PUT', `/api/v1/organization-workflows/${created.id}`, graph)).statusCode).toBe(200);
    const refused = await call(owner, 'POST', `/api/v1/organization-workflows/${created.id}/publish`);
    expect(refused.statusCode).toBe(400);
    const { error } = readJson(refused, errorBodySchema);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues?.map((issue) => issue.path)).toEqual(['nodes.a1', 'nodes.a1']);
  });
});

describe('a run', () => {
  let workflowId: string;
  let runId: string;

  it('pins its version, waits for an approval, creates its task request through the pipeline', async () => {
    const workflow = await publishedWorkflow(call, owner, orgA, template, approvalGraph('Version one task'));
    workflowId = workflow.id;
    const started = await call(owner, 'POST', `/api/v1/organization-workflows/${workflowId}/runs`, { data: {} });
    expect(started.statusCode, started.body).toBe(201);
    runId = readJson(started, workflowRunDetailSchema).id;
    const waiting = await pollRun(call, owner, runId, (run) => run.status === 'waiting');
    expect(waiting.steps.map((step) => [step.node_id, step.status])).toEqual([
      ['start', 'succeeded'],
      ['task', 'succeeded'],
      ['ok', 'waiting'],
    ]);
    const taskRequestId = String(waiting.data.taskRequestId);
    const [request] = await withTenant(database.db, system, (tx) =>
      tx.select().from(taskRequests).where(eq(taskRequests.id, taskRequestId)),
    );
    expect(request).toMatchObject({ title: 'Version one task', source: 'workflow', organizationId: orgA });
    // Editing and publishing again makes version 2; the run under way stays on version 1.
    await call(owner, 'PUT', `/api/v1/organization-workflows/${workflowId}`, approvalGraph('Version two task'));
    const v2 = readJson(await call(owner, 'POST', `/api/v1/organization-workflows/${workflowId}/publish`), organizationWorkflowSchema);
    expect(v2.published_version).toBe(2);
  });

  it('survives a restart: a new app on the same database takes the decision and finishes the run', async () => {
    await app.close();
    app = await buildApp({ database });
    await app.ready();
    const approvals = (await call(owner, 'GET', '/api/v1/workflow-approvals?status=pending')).json() as {
      approvals: { id: string; run_id: string }[];
    };
    const approval = approvals.approvals.find((item) => item.run_id === runId)!;
    const decided = await call(owner, 'POST', `/api/v1/workflow-approvals/${approval.id}/decision`, {
      decision: 'approved',
      note: 'Looks right',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const done = await pollRun(call, owner, runId, (run) => run.status === 'succeeded');
    expect(done.version).toBe(1);
    expect(done.steps.map((step) => step.node_id)).toEqual(['start', 'task', 'ok', 'd', 'ctl', 'end']);
    expect(done.steps.find((step) => step.node_id === 'd')?.outcome).toEqual({ value: true, branch: 'yes' });
    expect((await programmeControl(database.db, orgA, 'IAM-02'))?.status).toBe('implemented');
    const again = await call(owner, 'POST', `/api/v1/workflow-approvals/${approval.id}/decision`, { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    // A new run is on version 2.
    const second = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflowId}/runs`, { data: {} }),
      workflowRunDetailSchema,
    );
    const waiting = await pollRun(call, owner, second.id, (run) => run.status === 'waiting');
    expect(waiting.version).toBe(2);
    const [request] = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(taskRequests)
        .where(eq(taskRequests.id, String(waiting.data.taskRequestId))),
    );
    expect(request?.title).toBe('Version two task');
    // A rejection takes the "no" branch; cancelling a waiting run withdraws its approval.
    const cancelled = await call(owner, 'POST', `/api/v1/workflow-runs/${second.id}/cancel`);
    expect(readJson(cancelled, workflowRunDetailSchema)).toMatchObject({ status: 'cancelled', approvals: [{ status: 'cancelled' }] });
    const runs = readJson(await call(owner, 'GET', `/api/v1/workflow-runs?workflowId=${workflowId}`), workflowRunListSchema);
    expect(runs.runs.map((run) => run.status)).toEqual(['cancelled', 'succeeded']);
  });

  it('takes the rejected branch', async () => {
    const third = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflowId}/runs`, { data: {} }),
      workflowRunDetailSchema,
    );
    const waiting = await pollRun(call, owner, third.id, (run) => run.status === 'waiting');
    const approvalId = waiting.approvals[0]!.id;
    await call(owner, 'POST', `/api/v1/workflow-approvals/${approvalId}/decision`, { decision: 'rejected', note: 'Not yet' });
    const done = await pollRun(call, owner, third.id, (run) => run.status === 'succeeded');
    expect(done.steps.map((step) => step.node_id)).toEqual(['start', 'task', 'ok', 'd', 'no']);
    expect(done.data).toMatchObject({ approval: 'rejected', approvalNote: 'Not yet' });
  });

  it('notifies the members by e-mail and posts a signed webhook the receiver verifies', async () => {
    const graph = line([
      { actionType: 'notify', configuration: { recipients: 'members', subject: 'Access review due', message: 'Please review access.' } },
      { actionType: 'webhook', configuration: { url: receiverUrl, secret: SECRET } },
    ]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph);
    const run = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflow.id}/runs`, { data: { quarter: 'Q3' } }),
      workflowRunDetailSchema,
    );
    const done = await pollRun(call, owner, run.id, (item) => item.status === 'succeeded' || item.status === 'failed');
    expect(done.status, done.error ?? '').toBe('succeeded');
    const mails = await database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.kind, 'workflow-notice'), eq(outboundEmails.subject, 'Access review due')));
    expect(mails.length).toBe(1);
    const bell = await withTenant(database.db, system, (tx) =>
      tx.select().from(notifications).where(eq(notifications.title, 'Access review due')),
    );
    expect(bell.map((row) => [row.userId, row.kind])).toEqual([[fixture.userIds.clientOfA, 'workflow']]);
    const delivery = received.find((item) => item.body.includes(run.id));
    expect(delivery?.valid).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({ runId: run.id, data: { quarter: 'Q3' } });
    expect(done.steps.find((step) => step.node_id === 'a2')?.input.secret).toBe('••••');
  });

  it('fails on a control outside the programme, and a retry resumes from that step', async () => {
    const graph = line([{ actionType: 'set_control_status', configuration: { controlId: 'IAM-03', status: 'in_progress' } }]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph);
    const run = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflow.id}/runs`, { data: {} }),
      workflowRunDetailSchema,
    );
    const failed = await pollRun(call, owner, run.id, (item) => item.status === 'failed');
    expect(failed.error).toContain('IAM-03');
    await addProgrammeControls(database.db, orgA, ['IAM-03']);
    expect((await call(owner, 'POST', `/api/v1/workflow-runs/${run.id}/retry`)).statusCode).toBe(200);
    const done = await pollRun(call, owner, run.id, (item) => item.status === 'succeeded');
    expect(done.steps.map((step) => [step.node_id, step.status])).toEqual([
      ['start', 'succeeded'],
      ['a1', 'failed'],
      ['a1', 'succeeded'],
      ['end', 'succeeded'],
    ]);
    // The step went through controls' setControlStatus: on the trail as the register's own edit, by the system.
    const trail = await trailOf('IAM-03', 'control.update');
    expect(trail).toEqual([
      expect.objectContaining({
        organizationId: orgA,
        actorId: null,
        entityType: 'control',
        before: expect.objectContaining({ status: 'not_started' }),
        after: expect.objectContaining({ status: 'in_progress' }),
      }),
    ]);
  });
});

async function trailOf(entityId: string, action?: string) {
  const rows = await withTenant(database.db, system, (tx) =>
    tx.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(auditEvents.seq),
  );
  return rows.filter((row) => !action || row.action === action);
}

describe('the trail', () => {
  it('records creating, editing, publishing and pausing a workflow, naming the user and the workflow', async () => {
    const created = readJson(
      await call(owner, 'POST', '/api/v1/organization-workflows', { templateId: template }),
      organizationWorkflowSchema,
    );
    expect((await call(owner, 'PUT', `/api/v1/organization-workflows/${created.id}`, line([]))).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/v1/organization-workflows/${created.id}/publish`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/v1/organization-workflows/${created.id}/status`, { status: 'paused' })).statusCode).toBe(200);
    const trail = await trailOf(created.id);
    expect(trail.map((row) => row.action)).toEqual(['workflow.create', 'workflow.update', 'workflow.publish', 'workflow.pause']);
    for (const row of trail)
      expect(row).toMatchObject({ organizationId: orgA, actorId: fixture.userIds.clientOfA, entityType: 'workflow' });
    expect(trail[2]?.after).toMatchObject({ status: 'active', publishedVersion: 1 });
  });

  it('records a run started by a user, and its end by the system', async () => {
    const workflow = await publishedWorkflow(call, owner, orgA, template, line([]));
    const run = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflow.id}/runs`, { data: {} }),
      workflowRunDetailSchema,
    );
    await pollRun(call, owner, run.id, (item) => item.status === 'succeeded');
    const trail = await trailOf(run.id);
    expect(trail.map((row) => [row.action, row.actorId, row.entityType, row.organizationId])).toEqual([
      ['workflow_run.start', fixture.userIds.clientOfA, 'workflow_run', orgA],
      ['workflow_run.finish', null, 'workflow_run', orgA],
    ]);
    expect(trail[1]?.after).toMatchObject({ status: 'succeeded' });
  });
});

describe('the webhook step', () => {
  async function directRun(url: string) {
    const graph = line([{ actionType: 'webhook', configuration: { url, secret: SECRET } }]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph);
    // A Jobs that sends nothing: this test plays the step jobs itself, as pg-boss would.
    const jobs: Jobs = { enqueue: async () => null };
    const run = await withTenant(database.db, system, async (tx) => {
      const [row] = await tx.select().from(organizationWorkflows).where(eq(organizationWorkflows.id, workflow.id));
      return startRun(tx, jobs, { workflow: row!, triggerKind: 'manual' });
    });
    const job = (seq: number, retryCount = 0) => ({ data: { runId: run!.id, organizationId: orgA, seq }, retryCount, retryLimit: 5 });
    return { jobs, run: run!, job };
  }
  const state = async (runId: string) =>
    (await withTenant(database.db, system, (tx) => tx.select().from(workflowRuns).where(eq(workflowRuns.id, runId))))[0]!;

  it('throws on a failing receiver so pg-boss retries with backoff, and fails the run on the last attempt', async () => {
    const { jobs, run, job } = await directRun(`${receiverUrl}?fail=1`);
    const engine = { db: database.db, jobs, fetch: globalThis.fetch, allowPrivateHosts: true };
    await handleWorkflowStep(engine, job(0));
    await expect(handleWorkflowStep(engine, job(1))).rejects.toThrow('503');
    expect((await state(run.id)).status).toBe('running');
    await handleWorkflowStep(engine, job(1, 5));
    expect(await state(run.id)).toMatchObject({ status: 'failed', error: 'The webhook answered 503.' });
    // A stale job (its seq spent) does nothing.
    await handleWorkflowStep(engine, job(1));
    expect((await state(run.id)).status).toBe('failed');
  });

  it('refuses private network addresses outside development', async () => {
    const { jobs, run, job } = await directRun(receiverUrl);
    const engine = { db: database.db, jobs, fetch: globalThis.fetch, allowPrivateHosts: false };
    await handleWorkflowStep(engine, job(0));
    await handleWorkflowStep(engine, job(1));
    expect((await state(run.id)).error).toContain('private network address');
  });
});

describe('triggers', () => {
  it('starts one run per domain event, however often the event is delivered', async () => {
    const graph = line([{ actionType: 'notify', configuration: { subject: 'Control stale', message: 'A control went stale.' } }]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph, { kind: 'event', eventType: 'control.stale' });
    const event = await withTenant(database.db, system, (tx) =>
      emitDomainEvent(tx, app.jobs, { type: 'control.stale', organizationId: orgA, entityId: 'IAM-02', data: { ref: 'IAM-02' } }),
    );
    // The emitted event reaches the app's listener; delivering it again starts nothing more.
    await workflowEventListener({ db: database.db, jobs: app.jobs }).handle(event);
    await expect
      .poll(
        async () =>
          (await withTenant(database.db, system, (tx) => tx.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id))))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const [run] = await withTenant(database.db, system, (tx) =>
      tx.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id)),
    );
    expect(run).toMatchObject({ triggerKind: 'event', triggerKey: `event:${event.id}` });
    expect(run?.data).toMatchObject({ ref: 'IAM-02', eventType: 'control.stale' });
    // Another organization's event starts nothing here.
    await workflowEventListener({ db: database.db, jobs: app.jobs }).handle({
      ...event,
      id: crypto.randomUUID(),
      organizationId: fixture.orgs.b.id,
    });
    expect(
      (await withTenant(database.db, system, (tx) => tx.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id))))
        .length,
    ).toBe(1);
  });

  it('starts a privacy workflow when a member of the organization files a privacy request', async () => {
    const graph = line([{ actionType: 'notify', configuration: { subject: 'Privacy request', message: 'A privacy request arrived.' } }]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph, { kind: 'event', eventType: 'privacy_request.received' });
    const [user] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, fixture.userIds.clientOfA));
    const filed = await app.inject({
      method: 'POST',
      url: '/api/v1/dsar-requests',
      payload: {
        requestType: 'access',
        fullName: 'Ada Client',
        email: 'ada.private@example.com',
        relationship: 'self',
        country: 'Germany',
        accountEmail: user!.email,
        details: 'My data, please.',
        confirmAccurate: true,
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const runs = () =>
      withTenant(database.db, system, (tx) => tx.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id)));
    await expect.poll(async () => (await runs()).length, { timeout: 15_000 }).toBe(1);
    expect((await runs())[0]?.data).toMatchObject({ requestType: 'access', eventType: 'privacy_request.received' });
    expect(JSON.stringify((await runs())[0]?.data)).not.toContain('ada.private');
  });

  it('starts a scheduled run once per occurrence and moves to the next occurrence; a paused workflow starts none', async () => {
    const graph = line([{ actionType: 'wait', configuration: { amount: 2, unit: 'days' } }]);
    const workflow = await publishedWorkflow(call, owner, orgA, template, graph, {
      kind: 'schedule',
      rrule: 'FREQ=DAILY',
      start: '2026-01-01T08:00',
    });
    const due = new Date(Date.now() - 60_000);
    await withTenant(database.db, system, (tx) =>
      tx.update(organizationWorkflows).set({ nextRunAt: due }).where(eq(organizationWorkflows.id, workflow.id)),
    );
    const deps = { db: database.db, jobs: app.jobs };
    await runDueSchedules(deps);
    await runDueSchedules(deps);
    const runs = await withTenant(database.db, system, (tx) =>
      tx.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id)),
    );
    expect(runs.map((run) => run.triggerKey)).toEqual([`schedule:${due.toISOString()}`]);
    const [after] = await withTenant(database.db, system, (tx) =>
      tx.select().from(organizationWorkflows).where(eq(organizationWorkflows.id, workflow.id)),
    );
    expect(after!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    // The wait step: the run waits two days (its next job is sent for then).
    const waiting = await pollRun(call, owner, runs[0]!.id, (run) => run.status === 'waiting');
    expect(new Date(waiting.waiting_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    const paused = readJson(
      await call(owner, 'POST', `/api/v1/organization-workflows/${workflow.id}/status`, { status: 'paused' }),
      organizationWorkflowSchema,
    );
    expect(paused).toMatchObject({ status: 'paused', next_run_at: null });
    expect((await call(owner, 'POST', `/api/v1/organization-workflows/${workflow.id}/runs`, { data: {} })).statusCode).toBe(409);
  });
});
