import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { submitSeededRequest } from '../../../../tests/task-request-fixture.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { notificationListSchema } from '../../../shared/schemas/notifications.ts';
import { buildApp } from '../../app.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../tenancy/tenant.ts';
import { MAX_AGE_MS } from './read-cache.ts';

/**
 * The read cache (read-cache.ts, migration 0042): a repeated read is answered from memory, and never
 * after anything it may have read has changed — whoever changed it (the rows here are written beside
 * the app, as another server or a script would), for whoever reads, within the guards.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const system = { kind: 'all', userId: null } as const;

/** A GET as the web app makes it; `encoding` asks for a compressed answer (the JSON checks read it plain). */
const read = (token: string, url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

async function notify(organizationId: string, userId: string, title: string): Promise<void> {
  await withTenant(database.db, system, (tx) => tx.insert(notifications).values({ organizationId, userId, kind: 'workflow', title }));
}

const titles = (body: ReturnType<typeof readJson<typeof notificationListSchema>>) => body.items.map((item) => item.title);

/** What the cache did over `work`. */
async function counted(work: () => Promise<void>): Promise<{ hits: number; misses: number }> {
  const before = app.readCache.stats();
  await work();
  const after = app.readCache.stats();
  return { hits: after.hits - before.hits, misses: after.misses - before.misses };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the read cache', () => {
  it('answers a repeated read from memory, byte for byte, with the same headers', async () => {
    // Enough notifications for an answer over the 1 KB the app compresses from: the entry is kept compressed.
    for (let index = 0; index < 12; index += 1) await notify(fixture.orgs.a.id, fixture.userIds.clientOfA, `Reminder number ${index}`);
    const url = '/api/v1/notifications?limit=40';
    const first = await read(fixture.tokens.clientOfA, url, 'gzip');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    let second = first;
    const done = await counted(async () => {
      second = await read(fixture.tokens.clientOfA, url, 'gzip');
    });
    expect(done).toEqual({ hits: 1, misses: 0 });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const header of ['content-type', 'content-encoding', 'cache-control', 'content-security-policy'])
      expect(second.headers[header], header).toBe(first.headers[header]);
  });

  it('shows a change the next read after it commits, wherever it was made', async () => {
    const url = '/api/v1/notifications?limit=30';
    await notify(fixture.orgs.a.id, fixture.userIds.clientOfA, 'first');
    expect(titles(readJson(await read(fixture.tokens.clientOfA, url), notificationListSchema))).toContain('first');
    await notify(fixture.orgs.a.id, fixture.userIds.clientOfA, 'second');
    const after = readJson(await read(fixture.tokens.clientOfA, url), notificationListSchema);
    expect(titles(after)).toEqual(expect.arrayContaining(['first', 'second']));
    // A change to what every organization shares (here the organization's own row, and a global table) counts too.
    await database.db
      .update(organizations)
      .set({ timeZone: 'Europe/Paris' })
      .where(sql`${organizations.id} = ${fixture.orgs.a.id}`);
    expect((await counted(async () => void (await read(fixture.tokens.clientOfA, url)))).misses).toBe(1);
    await database.db.execute(sql`update frameworks set name = name`);
    expect((await counted(async () => void (await read(fixture.tokens.clientOfA, url)))).misses).toBe(1);
  });

  it('keeps its answers through another organization’s changes and a rolled-back one', async () => {
    const url = '/api/v1/notifications?limit=20';
    await read(fixture.tokens.clientOfA, url);
    await notify(fixture.orgs.b.id, fixture.userIds.clientOfB, 'elsewhere');
    await expect(
      withTenant(database.db, system, async (tx) => {
        await tx
          .insert(notifications)
          .values({ organizationId: fixture.orgs.a.id, userId: fixture.userIds.clientOfA, kind: 'workflow', title: 'undone' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const done = await counted(async () => {
      const body = readJson(await read(fixture.tokens.clientOfA, url), notificationListSchema);
      expect(titles(body)).not.toContain('undone');
    });
    expect(done).toEqual({ hits: 1, misses: 0 });
  });

  it('shows a change made through the API on the next poll of the reads that watch a request', async () => {
    const { taskRequestId: id } = await submitSeededRequest(database.db, app.jobs, {
      organizationId: fixture.orgs.a.id,
      requestedBy: fixture.userIds.clientOfA,
      title: 'Access review policy',
    });
    const comments = `/api/v1/task-requests/${id}/comments`;
    const detail = `/api/v1/task-requests/${id}`;
    for (const url of [comments, detail, '/api/v1/task-summary']) {
      const answer = await read(fixture.tokens.clientOfA, url);
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(200);
    }
    expect(
      await counted(async () => {
        for (const url of [comments, detail, '/api/v1/task-summary']) await read(fixture.tokens.clientOfA, url);
      }),
    ).toEqual({ hits: 3, misses: 0 });
    const posted = await app.inject({
      method: 'POST',
      url: comments,
      headers: { authorization: `Bearer ${fixture.tokens.clientOfA}` },
      payload: { body: 'Please include contractors.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await read(fixture.tokens.clientOfA, comments)).body).toContain('Please include contractors.');
    expect((await counted(async () => void (await read(fixture.tokens.clientOfA, detail)))).misses).toBe(1);
  });

  it('gives each reader their own answer', async () => {
    const url = '/api/v1/notifications?limit=25';
    await notify(fixture.orgs.a.id, fixture.userIds.clientOfA, 'for the client');
    await notify(fixture.orgs.a.id, fixture.userIds.staffOfA, 'for the staff member');
    expect(titles(readJson(await read(fixture.tokens.clientOfA, url), notificationListSchema))).not.toContain('for the staff member');
    const staff = readJson(await read(fixture.tokens.staffOfA, url), notificationListSchema);
    expect(titles(staff)).toContain('for the staff member');
    expect(titles(staff)).not.toContain('for the client');
    const other = readJson(await read(fixture.tokens.clientOfB, url), notificationListSchema);
    expect(titles(other)).not.toContain('for the client');
    // A staff member's versions are read apart from the guards' statement (a client's come with it): the same rules hold.
    expect(await counted(async () => void (await read(fixture.tokens.staffOfA, url)))).toEqual({ hits: 1, misses: 0 });
    await notify(fixture.orgs.a.id, fixture.userIds.staffOfA, 'again for the staff member');
    expect(titles(readJson(await read(fixture.tokens.staffOfA, url), notificationListSchema))).toContain('again for the staff member');
  });

  it('does not keep an administrator’s reads, which may span every organization', async () => {
    const url = `/api/v1/controls?organizationId=${fixture.orgs.a.id}`;
    const done = await counted(async () => {
      expect((await read(fixture.tokens.administrator, url)).statusCode).toBe(200);
      expect((await read(fixture.tokens.administrator, url)).statusCode).toBe(200);
    });
    expect(done).toEqual({ hits: 0, misses: 0 });
  });

  it('computes an answer once for many readers who miss at the same moment', async () => {
    const url = `/api/v1/readiness?organizationId=${fixture.orgs.a.id}`;
    await notify(fixture.orgs.a.id, fixture.userIds.clientOfA, 'moves the version');
    const done = await counted(async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => read(fixture.tokens.clientOfA, url)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });
    expect(done).toEqual({ hits: 5, misses: 1 });
  });

  it('computes an answer again once it is older than MAX_AGE_MS (answers that depend on the time)', async () => {
    const url = `/api/v1/evidence?organizationId=${fixture.orgs.a.id}`;
    await read(fixture.tokens.clientOfA, url);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + MAX_AGE_MS - 1_000 });
    expect((await counted(async () => void (await read(fixture.tokens.clientOfA, url)))).hits).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await counted(async () => void (await read(fixture.tokens.clientOfA, url)))).misses).toBe(1);
  });

  it('refuses a cached read once the session has ended', async () => {
    const url = `/api/v1/workflow-runs?organizationId=${fixture.orgs.b.id}&limit=30`;
    expect((await read(fixture.tokens.clientOfB, url)).statusCode).toBe(200);
    expect((await read(fixture.tokens.clientOfB, url)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: { authorization: `Bearer ${fixture.tokens.clientOfB}` } });
    expect((await read(fixture.tokens.clientOfB, url)).statusCode).toBe(401);
  });
});

/**
 * Tables no cached read depends on, which change with sign-ins, page views and deliveries (migration
 * 0042 leaves them unwatched): anything else must bump a version, or a cached read could outlive it.
 */
const UNWATCHED = new Set([
  'public.read_versions',
  'public.security_events',
  'public.audit_chain_heads',
  'public.outbound_emails',
  'public.trust_center_views',
  'public.cookie_consents',
  'public.contact_submissions',
  'public.consultation_requests',
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.one_time_tokens',
  'auth.sign_in_throttle',
  'auth.flow_state',
  'auth.mfa_challenges',
  'auth.saml_assertions',
  'auth.saml_relay_states',
  'auth.signing_keys',
]);

describe('read_versions (migration 0042)', () => {
  it('watches every table but those named above, so a new table cannot be forgotten', async () => {
    const result = await database.db.execute(sql`
      select n.nspname || '.' || c.relname as name,
        exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname like 'read_versions_bump%') as watched
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'auth')`);
    const rows = (result as unknown as { rows: { name: string; watched: boolean }[] }).rows;
    expect(rows.length).toBeGreaterThan(80);
    const wrong = rows.filter((row) => row.watched === UNWATCHED.has(row.name)).map((row) => row.name);
    expect(wrong, 'watch these tables (read_versions_watch) or name them in UNWATCHED with the reason').toEqual([]);
  });

  it('bumps an organization once per transaction, at commit, and only for a person’s name or e-mail in auth.users', async () => {
    const version = async (scope: string) => {
      const result = await database.db.execute(
        sql`select coalesce(sum(version), 0)::int as version from read_versions where scope = ${scope}`,
      );
      return Number((result as unknown as { rows: { version: number }[] }).rows[0]?.version);
    };
    const before = await version(fixture.orgs.b.id);
    await withTenant(database.db, system, async (tx) => {
      for (const title of ['one', 'two', 'three'])
        await tx
          .insert(notifications)
          .values({ organizationId: fixture.orgs.b.id, userId: fixture.userIds.clientOfB, kind: 'workflow', title });
    });
    expect(await version(fixture.orgs.b.id)).toBe(before + 1);
    const global = await version('global');
    await database.db.execute(sql`update auth.users set last_sign_in_at = now() where id = ${fixture.userIds.clientOfB}`);
    expect(await version('global')).toBe(global);
    await database.db.execute(
      sql`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"full_name": "Renamed"}'::jsonb where id = ${fixture.userIds.clientOfB}`,
    );
    expect(await version('global')).toBe(global + 1);
  });
});
