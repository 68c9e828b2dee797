import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { deliverableListSchema } from '../../../shared/schemas/deliverables.ts';
import { myOrganizationsSchema, organizationListSchema } from '../../../shared/schemas/organizations.ts';
import {
  loadSampleDataResultSchema,
  removeSampleDataResultSchema,
  SAMPLE_ACCOUNTS,
  SAMPLE_COMPANY,
  sampleDataStatusSchema,
} from '../../../shared/schemas/sample-data.ts';
import { qualityScoresInputSchema } from '../../../shared/schemas/reviews.ts';
import { taskRequestListSchema } from '../../../shared/schemas/task-requests.ts';
import { scoreBand } from '../../../shared/rules/score-bands.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { agentRuns } from '../../db/schema/agent-runs.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { outputReviews } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * The Admin Sample Data Manager (docs/sample-data.md): the sample organization loads through the services,
 * idempotently, only for is_data_ai_admin, stays inside its own tenant, and goes away completely.
 */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataAdminToken: string;
let before: Map<string, number>;
let afterLoad: Map<string, number>;
let password = '';
const URL = '/api/v1/admin/sample-data';

/** Row counts of every table in the public and auth schemas, counted by the database. */
async function tableCounts(): Promise<Map<string, number>> {
  return withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
    const tables = (
      (await tx.execute(
        sql`select table_schema || '.' || table_name as name from information_schema.tables
            where table_schema in ('public', 'auth') and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    const counts = new Map<string, number>();
    for (const { name } of tables) {
      const [schema, table] = name.split('.') as [string, string];
      const result = (await tx.execute(
        sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`,
      )) as unknown as { rows: { n: number }[] };
      counts.set(name, Number(result.rows[0]?.n ?? 0));
    }
    return counts;
  });
}

