import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { seedSubscription } from '../../../../tests/task-request-fixture.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import type { DomainEvent } from '../../../shared/schemas/domain-events.ts';
import {
  offboardingPreviewSchema,
  organizationListSchema,
  organizationMemberListSchema,
  staffAssignmentSchema,
} from '../../../shared/schemas/organizations.ts';
import { taskRequestListSchema } from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { agentRuns } from '../../db/schema/agent-runs.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { apiKeys, webhooks } from '../../db/schema/integrations.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { organizationMembers, organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/** Staff assignments by project managers, a client's own members, and offboarding (export, then delete). */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let pmToken: string;
let pmId: string;
const events: DomainEvent[] = [];
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  app.domainEventListeners.push({ name: 'test', types: ['member.added'], handle: async (event) => void events.push(event) });
  fixture = await createTenantFixture(app, database);
  // A project manager who serves organization A.
  const pm = await createTestUser(app);
  await ensureProfile(database.db, { userId: pm.userId, userType: 'staff' });
  await grantRole(database.db, { userId: pm.userId, role: 'project_manager' });
  await withTenant(database.db, system, (tx) =>
    tx.insert(staffAssignments).values({ organizationId: fixture.orgs.a.id, staffUserId: pm.userId, engagementRole: 'project_manager' }),
  );
  pmToken = pm.accessToken;
  pmId = pm.userId;
  await seedSubscription(database.db, { userId: fixture.userIds.clientOfA, organizationId: fixture.orgs.a.id });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const headers = (actor: TenantActor | 'pm') => ({ authorization: `Bearer ${actor === 'pm' ? pmToken : fixture.tokens[actor]}` });
const call = (actor: TenantActor | 'pm', method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: headers(actor), ...(payload ? { payload } : {}) });

