import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { organizationTimeZoneSchema, programAnalyticsSchema, schedulePreviewSchema } from '../../../shared/schemas/workflow-runs.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { workflowApprovals, workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import { parseEnv } from '../../env.ts';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { TEMPLATE_LIBRARY, buildGraph } from '../workflows/template-library.ts';
import { caller } from './workflow-fixture.ts';

/**
 * Program Analytics, the schedule preview and the organization's time zone, through the API: numbers
 * from hand-built task requests and approvals asserted exactly; another organization is 404; the time
 * zone is a client manager's (or serving staff's) to change and moves the next scheduled run.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const call = caller(() => app);
const system = { kind: 'all', userId: null } as const;

/** Noon UTC on `day` of the month `back` months before the current one. */
function monthsAgo(back: number, day: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 12));
}
function monthKey(back: number): string {
  return monthsAgo(back, 1).toISOString().slice(0, 7);
}

async function seedTask(
  organizationId: string,
  input: { title: string; created: Date; due: Date; delivered?: Date; cancelled?: Date },
): Promise<void> {
  await withTenant(database.db, system, (tx) =>
    tx.insert(taskRequests).values({
      organizationId,
      requestedBy: crypto.randomUUID(),
      title: input.title,
      department: 'legal',
      priority: 'medium',
      complexity: 'low',
      estimateMinDays: 1,
      estimateMaxDays: 2,
      workKind: 'policy_draft',
      agentId: 'policy-drafter',
      classifiedBy: 'builtin',
      createdAt: input.created,
      dueAt: input.due,
      status: input.delivered ? 'delivered' : input.cancelled ? 'cancelled' : 'in_progress',
      deliveredAt: input.delivered ?? null,
      cancelledAt: input.cancelled ?? null,
    }),
  );
}

