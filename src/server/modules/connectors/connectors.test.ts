import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonPeer, startJsonPeer } from '../../../../tests/connector-peers/json-peer.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import {
  type Connection,
  connectionListSchema,
  connectionRunListSchema,
  connectionRunSchema,
  connectionSchema,
  connectorListSchema,
  testConnectionResultSchema,
} from '../../../shared/schemas/connectors.ts';
import { auditRequestListSchema, engagementSchema } from '../../../shared/schemas/engagements.ts';
import { readinessSchema } from '../../../shared/schemas/frameworks.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { connectionRuns } from '../../db/schema/connectors.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { parseEnv } from '../../env.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { createSealer } from '../auth/tokens/sealing.ts';
import { addProgrammeControls } from '../evidence/programme-test-fixture.ts';
import { type ConnectorRunDeps, executeConnectionRun } from './connection-run.ts';
import { runConnectorClock } from './connector-clock.ts';

/**
 * The connector framework (issue 38): connections with sealed credentials, runs that store evidence, a
 * failing check that fails its controls, opens one task and emits `connector.check_failed`, a pass that
 * closes it, credentials that stop working, the schedule, and tenancy. Runs are executed here, one at a
 * time (JOB_WORKERS=off), against a local JSON endpoint (tests/connector-peers/json-peer.ts).
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let peer: JsonPeer;
let deps: ConnectorRunDeps;
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off', CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: '1' }) });
  fixture = await createTenantFixture(app, database);
  peer = await startJsonPeer();
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['MON-01', 'OPS-06', 'BCM-04'], {
    status: 'implemented',
    ownerId: fixture.userIds.clientOfA,
  });
  deps = {
    db: database.db,
    jobs: app.jobs,
    fileStore: app.fileStore,
    sealer: createSealer(app.env.AUTH_SECRET),
    allowPrivateEndpoints: true,
  };
}, 240_000);
afterAll(async () => {
  await peer?.close();
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });

/** Runs every queued run, as the `connector-run` worker would. */
async function runQueued(overrides: Partial<ConnectorRunDeps> = {}) {
  const queued = await withTenant(database.db, system, (tx) =>
    tx.select({ id: connectionRuns.id }).from(connectionRuns).where(eq(connectionRuns.status, 'queued')),
  );
  for (const { id } of queued) await executeConnectionRun({ ...deps, ...overrides }, id);
}
const runs = async (connection: Connection) =>
  readJson(await call('staffOfA', 'GET', `/api/v1/connections/${connection.id}/runs`), connectionRunListSchema).runs;
const controlStatus = async (controlId: string) =>
  (
    await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(organizationControls)
        .where(and(eq(organizationControls.organizationId, fixture.orgs.a.id), eq(organizationControls.controlId, controlId))),
    )
  )[0]?.status;
const connectorTasks = () =>
  withTenant(database.db, system, (tx) =>
    tx
      .select()
      .from(taskRequests)
      .where(and(eq(taskRequests.organizationId, fixture.orgs.a.id), eq(taskRequests.source, 'connector'))),
  );
const failedEvents = async () =>
  (
    (await database.db.execute(
      sql`select data from pgboss.job where name = 'domain-event' and data->>'type' = 'connector.check_failed'`,
    )) as unknown as {
      rows: { data: { entityId: string; data: { checkId: string } } }[];
    }
  ).rows.map((row) => row.data);

function create(actor: TenantActor, path: string, extra: object = {}) {
  return call(actor, 'POST', '/api/v1/connections', {
    organizationId: fixture.orgs.a.id,
    connectorId: 'https_json',
    name: `Status ${path}`,
    credentials: {
      url: `${peer.url}${path}`,
      jsonPath: '$.status',
      expected: 'ok',
      headerName: 'Authorization',
      headerValue: 'Bearer very-secret-token',
    },
    ...extra,
  });
}