describe('staff assignments by project managers', () => {
  it('lets a project manager staff the organizations they serve, and the assignment decides what the staff member sees', async () => {
    const listed = readJson(await call('pm', 'GET', '/api/v1/admin/organizations'), organizationListSchema);
    expect(listed.organizations.map((org) => org.id)).toEqual([fixture.orgs.a.id]);
    expect(listed.organizations[0]).toMatchObject({ plan: 'growth', subscriptionStatus: 'active', openRequests: 0 });

    const submitted = await call('clientOfA', 'POST', '/api/v1/task-requests', { title: 'Map our data flows', department: 'legal' });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const sees = async () =>
      readJson(await call('staffUnassigned', 'GET', '/api/v1/task-requests'), taskRequestListSchema).requests.map((item) => item.title);
    expect(await sees()).not.toContain('Map our data flows');

    const assigned = await call('pm', 'POST', `/api/v1/admin/organizations/${fixture.orgs.a.id}/staff`, {
      staffUserId: fixture.userIds.staffUnassigned,
      engagementRole: 'reviewer',
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const assignment = readJson(assigned, staffAssignmentSchema);
    expect(assignment.createdBy).toBe(pmId);
    expect(await sees()).toContain('Map our data flows');
    // Another organization is one the project manager does not serve: exactly like a missing one.
    const elsewhere = await call('pm', 'POST', `/api/v1/admin/organizations/${fixture.orgs.b.id}/staff`, {
      staffUserId: fixture.userIds.staffUnassigned,
      engagementRole: 'reviewer',
    });
    expect(elsewhere.statusCode).toBe(404);
    // A consultant (below project manager) may not staff at all.
    expect((await call('staffOfA', 'GET', '/api/v1/admin/organizations')).statusCode).toBe(403);

    const removed = await call('pm', 'DELETE', `/api/v1/admin/organizations/${fixture.orgs.a.id}/staff/${assignment.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await sees()).not.toContain('Map our data flows');
  });
});

describe('members', () => {
  it('lets a client manager invite and remove colleagues, see our team, and never reach another organization', async () => {
    const url = `/api/v1/organizations/${fixture.orgs.b.id}/members`;
    const invited = await call('clientOfB', 'POST', url, { email: 'new.colleague@borealis.example' });
    expect(invited.statusCode, invited.body).toBe(201);
    const list = readJson(invited, organizationMemberListSchema);
    const colleague = list.members.find((member) => member.email === 'new.colleague@borealis.example');
    expect(colleague).toMatchObject({ role: 'member', pending: true });
    expect(list.team.map((member) => member.engagementRole)).toEqual(['reviewer']);
    await expect.poll(() => events.map((event) => event.organizationId), { timeout: 10_000 }).toContain(fixture.orgs.b.id);
    // The e-mail says who invited the colleague (name and role) and to which organization.
    const [mail] = await database.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, 'new.colleague@borealis.example'));
    const [inviter] = await database.db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, fixture.userIds.clientOfB));
    expect(mail?.textBody).toContain(
      `${inviter?.email} (Client manager) has invited you to join ${fixture.orgs.b.name} on ComplianceCore.`,
    );
    expect(mail?.htmlBody).toContain('(Client manager) has invited you to join');
    expect(mail?.textBody).not.toContain('An administrator');

    expect(
      (await call('clientOfA', 'POST', `/api/v1/organizations/${fixture.orgs.a.id}/members`, { email: 'x@acme.example' })).statusCode,
    ).toBe(403);
    expect(
      (await call('clientOfB', 'POST', `/api/v1/organizations/${fixture.orgs.a.id}/members`, { email: 'x@acme.example' })).statusCode,
    ).toBe(404);
    expect((await call('clientOfB', 'GET', `/api/v1/organizations/${fixture.orgs.a.id}/members`)).statusCode).toBe(404);
    expect((await call('clientOfB', 'POST', url, { email: 'not an address' })).statusCode).toBe(400);

    const [self] = await database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, fixture.userIds.clientOfB));
    expect((await call('clientOfB', 'DELETE', `${url}/${self?.id}`)).statusCode).toBe(400);
    expect((await call('clientOfB', 'DELETE', `${url}/${colleague?.id}`)).statusCode).toBe(204);
    const after = readJson(await call('clientOfB', 'GET', url), organizationMemberListSchema);
    expect(after.members.map((member) => member.email)).not.toContain('new.colleague@borealis.example');
  });
});

describe('offboarding', () => {
  it('exports no secret and no hash of one: no webhook signing secret, no API key hash (issue 31, item 8)', async () => {
    const { b } = fixture.orgs;
    const signingSecret = 'whsec_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const keyHash = 'a665a45920422f9d417e4867efdc4fb8a04a1f3fff1fa07e998e86f7f7a27ae3';
    await withTenant(database.db, system, async (tx) => {
      await tx.insert(webhooks).values({
        organizationId: b.id,
        kind: 'webhook',
        url: 'https://siem.example.com/hooks',
        events: ['member.added'],
        secret: signingSecret,
      });
      await tx.insert(apiKeys).values({
        organizationId: b.id,
        name: 'CI pipeline',
        prefix: 'cck_b0b0b0b0',
        keyHash,
        scopes: {
          tasks: 'read',
          deliverables: 'none',
          evidence: 'none',
          programme: 'none',
          risks: 'none',
          vendors: 'none',
          policies: 'none',
          people: 'none',
        },
        createdBy: fixture.userIds.clientOfB,
      });
    });
    const exported = await call('administrator', 'GET', `/api/v1/admin/organizations/${b.id}/export`);
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const text = (name: string) => strFromU8(zip[name] ?? new Uint8Array());
    const everything = Object.keys(zip)
      .map((name) => text(name))
      .join('\n');
    expect(everything).not.toContain(signingSecret);
    expect(everything).not.toContain(keyHash);
    // The rows are there, without the columns: the header rows name none of them.
    expect(text('tables/webhooks.csv')).toContain('https://siem.example.com/hooks');
    expect(text('tables/webhooks.csv').split('\r\n')[0]?.split(',')).not.toContain('secret');
    expect(text('tables/api_keys.csv')).toContain('cck_b0b0b0b0');
    expect(text('tables/api_keys.csv').split('\r\n')[0]?.split(',')).not.toContain('key_hash');
    const manifest = JSON.parse(text('manifest.json')) as { tables: { table: string; withheld?: string[] }[] };
    expect(manifest.tables.filter((entry) => entry.withheld)).toEqual([
      expect.objectContaining({ table: 'api_keys', withheld: ['key_hash'] }),
      expect.objectContaining({ table: 'webhooks', withheld: ['secret'] }),
    ]);
  });

  it('exports every row of the organization and nothing of others, then deletes it all and the audit trail keeps the record', async () => {
    const { a, b } = fixture.orgs;
    const stored = await app.fileStore.put(Buffer.from('%PDF-1.4 policy for A'));
    await withTenant(database.db, system, async (tx) => {
      for (const org of [a, b]) {
        await tx.insert(evidence).values({
          organizationId: org.id,
          title: `Policy of ${org.name}`,
          kind: 'file',
          sha256: org.id === a.id ? stored.sha256 : null,
          fileName: 'policy.pdf',
          collectedAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
          uploadedBy: fixture.userIds.administrator,
        });
        await notify(tx, app.jobs, {
          organizationId: org.id,
          userIds: [fixture.userIds.administrator],
          kind: 'support',
          title: `Hello ${org.name}`,
        });
      }
    });
    const preview = readJson(
      await call('administrator', 'GET', `/api/v1/admin/organizations/${a.id}/offboarding`),
      offboardingPreviewSchema,
    );
    expect(preview.name).toBe(a.name);
    expect(preview.files).toBe(1);
    expect(preview.tables.map((entry) => entry.table)).toEqual(
      expect.arrayContaining(['organizations', 'evidence', 'notifications', 'subscriptions']),
    );
    expect((await call('pm', 'GET', `/api/v1/admin/organizations/${a.id}/offboarding`)).statusCode).toBe(403);

    // The request submitted above started an agent, which writes its draft in the background: the
    // export is compared with the database below, so the agent has finished first.
    const unfinishedRuns = async () =>
      (
        await withTenant(database.db, system, (tx) =>
          tx
            .select({ id: agentRuns.id })
            .from(agentRuns)
            .where(and(eq(agentRuns.organizationId, a.id), inArray(agentRuns.status, ['queued', 'running', 'failed']))),
        )
      ).length;
    await expect.poll(unfinishedRuns, { timeout: 30_000 }).toBe(0);

    const exported = await call('administrator', 'GET', `/api/v1/admin/organizations/${a.id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const manifest = JSON.parse(strFromU8(zip['manifest.json'] ?? new Uint8Array())) as {
      tables: { table: string; rows: number; file: string }[];
    };
    // Every row of A, table by table, counted in the database independently of the export.
    const counts = await withTenant(database.db, system, async (tx) => {
      const tables = (
        (await tx.execute(
          sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'organization_id'`,
        )) as unknown as {
          rows: { table_name: string }[];
        }
      ).rows.map((row) => row.table_name);
      const result: Record<string, number> = { organizations: 1 };
      for (const table of tables) {
        const rows = (await tx.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${a.id}`,
        )) as unknown as { rows: { n: number }[] };
        const n = rows.rows[0]?.n ?? 0;
        if (n > 0) result[table] = n;
      }
      return result;
    });
    expect(Object.fromEntries(manifest.tables.map((entry) => [entry.table, entry.rows]))).toEqual(counts);
    const everything = Object.entries(zip)
      .filter(([name]) => !name.startsWith('files/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(everything).toContain(a.id);
    expect(everything).not.toContain(b.id);
    expect(everything).not.toContain(b.name);
    expect(Object.keys(zip).filter((name) => name.startsWith('files/'))).toHaveLength(1);

    const wrong = await call('administrator', 'POST', `/api/v1/admin/organizations/${a.id}/deletion`, { confirmName: 'Acme' });
    expect(wrong.statusCode).toBe(400);
    const deleted = await call('administrator', 'POST', `/api/v1/admin/organizations/${a.id}/deletion`, { confirmName: a.name });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await withTenant(database.db, system, async (tx) => ({
      a: await tx.$count(evidence, eq(evidence.organizationId, a.id)),
      b: await tx.$count(evidence, eq(evidence.organizationId, b.id)),
      org: await tx.$count(organizations, eq(organizations.id, a.id)),
      audit: await tx.select().from(auditEvents).where(eq(auditEvents.organizationId, a.id)),
    }));
    expect(left).toMatchObject({ a: 0, b: 1, org: 0 });
    expect(left.audit.map((event) => event.action)).toContain('organization.deleted');
    expect((await call('administrator', 'GET', `/api/v1/organizations/${a.id}`)).statusCode).toBe(404);
  });
});