function changed(from: Map<string, number>, to: Map<string, number>): Record<string, number> {
  const diff: Record<string, number> = {};
  for (const [table, rows] of to) if (rows !== (from.get(table) ?? 0)) diff[table] = rows - (from.get(table) ?? 0);
  return diff;
}

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url = URL) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  database = await createTestDatabase();
  // The sample hands its open requests' agent runs to the queue; no worker drafts them during the test,
  // so the counts stay as loaded.
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  // A consultant with the Data & AI admin flag: the flag, not the role, opens the manager.
  const dataAdmin = await createTestUser(app);
  await ensureProfile(database.db, { userId: dataAdmin.userId, userType: 'staff' });
  await grantRole(database.db, { userId: dataAdmin.userId, role: 'consultant', isDataAiAdmin: true });
  dataAdminToken = dataAdmin.accessToken;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('Admin Sample Data Manager', () => {
  it('refuses everyone without is_data_ai_admin, administrators included', async () => {
    for (const actor of ['administrator', 'clientOfA', 'staffOfA'] as const) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await call(fixture.tokens[actor], method)).statusCode, `${actor} ${method}`).toBe(403);
      }
    }
    const status = readJson(await call(dataAdminToken, 'GET'), sampleDataStatusSchema);
    expect(status).toMatchObject({ loaded: false, organization: null });
  });

  it('loads a complete sample organization through the services, with every kind of work', async () => {
    // Counted again here: the refusals above wrote security events (PRIVILEGE_ESCALATION) of their own.
    before = await tableCounts();
    const loaded = await call(dataAdminToken, 'POST');
    expect(loaded.statusCode, loaded.body).toBe(201);
    const result = readJson(loaded, loadSampleDataResultSchema);
    expect(result.created).toBe(true);
    expect(result.password).toMatch(/^Nw-[\w-]{24}$/);
    password = result.password ?? '';
    expect(result.organization?.name).toBe(SAMPLE_COMPANY.companyName);
    expect(result.counts).toEqual({
      members: 2,
      // Eight asked for by the client, one opened by the risk review workflow.
      taskRequests: 9,
      // One run each (the cancelled one's included), plus the redraft queued after a rejection.
      agentRuns: 10,
      // Three delivered, one in review, and the draft the reviewer sent back.
      aiOutputs: 5,
      reviews: 4,
      deliverables: 9,
      frameworks: 2,
      controls: expect.any(Number) as number,
      evidence: 3,
      risks: 4,
      workflows: 2,
      workflowRuns: 2,
      auditEngagements: 1,
      auditRequests: expect.any(Number) as number,
    });
    expect(result.counts.controls).toBeGreaterThan(20);
    expect(result.counts.auditRequests).toBeGreaterThan(0);
    // A programme mid-way: delivered work, one in review, the open requests queued for their agent.
    expect(result.requestStatuses).toEqual({ queued: 4, in_review: 1, delivered: 3, cancelled: 1 });
    expect(result.accounts.map((account) => account.email)).toContain(SAMPLE_ACCOUNTS.client_manager.email);

    afterLoad = await tableCounts();
    const grew = changed(before, afterLoad);
    for (const table of [
      'public.organizations',
      'public.subscriptions',
      'public.organization_members',
      'public.staff_assignments',
      'public.task_requests',
      'public.task_request_events',
      'public.task_comments',
      'public.agent_runs',
      'public.ai_outputs',
      'public.output_reviews',
      'public.deliverables',
      'public.deliverable_versions',
      'public.organization_frameworks',
      'public.organization_controls',
      'public.evidence',
      'public.evidence_controls',
      'public.risks',
      'public.risk_controls',
      'public.organization_workflows',
      'public.workflow_versions',
      'public.workflow_runs',
      'public.workflow_run_steps',
      'public.workflow_approvals',
      'public.audit_engagements',
      'public.engagement_auditors',
      'public.audit_requests',
      'public.audit_events',
      'public.profiles',
      'public.user_roles',
      'auth.users',
    ]) {
      expect(grew[table], table).toBeGreaterThan(0);
    }
    expect(grew['auth.users']).toBe(4);
    // No mail to the sample's undeliverable addresses.
    expect(grew['public.outbound_emails'] ?? 0).toBe(0);

    // The evidence files went through the file store.
    const files = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select({ sha256: evidence.sha256 })
        .from(evidence)
        .where(eq(evidence.organizationId, result.organization?.id ?? '')),
    );
    for (const file of files) expect(await app.fileStore.get(file.sha256 ?? '')).not.toBeNull();
  }, 120_000);

  it('shows a healthy programme on the product’s own scales: good scores, no failed runs, nothing overdue, named frameworks', async () => {
    const status = readJson(await call(dataAdminToken, 'GET'), sampleDataStatusSchema);
    const organizationId = status.organization?.id ?? '';
    const rows = await withTenant(database.db, { kind: 'all', userId: null }, async (tx) => ({
      reviews: await tx.select().from(outputReviews).where(eq(outputReviews.organizationId, organizationId)),
      runs: await tx.select().from(agentRuns).where(eq(agentRuns.organizationId, organizationId)),
      requests: await tx.select().from(taskRequests).where(eq(taskRequests.organizationId, organizationId)),
      deliverables: await tx.select({ tags: deliverables.tags }).from(deliverables).where(eq(deliverables.organizationId, organizationId)),
    }));
    // Quality scores: whole numbers on the review form's 0–100 scale, every review Good or Excellent.
    expect(rows.reviews.length).toBeGreaterThan(0);
    for (const review of rows.reviews) {
      expect(qualityScoresInputSchema.safeParse(review.scores).success, JSON.stringify(review.scores)).toBe(true);
      expect(['excellent', 'good']).toContain(scoreBand(review.overallScore).band);
    }
    expect(
      rows.reviews
        .filter((review) => review.decision === 'approved')
        .every((review) => scoreBand(review.overallScore).band === 'excellent'),
    ).toBe(true);
    // No staged failures for the Agent Dashboard: no failed, dead or erroring run, no failed request.
    expect(rows.runs.filter((run) => ['failed', 'dead'].includes(run.status) || run.error !== null)).toEqual([]);
    expect(rows.requests.filter((request) => request.status === 'failed')).toEqual([]);
    // Nothing overdue, and the open work moves: its agent runs are on the real queue.
    const open = rows.requests.filter((request) => !['delivered', 'cancelled'].includes(request.status));
    expect(open.length).toBeGreaterThan(0);
    for (const request of open) expect(request.dueAt.getTime(), request.title).toBeGreaterThan(Date.now() + 86_400_000);
    const queued = rows.runs.filter((run) => run.status === 'queued');
    expect(queued.length).toBe(4);
    for (const run of queued) {
      expect(run.jobId, run.id).not.toBeNull();
      const [job] = (
        (await database.db.execute(sql`select state from pgboss.job where id = ${run.jobId}`)) as unknown as { rows: { state: string }[] }
      ).rows;
      expect(job?.state).toBe('created');
    }
    // Tags are the frameworks' display names, as the wizard writes them.
    const tags = new Set(rows.deliverables.flatMap((row) => row.tags));
    expect([...tags].sort()).toEqual(['GDPR', 'HIPAA', 'ISO 27001', 'SOC 2']);
  });

  it('answers the loaded sample on a second load, duplicating nothing and showing no password', async () => {
    const again = await call(dataAdminToken, 'POST');
    expect(again.statusCode).toBe(200);
    const result = readJson(again, loadSampleDataResultSchema);
    expect(result).toMatchObject({ created: false, password: null, loaded: true });
    expect(changed(afterLoad, await tableCounts())).toEqual({});
  });

  it('lets sales sign in as the sample client manager, whose workspace is filled and marked as sample', async () => {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: SAMPLE_ACCOUNTS.client_manager.email, password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = (signedIn.json() as { access_token: string }).access_token;
    const mine = readJson(await call(token, 'GET', '/api/v1/organizations/mine'), myOrganizationsSchema);
    expect(mine.organizations).toEqual([expect.objectContaining({ name: SAMPLE_COMPANY.companyName, isSample: true })]);
    const requests = readJson(await call(token, 'GET', '/api/v1/task-requests'), taskRequestListSchema).requests;
    expect(new Set(requests.map((request) => request.status)).size).toBeGreaterThanOrEqual(4);
    const deliverables = readJson(await call(token, 'GET', '/api/v1/deliverables'), deliverableListSchema).deliverables;
    expect(deliverables.some((item) => item.status === 'completed')).toBe(true);
    // Staff see it marked as sample in the organizations list.
    const listed = readJson(await call(fixture.tokens.administrator, 'GET', '/api/v1/admin/organizations'), organizationListSchema);
    const sample = listed.organizations.find((org) => org.name === SAMPLE_COMPANY.companyName);
    expect(sample?.isSample).toBe(true);
    expect(listed.organizations.filter((org) => org.id !== sample?.id).every((org) => org.isSample === false)).toBe(true);
  });

  it('keeps the sample inside its own tenant', async () => {
    const status = readJson(await call(dataAdminToken, 'GET'), sampleDataStatusSchema);
    const sampleId = status.organization?.id ?? '';
    for (const actor of ['clientOfA', 'clientOfB', 'staffOfA', 'staffUnassigned'] as const) {
      const requests = readJson(await call(fixture.tokens[actor], 'GET', '/api/v1/task-requests'), taskRequestListSchema).requests;
      expect(
        requests.filter((request) => /patient portal|Mercy Health|wearables/.test(request.title)),
        actor,
      ).toEqual([]);
      expect((await call(fixture.tokens[actor], 'GET', `/api/v1/organizations/${sampleId}/members`)).statusCode, actor).toBe(404);
    }
    const staffList = readJson(await call(fixture.tokens.staffOfA, 'GET', '/api/v1/organizations/mine'), myOrganizationsSchema);
    expect(staffList.organizations.map((org) => org.id)).not.toContain(sampleId);
  });

  it('removes everything the sample made: every table is back to its count, the audit trail keeps its record', async () => {
    const removed = await call(dataAdminToken, 'DELETE');
    expect(removed.statusCode, removed.body).toBe(200);
    const result = readJson(removed, removeSampleDataResultSchema);
    expect(result).toMatchObject({ removed: true, accounts: 4 });
    expect(result.tables.find((entry) => entry.table === 'task_requests')?.rows).toBe(9);

    const after = await tableCounts();
    // The documented exceptions: the append-only audit trail keeps the sample's chain (and the deletion's
    // record), and its chain head stays with it; the read cache's versions keep the organization's last
    // one (versions only ever grow: migration 0042). Nothing else differs from before the load.
    const left = changed(before, after);
    expect(Object.keys(left).sort()).toEqual(['public.audit_chain_heads', 'public.audit_events', 'public.read_versions']);
    expect(left['public.audit_chain_heads']).toBe(1);
    expect(left['public.read_versions']).toBe(1);
    expect(left['public.audit_events']).toBeGreaterThan(0);

    const status = readJson(await call(dataAdminToken, 'GET'), sampleDataStatusSchema);
    expect(status.loaded).toBe(false);
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: SAMPLE_ACCOUNTS.client_manager.email, password },
    });
    expect(signIn.statusCode).toBe(400);
    // Removing again removes nothing; loading again works (a new password).
    expect(readJson(await call(dataAdminToken, 'DELETE'), removeSampleDataResultSchema)).toMatchObject({ removed: false, accounts: 0 });
  });
});
