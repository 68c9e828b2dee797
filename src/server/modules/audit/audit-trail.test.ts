import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { logSecurityEvent } from '../../platform/access/access.service.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { GENESIS_HASH, verifyChain } from '../../platform/audit/audit-chain.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';

/** The trail's core on a real database: chained by the database, refused edits, detected tampering. */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02']);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function newOrganization(name: string): Promise<string> {
  const [row] = await database.db.insert(organizations).values({ name }).returning({ id: organizations.id });
  if (!row) throw new Error('no organization');
  return row.id;
}

async function append(organizationId: string, count: number): Promise<void> {
  await withTenant(database.db, system, async (tx) => {
    for (let index = 0; index < count; index += 1) {
      await recordAudit(tx, {
        organizationId,
        actor: fixture.userIds.administrator,
        action: 'risk.update',
        entityType: 'risk',
        entityId: `risk-${index}`,
        before: { likelihood: index },
        after: { likelihood: index + 1, note: 'Zürich “quoted” — ok' },
        ip: '203.0.113.7',
        userAgent: 'vitest',
      });
    }
  });
}

const chainRows = (organizationId: string) =>
  withTenant(database.db, system, (tx) =>
    tx.select().from(auditEvents).where(eq(auditEvents.organizationId, organizationId)).orderBy(asc(auditEvents.seq)),
  );
const verify = (organizationId: string | null) => withTenant(database.db, system, (tx) => verifyChain(tx, organizationId));

