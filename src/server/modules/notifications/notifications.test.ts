import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import {
  markNotificationsReadResultSchema,
  notificationListSchema,
  notificationPreferencesSchema,
} from '../../../shared/schemas/notifications.ts';
import { taskRequestDetailSchema } from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { runNotificationDigest } from './notification-digest.ts';
import { notify } from './notifications.service.ts';

/** The bell: notify in the caller's transaction, the e-mail per preference (at once, digest, off), list, mark read, tenancy. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  // No job workers: an in-process agent would draft the request (and notify 'A draft is ready') between the request and the bell read.
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const list = async (actor: TenantActor, query = '') =>
  readJson(await app.inject({ method: 'GET', url: `/api/v1/notifications${query}`, headers: as(actor) }), notificationListSchema);

async function emailOf(actor: TenantActor): Promise<string> {
  const [row] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, fixture.userIds[actor]));
  if (!row?.email) throw new Error('no e-mail');
  return row.email;
}
const mailsTo = async (actor: TenantActor, kind: string) =>
  database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, await emailOf(actor)), eq(outboundEmails.kind, kind)));

describe('notifications', () => {
  it('tells the assigned staff of a new task request in the bell and by e-mail, never other organizations', async () => {
    // Task request updates come by e-mail only to whoever asked for them (the default keeps them in the bell).
    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: as('staffOfA'),
      payload: { emailMode: 'immediate', emailKinds: ['task_request'] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests',
      headers: as('clientOfA'),
      payload: { title: 'Review our vendor contracts', department: 'legal' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const request = readJson(response, taskRequestDetailSchema);
    const bell = await list('staffOfA');
    const item = bell.items.find((notification) => notification.link === `/task-requests?request=${request.id}`);
    expect(item).toMatchObject({ kind: 'task_request', title: 'New task request: Review our vendor contracts', readAt: null });
    expect(bell.unreadCount).toBeGreaterThanOrEqual(1);
    expect(await mailsTo('staffOfA', 'notification-task_request')).toHaveLength(1);
    // The requester is not told of their own step; unassigned staff and the other client hear nothing.
    for (const actor of ['clientOfA', 'staffUnassigned', 'clientOfB'] as const) {
      expect((await list(actor)).items.some((notification) => notification.link?.includes(request.id))).toBe(false);
    }
  });

  it('marks read (one or all) for the caller only, and answers the unread count left', async () => {
    const before = await list('staffOfA');
    const first = before.items[0];
    if (!first) throw new Error('expected a notification');
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: as('clientOfB'),
      payload: { ids: [first.id] },
    });
    expect(readJson(other, markNotificationsReadResultSchema).updated).toBe(0);
    const one = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: as('staffOfA'),
      payload: { ids: [first.id] },
    });
    expect(readJson(one, markNotificationsReadResultSchema)).toEqual({ updated: 1, unreadCount: before.unreadCount - 1 });
    const all = await app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: as('staffOfA'), payload: { all: true } });
    expect(readJson(all, markNotificationsReadResultSchema).unreadCount).toBe(0);
    expect((await list('staffOfA', '?unread=true')).items).toEqual([]);
    const empty = await app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: as('staffOfA'), payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('follows the preferences: off sends no mail, digest waits for the daily e-mail, once per notification', async () => {
    const put = (actor: TenantActor, payload: object) =>
      app.inject({ method: 'PUT', url: '/api/v1/notifications/preferences', headers: as(actor), payload });
    expect((await put('clientOfB', { emailMode: 'sometimes', emailKinds: [] })).statusCode).toBe(400);
    expect(readJson(await put('clientOfB', { emailMode: 'off', emailKinds: ['review'] }), notificationPreferencesSchema).emailMode).toBe(
      'off',
    );
    expect(
      readJson(await put('clientOfA', { emailMode: 'digest', emailKinds: ['review', 'evidence'] }), notificationPreferencesSchema),
    ).toEqual({
      emailMode: 'digest',
      emailKinds: ['review', 'evidence'],
    });
    const got = await app.inject({ method: 'GET', url: '/api/v1/notifications/preferences', headers: as('clientOfA') });
    expect(readJson(got, notificationPreferencesSchema).emailMode).toBe('digest');

    const send = (actor: TenantActor, org: 'a' | 'b', kind: 'review' | 'comment', sourceKey: string) =>
      withTenant(database.db, system, (tx) =>
        notify(tx, app.jobs, {
          organizationId: fixture.orgs[org].id,
          userIds: [fixture.userIds[actor]],
          kind,
          title: `${kind} ${sourceKey}`,
          sourceKey,
        }),
      );
    expect(await send('clientOfB', 'b', 'review', 'p1')).toEqual({ created: 1, emailed: 0 });
    expect(await send('clientOfA', 'a', 'review', 'p2')).toEqual({ created: 1, emailed: 0 });
    expect(await send('clientOfA', 'a', 'comment', 'p3')).toEqual({ created: 1, emailed: 0 });
    // The same cause twice (a retried job) writes nothing more.
    expect(await send('clientOfA', 'a', 'review', 'p2')).toEqual({ created: 0, emailed: 0 });
    // A rolled-back change leaves no notification.
    await expect(
      withTenant(database.db, system, async (tx) => {
        await notify(tx, app.jobs, {
          organizationId: fixture.orgs.a.id,
          userIds: [fixture.userIds.clientOfA],
          kind: 'review',
          title: 'rolled back',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await list('clientOfA')).items.some((item) => item.title === 'rolled back')).toBe(false);

    const digest = await runNotificationDigest(database.db, app.jobs);
    expect(digest.notifications).toBe(1);
    const mails = await mailsTo('clientOfA', 'notification-digest');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('review p2');
    expect(mails[0]?.textBody).not.toContain('comment p3');
    expect(await runNotificationDigest(database.db, app.jobs)).toEqual({ emails: 0, notifications: 0 });
    expect(await mailsTo('clientOfB', 'notification-digest')).toHaveLength(0);
  });

  it('hides an organization’s notifications once the staff member no longer serves it (row-level security too)', async () => {
    await withTenant(database.db, system, (tx) =>
      notify(tx, app.jobs, { organizationId: fixture.orgs.b.id, userIds: [fixture.userIds.staffOfA], kind: 'support', title: 'From B' }),
    );
    expect((await list('staffOfA')).items.some((item) => item.title === 'From B')).toBe(false);
    const rows = await withTenant(
      database.db,
      { kind: 'staff', userId: fixture.userIds.staffOfA, organizationIds: [fixture.orgs.a.id] },
      (tx) => tx.select({ title: notifications.title }).from(notifications),
    );
    expect(rows.some((row) => row.title === 'From B')).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});