describe('connectors', () => {
  let status: Connection;

  it('lists five connectors, each with at least five checks, evidencing at least 35 common controls', async () => {
    const { connectors } = readJson(await call('clientOfA', 'GET', '/api/v1/connectors'), connectorListSchema);
    expect(connectors.map((connector) => connector.id).sort()).toEqual(['aws', 'github', 'google_workspace', 'https_json', 'okta']);
    for (const connector of connectors) expect(connector.checks.length, connector.id).toBeGreaterThanOrEqual(5);
    const controls = new Set(connectors.flatMap((connector) => connector.checks.flatMap((check) => check.controlIds)));
    expect(controls.size).toBeGreaterThanOrEqual(35);
    const catalogue = (await database.db.execute(sql`select id from controls`)) as unknown as { rows: { id: string }[] };
    const known = new Set(catalogue.rows.map((row) => row.id));
    expect([...controls].filter((id) => !known.has(id))).toEqual([]);
  });

  it('creates a connection with sealed credentials, never shown again, and queues its first run', async () => {
    expect((await create('clientOfA', '/status')).statusCode).toBe(403); // a client who is not the client manager
    const bad = await create('staffOfA', '/status', { credentials: { url: 'not a url', jsonPath: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.credentials.url');
    const created = await create('staffOfA', '/status');
    expect(created.statusCode, created.body).toBe(201);
    status = readJson(created, connectionSchema);
    expect(status).toMatchObject({
      connectorId: 'https_json',
      schedule: 'daily',
      status: 'new',
      credentialKeys: ['expected', 'headerName', 'headerValue', 'jsonPath', 'maxResponseMs', 'url'],
    });
    expect(new Date(status.nextRunAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const listed = await call('staffOfA', 'GET', `/api/v1/connections?organizationId=${fixture.orgs.a.id}`);
    expect(readJson(listed, connectionListSchema).connections.map((connection) => connection.id)).toContain(status.id);
    expect(listed.body + created.body).not.toContain('very-secret-token');
    const stored = (await database.db.execute(sql`select sealed_credentials from connections where id = ${status.id}`)) as unknown as {
      rows: { sealed_credentials: string }[];
    };
    if (app.env.AUTH_SECRET) expect(stored.rows[0]?.sealed_credentials).not.toContain('very-secret-token');
    const jobs = (await database.db.execute(sql`select data from pgboss.job where name = 'connector-run'`)) as unknown as {
      rows: { data: { runId: string } }[];
    };
    const [first] = await runs(status);
    expect(first).toMatchObject({ status: 'queued', trigger: 'schedule' });
    expect(jobs.rows.map((row) => row.data.runId)).toContain(first?.id);
  });

  it('stores each check’s raw answer as evidence with its SHA-256 on the check’s controls', async () => {
    await runQueued();
    const [run] = await runs(status);
    expect(run?.status).toBe('failed'); // the peer speaks plain HTTP: encrypted_transport fails, honestly
    const assertion = run?.results.find((result) => result.checkId === 'json_assertion');
    expect(assertion).toMatchObject({
      outcome: 'pass',
      controlIds: ['MON-01', 'OPS-06'],
      resources: [{ id: '$.status', passed: true, detail: 'ok' }],
    });
    const [item] = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(evidence)
        .where(eq(evidence.id, assertion?.evidenceId ?? '')),
    );
    expect(item).toMatchObject({ kind: 'file', mediaType: 'application/json', fileName: 'https_json-json_assertion.json' });
    const bytes = await app.fileStore.get(item?.sha256 ?? '');
    expect(
      createHash('sha256')
        .update(bytes ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(item?.sha256);
    expect(JSON.parse(bytes?.toString('utf8') ?? '{}')).toMatchObject({
      outcome: 'pass',
      response: { status: 200, body: { status: 'ok' } },
    });
    // The request carried the sealed header.
    expect(peer.calls.some((request) => request.headers.authorization === 'Bearer very-secret-token')).toBe(true);
    expect(await controlStatus('MON-01')).toBe('implemented');
  });

  it('the audit package of an engagement whose period covers a run holds the check’s JSON with its SHA-256', async () => {
    const auditor = await createTestUser(app);
    await ensureProfile(database.db, { userId: auditor.userId, userType: 'staff' });
    await grantRole(database.db, { userId: auditor.userId, role: 'auditor' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await call('staffOfA', 'POST', '/api/v1/engagements', {
      organizationId: fixture.orgs.a.id,
      name: 'SOC 2 Type II (monitoring)',
      frameworkId: 'soc2',
      auditType: 'type2',
      periodStart: day(-30),
      periodEnd: day(0),
      fieldworkStart: day(-1),
      fieldworkEnd: day(20),
      accessEndsOn: day(30),
      auditorEmails: [auditor.email],
    });
    expect(created.statusCode, created.body).toBe(201);
    const engagement = readJson(created, engagementSchema);
    const [run] = await runs(status);
    const evidenceId = run?.results.find((result) => result.checkId === 'json_assertion')?.evidenceId;
    const asAuditor = { authorization: `Bearer ${auditor.accessToken}` };
    const { requests } = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/engagements/${engagement.id}/requests`, headers: asAuditor }),
      auditRequestListSchema,
    );
    const request = requests.find((candidate) => candidate.evidence.some((item) => item.id === evidenceId));
    expect(request, 'a generated request links the connector’s evidence').toBeDefined();
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${engagement.id}/requests/${request?.id}/decision`,
      headers: asAuditor,
      payload: { decision: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const zip = await app.inject({ method: 'GET', url: `/api/v1/engagements/${engagement.id}/package.zip`, headers: asAuditor });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as {
      requests: { files: { path: string; sha256: string; evidenceId: string }[] }[];
    };
    const packed = manifest.requests.flatMap((entry) => entry.files).find((file) => file.evidenceId === evidenceId);
    expect(packed?.path).toMatch(/https_json-json_assertion\.json$/);
    const bytes = files[packed?.path ?? ''] ?? new Uint8Array();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(packed?.sha256);
    expect(JSON.parse(strFromU8(bytes))).toMatchObject({ check: { id: 'json_assertion' }, outcome: 'pass' });
  });

  it('a failing check fails its controls, shows on readiness, opens one task for the owner and emits connector.check_failed; passing again closes it', async () => {
    peer.state.status = 'degraded';
    for (let round = 0; round < 2; round += 1) {
      const queued = await call('staffOfA', 'POST', `/api/v1/connections/${status.id}/runs`);
      expect(queued.statusCode, queued.body).toBe(202);
      expect(readJson(queued, connectionRunSchema).trigger).toBe('manual');
      await runQueued();
    }
    const [run] = await runs(status);
    expect(run?.results.find((result) => result.checkId === 'json_assertion')).toMatchObject({
      outcome: 'fail',
      resources: [{ passed: false, detail: 'degraded' }],
    });
    expect(await controlStatus('MON-01')).toBe('failing');
    expect(await controlStatus('OPS-06')).toBe('failing');
    const readiness = readJson(await call('clientOfA', 'GET', '/api/v1/readiness'), readinessSchema);
    expect(readiness.controlsByStatus.failing).toBeGreaterThanOrEqual(2);
    const tasks = (await connectorTasks()).filter((task) => task.title.includes('JSONPath assertion'));
    expect(tasks).toHaveLength(1); // two failing runs, one task
    expect(tasks[0]).toMatchObject({ requestedBy: fixture.userIds.clientOfA, status: 'queued' });
    expect(tasks[0]?.description).toContain('degraded');
    expect((await failedEvents()).filter((event) => event.data.checkId === 'json_assertion')).toHaveLength(1);
    const listed = readJson(await call('staffOfA', 'GET', '/api/v1/connections'), connectionListSchema).connections.find(
      (connection) => connection.id === status.id,
    );
    expect(listed?.failingChecks).toContain('json_assertion');

    peer.state.status = 'ok';
    await call('staffOfA', 'POST', `/api/v1/connections/${status.id}/runs`);
    await runQueued();
    expect(await controlStatus('MON-01')).toBe('implemented');
    const [closed] = (await connectorTasks()).filter((task) => task.id === tasks[0]?.id);
    expect(closed?.status).toBe('cancelled');
  });

  it('credentials the provider refuses: the connection says so and its owner is notified once', async () => {
    const locked = readJson(await create('staffOfA', '/locked'), connectionSchema);
    await runQueued();
    await call('staffOfA', 'POST', `/api/v1/connections/${locked.id}/runs`);
    await runQueued();
    const [run] = await runs(locked);
    expect(run).toMatchObject({ status: 'error', results: [] });
    expect(run?.error).toContain('401');
    const listed = readJson(await call('staffOfA', 'GET', '/api/v1/connections'), connectionListSchema).connections.find(
      (connection) => connection.id === locked.id,
    );
    expect(listed).toMatchObject({ status: 'credentials_failed' });
    const notices = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, fixture.userIds.staffOfA), eq(notifications.kind, 'integration'))),
    );
    expect(notices.filter((notice) => notice.title.includes('Status /locked'))).toHaveLength(1);
    const tested = readJson(await call('staffOfA', 'POST', `/api/v1/connections/${locked.id}/test`), testConnectionResultSchema);
    expect(tested).toMatchObject({ ok: false });
  });

  it('a 429 is retried; a provider that never answers is recorded, not silent', async () => {
    const flaky = readJson(await create('staffOfA', '/flaky'), connectionSchema);
    const slow = readJson(await create('staffOfA', '/slow'), connectionSchema);
    await runQueued({ checkTimeoutMs: 300, requestTimeoutMs: 300 });
    const [flakyRun] = await runs(flaky);
    expect(flakyRun?.results.find((result) => result.checkId === 'reachable')).toMatchObject({ outcome: 'pass' });
    const [slowRun] = await runs(slow);
    expect(slowRun).toMatchObject({ status: 'error' });
    expect(slowRun?.error).toMatch(/in time/);
    const listed = readJson(await call('staffOfA', 'GET', '/api/v1/connections'), connectionListSchema).connections.find(
      (connection) => connection.id === slow.id,
    );
    expect(listed).toMatchObject({ status: 'error' });
  });

  it('runs on a schedule: each due connection gets one run, and its next run moves a day on', async () => {
    const later = new Date(Date.now() + 25 * 3_600_000);
    const { queued } = await runConnectorClock(database.db, app.jobs, later);
    expect(queued).toBeGreaterThanOrEqual(1);
    expect((await runConnectorClock(database.db, app.jobs, later)).queued).toBe(0);
    const [run] = await runs(status);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'queued' });
  });

  it('another organization’s connection is 404 for every operation; deleting needs the manager', async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/connections/${status.id}/runs`],
      ['POST', `/api/v1/connections/${status.id}/runs`],
      ['POST', `/api/v1/connections/${status.id}/test`],
      ['DELETE', `/api/v1/connections/${status.id}`],
    ] as const) {
      const answer = await call('clientOfB', method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(readJson(await call('clientOfB', 'GET', '/api/v1/connections'), connectionListSchema).connections).toEqual([]);
    expect((await call('clientOfA', 'DELETE', `/api/v1/connections/${status.id}`)).statusCode).toBe(403);
    expect((await call('staffOfA', 'DELETE', `/api/v1/connections/${status.id}`)).statusCode).toBe(204);
    expect((await call('staffOfA', 'GET', `/api/v1/connections/${status.id}/runs`)).statusCode).toBe(404);
  });
});

/** The trail of each operation that changes a connection (audit-trail-walk.test.ts lists them as walked here). */
describe('connections on the audit trail', () => {
  const entries = async (entityId: string) =>
    (
      await withTenant(database.db, system, (tx) =>
        tx
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(eq(auditEvents.entityId, entityId))
          .orderBy(auditEvents.occurredAt, auditEvents.seq),
      )
    ).map((entry) => entry.action);

  it('createConnection records the connection and its first run; runConnection, testConnection (when the health it finds is new) and deleteConnection one entry each', async () => {
    const created = readJson(await create('staffOfA', '/status', { name: 'Status for the trail' }), connectionSchema);
    // Two things are made: the connection and its first run, queued at once.
    expect(await entries(created.id)).toEqual(['connection.create', 'connection_run.queue']);
    expect((await call('staffOfA', 'POST', `/api/v1/connections/${created.id}/runs`)).statusCode).toBe(202);
    expect(await entries(created.id)).toEqual(['connection.create', 'connection_run.queue', 'connection_run.queue']);
    const before = (await entries(created.id)).length;
    expect((await call('staffOfA', 'POST', `/api/v1/connections/${created.id}/test`)).statusCode).toBe(200);
    expect((await entries(created.id)).slice(before)).toEqual(['connection.status']);
    expect((await call('staffOfA', 'POST', `/api/v1/connections/${created.id}/test`)).statusCode).toBe(200);
    expect((await entries(created.id)).slice(before)).toEqual(['connection.status']);
    expect((await call('staffOfA', 'DELETE', `/api/v1/connections/${created.id}`)).statusCode).toBe(204);
    expect((await entries(created.id)).at(-1)).toBe('connection.delete');
    expect((await entries(created.id)).filter((action) => action === 'connection.delete')).toHaveLength(1);
  });
});
