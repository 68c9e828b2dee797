// @both-engines: what this file checks differs between one connection (PGlite) and a pool (PostgreSQL) — decision 015.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race } from '../../tests/race.ts';
import { serviceRoleToken } from '../../tests/auth-helpers.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { buildApp } from './app.ts';
import { userRoles } from './db/schema/access.ts';
import { authUsers } from './db/schema/auth.ts';
import { evidence, evidenceControls } from './db/schema/evidence.ts';
import { parseEnv } from './env.ts';
import { addProgrammeControls, seedTestControls } from './modules/evidence/programme-test-fixture.ts';
import { withTenant } from './platform/tenancy/tenant.ts';

/**
 * Races through the real routes (issue 31): the same request fired at once. On PostgreSQL (the
 * `postgres` project) the requests really run side by side on a pool of connections; the first one
 * wins and the others get the same result or a 409 with a code, never a 500 and never a second
 * trail entry.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test' }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01']);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (actor: TenantActor, method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  headers: { authorization: `Bearer ${fixture.tokens[actor]}` },
  ...(payload ? { payload } : {}),
});
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const accountsFor = (email: string) => database.db.$count(authUsers, eq(authUsers.email, email));

describe('one new address invited ten times at once', () => {
  it('inviteMember: every call answers 201 with the one account made by the first', async () => {
    const email = `race-member-${Date.now()}@example.com`;
    const url = `/api/v1/organizations/${fixture.orgs.a.id}/members`;
    const outcome = await race(app, { times: 10, request: () => as('administrator', 'POST', url, { email }) });
    expect(outcome.statuses).toEqual({ 201: 10 });
    expect(await accountsFor(email)).toBe(1);
  });

  it('createEngagement with a new auditor: ten engagements, one auditor account', async () => {
    const email = `race-auditor-${Date.now()}@example.com`;
    const payload = {
      organizationId: fixture.orgs.a.id,
      name: 'SOC 2 Type II race',
      frameworkId: 'soc2',
      auditType: 'type2',
      periodStart: day(-180),
      periodEnd: day(0),
      fieldworkStart: day(-10),
      fieldworkEnd: day(20),
      accessEndsOn: day(30),
      auditorEmails: [email],
    };
    const outcome = await race(app, { times: 10, request: () => as('administrator', 'POST', '/api/v1/engagements', payload) });
    expect(outcome.statuses).toEqual({ 201: 10 });
    expect(await accountsFor(email)).toBe(1);
  });

  it('inviteUser (POST /api/v1/admin/users): every call answers 201 with one account', async () => {
    const email = `race-admin-${Date.now()}@example.com`;
    const payload = { email, userType: 'staff', roles: [{ role: 'consultant', is_approver: true }] };
    const outcome = await race(app, { times: 10, request: () => as('administrator', 'POST', '/api/v1/admin/users', payload) });
    expect(outcome.statuses).toEqual({ 201: 10 });
    expect(await accountsFor(email)).toBe(1);
  });

  it('GoTrue POST /auth/v1/admin/users: one 200, the others 422 email_exists', async () => {
    const email = `race-gotrue-${Date.now()}@example.com`;
    const outcome = await race(app, {
      times: 10,
      request: () => ({
        method: 'POST',
        url: '/auth/v1/admin/users',
        headers: { authorization: `Bearer ${serviceRoleToken(app)}` },
        payload: { email, password: 'Correct-Horse-Battery-Staple-1', email_confirm: true },
      }),
    });
    expect(outcome.statuses).toEqual({ 200: 1, 422: 9 });
    expect(outcome.codes).toEqual({ email_exists: 9 });
    expect(await accountsFor(email)).toBe(1);
  });
});

/** A link evidence item of organization A, uploaded by its client (so staff may sign it off). */
async function seedEvidence(title: string): Promise<string> {
  return withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
    const [row] = await tx
      .insert(evidence)
      .values({
        organizationId: fixture.orgs.a.id,
        title,
        kind: 'link',
        url: 'https://example.com/evidence',
        collectedAt: new Date(),
        expiresAt: new Date(Date.now() + 90 * DAY),
        uploadedBy: fixture.userIds.clientOfA,
      })
      .returning({ id: evidence.id });
    if (!row) throw new Error('seedEvidence: nothing inserted');
    await tx.insert(evidenceControls).values({ organizationId: fixture.orgs.a.id, evidenceId: row.id, controlId: 'GOV-01' });
    return row.id;
  });
}

describe('one state change requested twenty times at once', () => {
  it('signOffEvidence: one 200 and one trail entry, the others 409 CONFLICT', async () => {
    const id = await seedEvidence('Access review, signed off at once');
    const outcome = await race(app, {
      times: 20,
      request: () => as('staffOfA', 'POST', `/api/v1/evidence/${id}/sign-off`),
      trail: { db: database.db, action: 'evidence.sign_off', entityId: id },
    });
    expect(outcome.statuses).toEqual({ 200: 1, 409: 19 });
    expect(outcome.codes).toEqual({ CONFLICT: 19 });
    expect(outcome.trailEntries).toBe(1);
  });

  it('deleteEvidence: one 204 and one trail entry; the others 409 (raced) or 404 (came after)', async () => {
    const id = await seedEvidence('Onboarding tickets, deleted at once');
    const outcome = await race(app, {
      times: 20,
      request: () => as('staffOfA', 'DELETE', `/api/v1/evidence/${id}`),
      trail: { db: database.db, action: 'evidence.delete', entityId: id },
    });
    expect(outcome.statuses[204]).toBe(1);
    expect((outcome.statuses[409] ?? 0) + (outcome.statuses[404] ?? 0)).toBe(19);
    expect(outcome.trailEntries).toBe(1);
  });

  it('updateSupportRequestStatus: twenty closings answer as one closing (the request locked), one trail entry', async () => {
    const opened = await app.inject(
      as('clientOfA', 'POST', '/api/v1/support-requests', {
        subject: 'Cannot export the risk register',
        category: 'technical_problem',
        priority: 'urgent',
        message: 'The CSV export button spins forever since this morning.',
      }),
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const { id } = opened.json<{ id: string }>();
    const outcome = await race(app, {
      times: 20,
      request: () => as('clientOfA', 'POST', `/api/v1/support-requests/${id}/status`, { status: 'closed' }),
      trail: { db: database.db, action: 'support_request.status', entityId: id },
    });
    // Closing a closed request changes nothing and says so with the request as it is (as one after another would).
    expect(outcome.statuses).toEqual({ 200: 20 });
    expect(outcome.trailEntries).toBe(1);
  });

  it('revokeApiKey: one 200 and one trail entry, the others 409 CONFLICT', async () => {
    const created = await app.inject(
      as('staffOfA', 'POST', '/api/v1/integrations/api-keys', { organizationId: fixture.orgs.a.id, name: 'CI', scopes: { tasks: 'read' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const outcome = await race(app, {
      times: 20,
      request: () => as('staffOfA', 'POST', `/api/v1/integrations/api-keys/${id}/revocation`),
      trail: { db: database.db, action: 'api_key.revoke', entityId: id },
    });
    expect(outcome.statuses).toEqual({ 200: 1, 409: 19 });
    expect(outcome.codes).toEqual({ CONFLICT: 19 });
    expect(outcome.trailEntries).toBe(1);
  });
});