async function seedApprovals(
  organizationId: string,
  approvals: { created: Date; decided?: Date; status: 'pending' | 'approved' | 'rejected' | 'cancelled' }[],
): Promise<void> {
  const graph = buildGraph(TEMPLATE_LIBRARY[1]!);
  await withTenant(database.db, system, async (tx) => {
    const [workflow] = await tx
      .insert(organizationWorkflows)
      .values({
        organizationId,
        name: 'Policy review',
        category: 'policy',
        trigger: { kind: 'manual' },
        ...graph,
        publishedVersion: 1,
        status: 'active',
      })
      .returning();
    const [version] = await tx
      .insert(workflowVersions)
      .values({ organizationId, workflowId: workflow!.id, version: 1, ...graph, trigger: { kind: 'manual' } })
      .returning();
    for (const [index, approval] of approvals.entries()) {
      const [run] = await tx
        .insert(workflowRuns)
        .values({ organizationId, workflowId: workflow!.id, versionId: version!.id, version: 1, status: 'waiting', triggerKind: 'manual' })
        .returning();
      await tx.insert(workflowApprovals).values({
        organizationId,
        runId: run!.id,
        seq: index + 1,
        nodeId: 'step-2',
        title: `Approval ${index + 1}`,
        status: approval.status,
        createdAt: approval.created,
        decidedAt: approval.decided ?? null,
      });
    }
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  const a = fixture.orgs.a.id;
  // Delivered on time (3 months ago); delivered late (due 3 months ago, delivered 2 months ago).
  await seedTask(a, { title: 'T1', created: monthsAgo(3, 1), due: monthsAgo(3, 10), delivered: monthsAgo(3, 8) });
  await seedTask(a, { title: 'T2', created: monthsAgo(3, 1), due: monthsAgo(3, 10), delivered: monthsAgo(2, 5) });
  // Overdue since 2 months ago and still open; cancelled after its due date (overdue at the end of month -2 only).
  await seedTask(a, { title: 'T3', created: monthsAgo(2, 1), due: monthsAgo(2, 20) });
  await seedTask(a, { title: 'T4', created: monthsAgo(2, 1), due: monthsAgo(2, 20), cancelled: monthsAgo(1, 2) });
  // On time last month.
  await seedTask(a, { title: 'T5', created: monthsAgo(1, 1), due: monthsAgo(1, 28), delivered: monthsAgo(1, 27) });
  // Delivered before the 12-month window: not counted anywhere.
  await seedTask(a, { title: 'T7', created: monthsAgo(15, 1), due: monthsAgo(15, 10), delivered: monthsAgo(13, 1) });
  // Another organization's overdue task: never in A's numbers.
  await seedTask(fixture.orgs.b.id, { title: 'B1', created: monthsAgo(2, 1), due: monthsAgo(2, 3) });
  await seedApprovals(a, [
    { created: monthsAgo(3, 5), decided: monthsAgo(2, 3), status: 'approved' },
    { created: monthsAgo(2, 10), status: 'pending' },
    { created: monthsAgo(2, 10), decided: monthsAgo(1, 2), status: 'cancelled' },
    { created: monthsAgo(1, 3), decided: monthsAgo(1, 4), status: 'rejected' },
  ]);
  await seedApprovals(fixture.orgs.b.id, [{ created: monthsAgo(2, 10), status: 'pending' }]);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('getProgramAnalytics', () => {
  it('counts on-time completion, overdue at each month end and approvals waiting, by month', async () => {
    const response = await call(fixture.tokens.clientOfA, 'GET', '/api/v1/program-analytics');
    expect(response.statusCode, response.body).toBe(200);
    const analytics = readJson(response, programAnalyticsSchema);
    expect(analytics.organizationId).toBe(fixture.orgs.a.id);
    expect(analytics.months.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, index) => monthKey(11 - index)));
    const empty = { completed: 0, completedOnTime: 0, onTimeRate: null, overdue: 0, approvalsWaiting: 0 };
    expect(analytics.months.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, index) => ({ month: monthKey(11 - index), ...empty })));
    expect(analytics.months.slice(8)).toEqual([
      { month: monthKey(3), completed: 1, completedOnTime: 1, onTimeRate: 1, overdue: 1, approvalsWaiting: 1 },
      { month: monthKey(2), completed: 1, completedOnTime: 0, onTimeRate: 0, overdue: 2, approvalsWaiting: 2 },
      { month: monthKey(1), completed: 1, completedOnTime: 1, onTimeRate: 1, overdue: 1, approvalsWaiting: 1 },
      { month: monthKey(0), completed: 0, completedOnTime: 0, onTimeRate: null, overdue: 1, approvalsWaiting: 1 },
    ]);
  });

  it('staff serving the organization read it; another organization is 404 like a missing one', async () => {
    const staff = await call(fixture.tokens.staffOfA, 'GET', `/api/v1/program-analytics?organizationId=${fixture.orgs.a.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(readJson(staff, programAnalyticsSchema).months.at(-1)).toMatchObject({ overdue: 1, approvalsWaiting: 1 });
    const foreign = await call(fixture.tokens.clientOfA, 'GET', `/api/v1/program-analytics?organizationId=${fixture.orgs.b.id}`);
    expect(foreign.statusCode).toBe(404);
    const missing = await call(fixture.tokens.administrator, 'GET', `/api/v1/program-analytics?organizationId=${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    const unassigned = await call(fixture.tokens.staffUnassigned, 'GET', `/api/v1/program-analytics?organizationId=${fixture.orgs.a.id}`);
    expect(unassigned.statusCode).toBe(404);
    const other = await call(fixture.tokens.clientOfB, 'GET', '/api/v1/program-analytics');
    expect(readJson(other, programAnalyticsSchema).months.at(-3)).toMatchObject({ overdue: 1, approvalsWaiting: 1, completed: 0 });
  });
});

describe('previewWorkflowSchedule and updateOrganizationTimeZone', () => {
  it('a client manager sets an IANA zone; the preview and the next scheduled run follow it', async () => {
    const b = fixture.orgs.b.id;
    const manager = fixture.tokens.clientOfB;
    const wrong = await call(manager, 'PUT', '/api/v1/organization-time-zone', { timeZone: 'Mars/Olympus_Mons' });
    expect(wrong.statusCode).toBe(400);
    const set = await call(manager, 'PUT', '/api/v1/organization-time-zone', { timeZone: 'europe/paris' });
    expect(set.statusCode, set.body).toBe(200);
    expect(readJson(set, organizationTimeZoneSchema)).toEqual({ organizationId: b, timeZone: 'Europe/Paris' });

    const preview = await call(manager, 'POST', '/api/v1/workflow-schedule-preview', {
      rrule: 'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=5',
      start: '2020-01-05T09:00',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const year = new Date().getUTCFullYear();
    const next = readJson(preview, schedulePreviewSchema);
    expect(next.timeZone).toBe('Europe/Paris');
    expect(next.occurrences).toHaveLength(3);
    // 09:00 in Paris in January is 08:00 UTC.
    for (const occurrence of next.occurrences) expect(occurrence).toMatch(/^\d{4}-01-05T08:00:00\.000Z$/);
    expect(Number(next.occurrences[0]!.slice(0, 4))).toBeGreaterThanOrEqual(year);

    const bad = await call(manager, 'POST', '/api/v1/workflow-schedule-preview', { rrule: 'FREQ=NEVERLY', start: '2020-01-05T09:00' });
    expect(bad.statusCode).toBe(400);

    // An active scheduled workflow's next run moves with the zone.
    const graph = buildGraph(TEMPLATE_LIBRARY[1]!);
    const trigger = { kind: 'schedule' as const, rrule: 'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=5', start: '2020-01-05T09:00' };
    const workflowId = await withTenant(database.db, system, async (tx) => {
      const [workflow] = await tx
        .insert(organizationWorkflows)
        .values({
          organizationId: b,
          name: 'Yearly',
          category: 'policy',
          trigger,
          ...graph,
          publishedVersion: 1,
          status: 'active',
          nextRunAt: new Date(),
        })
        .returning();
      await tx.insert(workflowVersions).values({ organizationId: b, workflowId: workflow!.id, version: 1, ...graph, trigger });
      return workflow!.id;
    });
    const toNewYork = await call(manager, 'PUT', '/api/v1/organization-time-zone', { timeZone: 'America/New_York' });
    expect(toNewYork.statusCode, toNewYork.body).toBe(200);
    const [moved] = await withTenant(database.db, system, (tx) =>
      tx.select({ nextRunAt: organizationWorkflows.nextRunAt }).from(organizationWorkflows).where(eq(organizationWorkflows.id, workflowId)),
    );
    // 09:00 in New York in January is 14:00 UTC.
    expect(moved?.nextRunAt?.toISOString()).toMatch(/-01-05T14:00:00\.000Z$/);
    const [organization] = await database.db
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, b));
    expect(organization?.timeZone).toBe('America/New_York');
    // Each change is on the organization's trail, naming the manager, from and to.
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, b), eq(auditEvents.action, 'organization.update')))
        .orderBy(auditEvents.seq),
    );
    expect(trail.map((row) => [row.actorId, row.entityType, row.before, row.after])).toEqual([
      [fixture.userIds.clientOfB, 'organization', { timeZone: 'UTC' }, { timeZone: 'Europe/Paris' }],
      [fixture.userIds.clientOfB, 'organization', { timeZone: 'Europe/Paris' }, { timeZone: 'America/New_York' }],
    ]);
  });

  it('a plain client member may not; staff serving the organization may; another organization is 404', async () => {
    const client = await call(fixture.tokens.clientOfA, 'PUT', '/api/v1/organization-time-zone', { timeZone: 'Europe/Berlin' });
    expect(client.statusCode).toBe(403);
    const foreign = await call(fixture.tokens.clientOfB, 'PUT', '/api/v1/organization-time-zone', {
      organizationId: fixture.orgs.a.id,
      timeZone: 'Europe/Berlin',
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPreview = await call(fixture.tokens.clientOfB, 'POST', '/api/v1/workflow-schedule-preview', {
      organizationId: fixture.orgs.a.id,
      rrule: 'FREQ=WEEKLY',
      start: '2026-01-05T09:00',
    });
    expect(foreignPreview.statusCode).toBe(404);
    const unassigned = await call(fixture.tokens.staffUnassigned, 'PUT', '/api/v1/organization-time-zone', {
      organizationId: fixture.orgs.a.id,
      timeZone: 'Europe/Berlin',
    });
    expect(unassigned.statusCode).toBe(404);
    const staff = await call(fixture.tokens.staffOfA, 'PUT', '/api/v1/organization-time-zone', {
      organizationId: fixture.orgs.a.id,
      timeZone: 'Europe/Berlin',
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(readJson(staff, organizationTimeZoneSchema).timeZone).toBe('Europe/Berlin');
  });
});