/** Runs `statement` with the append-only trigger off, as only a superuser can: the "behind the app's back" edit. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    // The read cache's version bump (migration 0042) would wait for the commit, and a table with a pending
    // trigger event cannot be altered: it runs at the statement's end here.
    await tx.execute(sql`set constraints all immediate`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

/** Drizzle wraps the database's error; the refusal's own message is its cause. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe('the audit trail', () => {
  it('chains rows per organization in the database: seq, prev_hash and a SHA-256 hash the caller never supplies', async () => {
    const organizationId = await newOrganization('Chained');
    await append(organizationId, 3);
    const rows = await chainRows(organizationId);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[2]?.prevHash).toBe(rows[1]?.hash);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]).toMatchObject({ ip: '203.0.113.7', userAgent: 'vitest', after: { likelihood: 1, note: 'Zürich “quoted” — ok' } });
    expect(await verify(organizationId)).toMatchObject({ ok: true, count: 3, headHash: rows[2]?.hash, brokenAt: null });
  });

  it('queues concurrent appends to one organization instead of forking its chain', async () => {
    const organizationId = await newOrganization('Concurrent');
    await Promise.all(Array.from({ length: 8 }, () => append(organizationId, 2)));
    const rows = await chainRows(organizationId);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(await verify(organizationId)).toMatchObject({ ok: true, count: 16 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE, even from the database owner', async () => {
    const organizationId = await newOrganization('Append only');
    await append(organizationId, 1);
    expect(await refusal(database.db.execute(sql`update audit_events set action = 'x' where organization_id = ${organizationId}`))).toBe(
      'audit_events is append-only',
    );
    expect(await refusal(database.db.execute(sql`delete from audit_events where organization_id = ${organizationId}`))).toBe(
      'audit_events is append-only',
    );
    expect(await refusal(database.db.execute(sql`truncate audit_events`))).toBe('audit_events is append-only');
    // Inside a tenant transaction RLS has no UPDATE or DELETE policy either: nothing is touched.
    await withTenant(database.db, system, async (tx) => {
      await tx.execute(sql`update audit_events set after = null where organization_id = ${organizationId}`);
      await tx.execute(sql`delete from audit_events where organization_id = ${organizationId}`);
    }).catch(() => undefined);
    const rows = await chainRows(organizationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ likelihood: 1 });
    expect((await verify(organizationId)).ok).toBe(true);
  });

  it('detects a row changed behind the app’s back, at that row', async () => {
    const organizationId = await newOrganization('Tampered');
    await append(organizationId, 4);
    await tamper(sql`update audit_events set after = '{"likelihood": 1}'::jsonb where organization_id = ${organizationId} and seq = 3`);
    const result = await verify(organizationId);
    expect(result).toMatchObject({ ok: false, count: 4, brokenAt: { seq: 3, reason: 'hash_mismatch' } });
  });

  it('detects a removed row and a removed tail', async () => {
    const middle = await newOrganization('Removed middle');
    await append(middle, 4);
    await tamper(sql`delete from audit_events where organization_id = ${middle} and seq = 2`);
    expect(await verify(middle)).toMatchObject({ ok: false, brokenAt: { seq: 3, reason: 'prev_hash_mismatch' } });

    const tail = await newOrganization('Removed tail');
    await append(tail, 3);
    await tamper(sql`delete from audit_events where organization_id = ${tail} and seq = 3`);
    expect(await verify(tail)).toMatchObject({ ok: false, count: 2, brokenAt: { seq: 3, reason: 'head_mismatch' } });
  });

  it('appends every security event: to the organization its details name, or to the global chain', async () => {
    await logSecurityEvent(database.db, {
      userId: fixture.userIds.clientOfA,
      eventType: 'PRIVILEGE_ESCALATION',
      details: { organizationId: fixture.orgs.a.id, reason: 'test' },
      ip: '198.51.100.4',
      userAgent: 'probe',
    });
    await logSecurityEvent(database.db, {
      userId: null,
      eventType: 'AUTH_FAILURE',
      details: { reason: 'test' },
      ip: null,
      userAgent: null,
    });
    const [scoped] = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, fixture.orgs.a.id), eq(auditEvents.action, 'security.privilege_escalation'))),
    );
    expect(scoped).toMatchObject({
      actorId: fixture.userIds.clientOfA,
      entityType: 'security_event',
      ip: '198.51.100.4',
      userAgent: 'probe',
    });
    const globalRows = await withTenant(database.db, system, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.chain, 'global')).orderBy(asc(auditEvents.seq)),
    );
    expect(globalRows.some((row) => row.action === 'security.auth_failure')).toBe(true);
    expect((await verify(null)).ok).toBe(true);
  });

  it('records a workspace change through the API with its actor, address, user agent and before → after', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/risks',
      headers: { authorization: `Bearer ${fixture.tokens.clientOfA}`, 'user-agent': 'journey-agent/1.0' },
      payload: { title: 'Laptops go missing', category: 'security', likelihood: 3, impact: 3, treatment: 'mitigate' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const riskId = (created.json() as { id: string }).id;
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/v1/risks/${riskId}`,
      headers: { authorization: `Bearer ${fixture.tokens.staffOfA}`, 'user-agent': 'journey-agent/1.0' },
      payload: { likelihood: 5 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const rows = await withTenant(database.db, system, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.entityId, riskId)).orderBy(asc(auditEvents.seq)),
    );
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ['risk.create', fixture.userIds.clientOfA],
      ['risk.update', fixture.userIds.staffOfA],
    ]);
    expect(rows[1]).toMatchObject({ userAgent: 'journey-agent/1.0', before: { likelihood: 3 }, after: { likelihood: 5 } });
    expect(rows[1]?.ip).toBeTruthy();
    expect((await verify(fixture.orgs.a.id)).ok).toBe(true);
  });

  it('commits nothing to the trail when the change rolls back', async () => {
    const organizationId = await newOrganization('Rolled back');
    await expect(
      withTenant(database.db, system, async (tx) => {
        await recordAudit(tx, { organizationId, actor: null, action: 'x.y', entityType: 'x', entityId: null });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await chainRows(organizationId)).toHaveLength(0);
    await append(organizationId, 1);
    expect((await chainRows(organizationId))[0]?.seq).toBe(1);
  });
});
