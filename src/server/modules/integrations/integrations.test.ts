import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import {
  createdApiKeySchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
} from '../../../shared/schemas/integrations.ts';
import { notificationListSchema } from '../../../shared/schemas/notifications.ts';
import { taskRequestDetailSchema, taskRequestListSchema } from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { userRoles } from '../../db/schema/access.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { failWebhookDelivery, UNANSWERED_ATTEMPT, deliverWebhook } from './webhook-delivery.ts';
import { webhookDeliveries } from '../../db/schema/integrations.ts';

/** API keys (scopes, tenancy, revocation) and webhooks (signature, retry, disabling), on the real app. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = [];
let failuresLeft = 1;
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  // The receiver listens on loopback, which only WEBHOOK_ALLOW_PRIVATE_TARGETS admits.
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }) });
  fixture = await createTenantFixture(app, database);
  // The staff member serving A and the administrator are integration admins (a client manager is their organization's).
  for (const actor of ['staffOfA', 'administrator'] as const) {
    await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds[actor]));
  }
  await app.jobs.retune('webhook-delivery', { retryDelay: 1, retryBackoff: false });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const answered = failuresLeft > 0 ? 503 : 204;
      if (failuresLeft > 0) failuresLeft -= 1;
      received.push({ headers: request.headers, body, answered });
      response.statusCode = answered;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await new Promise((resolve) => receiver?.close(resolve));
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });

describe('API keys', () => {
  it('obey their scopes and their organization, and are useless once revoked', async () => {
    const mine = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests',
      headers: as('clientOfA'),
      payload: { title: 'Write our backup policy', department: 'operations' },
    });
    const requestOfA = readJson(mine, taskRequestDetailSchema);
    const theirs = readJson(
      await app.inject({
        method: 'POST',
        url: '/api/v1/task-requests',
        headers: as('clientOfB'),
        payload: { title: 'Borealis secret request', department: 'legal' },
      }),
      taskRequestDetailSchema,
    );
    // Only integration admins make keys.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/api-keys',
      headers: as('clientOfA'),
      payload: { name: 'CI', scopes: { tasks: 'read' } },
    });
    expect(refused.statusCode).toBe(403);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/api-keys',
      headers: as('staffOfA'),
      payload: {
        organizationId: fixture.orgs.a.id,
        name: 'CI pipeline',
        scopes: { tasks: 'read', evidence: 'read_write' },
        expiresInDays: 30,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = readJson(created, createdApiKeySchema);
    expect(key).toMatchObject({ organizationId: fixture.orgs.a.id, scopes: { tasks: 'read', evidence: 'read_write', risks: 'none' } });
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/integrations/api-keys?organizationId=${fixture.orgs.a.id}`,
      headers: as('staffOfA'),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.key);

    for (const headers of [{ authorization: `Bearer ${key.key}` }, { 'x-api-key': key.key }]) {
      const list = await app.inject({ method: 'GET', url: '/api/v1/task-requests', headers });
      expect(list.statusCode, list.body).toBe(200);
      const titles = readJson(list, taskRequestListSchema).requests.map((item) => item.title);
      expect(titles).toContain(requestOfA.title);
      expect(titles).not.toContain(theirs.title);
    }
    const byKey = { 'x-api-key': key.key };
    // Another organization's row is a missing row; a scope it lacks is forbidden; administration is never a key's.
    expect((await app.inject({ method: 'GET', url: `/api/v1/task-requests/${theirs.id}`, headers: byKey })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/task-requests/${requestOfA.id}`, headers: byKey })).statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests',
      headers: byKey,
      payload: { title: 'By key', department: 'operations' },
    });
    expect(write.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/risks', headers: byKey })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/integrations/api-keys', headers: byKey })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: byKey })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/task-requests', headers: { 'x-api-key': `${key.key}x` } })).statusCode).toBe(
      401,
    );

    // Another organization's integration admin cannot revoke it; its own can, and then it opens nothing.
    const revokedByOther = await app.inject({
      method: 'POST',
      url: `/api/v1/integrations/api-keys/${key.id}/revocation`,
      headers: as('clientOfB'),
    });
    expect(revokedByOther.statusCode).toBe(404);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/v1/integrations/api-keys/${key.id}/revocation`,
      headers: as('staffOfA'),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/task-requests', headers: byKey })).statusCode).toBe(401);
  });

  it('are described in the OpenAPI document', () => {
    const document = app.swagger() as { components: { securitySchemes: Record<string, { type: string; name?: string }> } };
    expect(document.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'apiKey', name: 'X-API-Key' });
  });
});

/** The receiver's side, written here from the documented scheme with plain node:crypto (not our verify function). */
function referenceVerify(secret: string, body: string, header: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(fields.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${fields.t}.${body}`).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks', () => {
  it('refuses a URL that is not a public address with 400 WEBHOOK_TARGET_NOT_PUBLIC, unless private targets are allowed', async () => {
    app.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = false;
    try {
      for (const url of [receiverUrl, 'http://localhost:8080/hooks', 'http://169.254.169.254/latest/meta-data', 'https://[::1]/hooks']) {
        const refused = await app.inject({
          method: 'POST',
          url: '/api/v1/integrations/webhooks',
          headers: as('staffOfA'),
          payload: { organizationId: fixture.orgs.a.id, url, events: ['member.added'] },
        });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json<{ error: { code: string } }>().error.code).toBe('WEBHOOK_TARGET_NOT_PUBLIC');
      }
    } finally {
      app.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = true;
    }
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/integrations/webhooks?organizationId=${fixture.orgs.a.id}`,
      headers: as('staffOfA'),
    });
    expect(readJson(listed, webhookListSchema).webhooks).toEqual([]);
  });

  it('signs each delivery, retries a failed one through the queue, and logs the response codes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/webhooks',
      headers: as('staffOfA'),
      payload: { organizationId: fixture.orgs.a.id, url: receiverUrl, events: ['member.added'], description: 'Our SIEM' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = readJson(created, createdWebhookSchema);
    expect(webhook.secret).toMatch(/^whsec_/);
    await withTenant(database.db, system, (tx) =>
      emitDomainEvent(tx, app.jobs, {
        type: 'member.added',
        organizationId: fixture.orgs.a.id,
        entityId: 'member-1',
        data: { role: 'member' },
      }),
    );
    // An event of another organization, and one of a type it did not subscribe to, are not sent.
    await withTenant(database.db, system, async (tx) => {
      await emitDomainEvent(tx, app.jobs, { type: 'member.added', organizationId: fixture.orgs.b.id, entityId: 'member-b' });
      await emitDomainEvent(tx, app.jobs, { type: 'control.stale', organizationId: fixture.orgs.a.id, entityId: 'c1' });
    });
    await expect.poll(() => received.map((entry) => entry.answered), { timeout: 30_000, interval: 500 }).toEqual([503, 204]);
    for (const entry of received) {
      expect(referenceVerify(webhook.secret ?? '', entry.body, String(entry.headers['compliancecore-signature']))).toBe(true);
      expect(referenceVerify('whsec_wrong', entry.body, String(entry.headers['compliancecore-signature']))).toBe(false);
      expect(JSON.parse(entry.body)).toMatchObject({ type: 'member.added', organizationId: fixture.orgs.a.id, entityId: 'member-1' });
    }
    const log = await app.inject({
      method: 'GET',
      url: `/api/v1/integrations/webhooks/${webhook.id}/deliveries`,
      headers: as('staffOfA'),
    });
    expect(readJson(log, webhookDeliveryListSchema).deliveries).toEqual([
      expect.objectContaining({ eventType: 'member.added', status: 'succeeded', attempts: 2, responseStatus: 204 }),
    ]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/integrations/webhooks/${webhook.id}/deliveries`, headers: as('administrator') }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/integrations/webhooks/${webhook.id}/deliveries`, headers: as('clientOfB') }))
        .statusCode,
    ).toBe(404);

    // Redeliver sends the same event again.
    const [delivery] = readJson(log, webhookDeliveryListSchema).deliveries;
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/integrations/webhooks/${webhook.id}/deliveries/${delivery?.id}/redelivery`,
      headers: as('staffOfA'),
    });
    expect(again.statusCode, again.body).toBe(200);
    await expect.poll(() => received.length, { timeout: 15_000, interval: 500 }).toBe(3);
  });

  it('turns a subscription off after repeated failed deliveries and tells the integration admin', async () => {
    const list = readJson(
      await app.inject({
        method: 'GET',
        url: `/api/v1/integrations/webhooks?organizationId=${fixture.orgs.a.id}`,
        headers: as('staffOfA'),
      }),
      webhookListSchema,
    );
    const webhook = list.webhooks[0];
    const log = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/integrations/webhooks/${webhook?.id}/deliveries`, headers: as('staffOfA') }),
      webhookDeliveryListSchema,
    );
    const deliveryId = log.deliveries[0]?.id ?? '';
    const results = [];
    for (let failure = 0; failure < 5; failure += 1) results.push((await failWebhookDelivery(database.db, app.jobs, deliveryId)).disabled);
    expect(results).toEqual([false, false, false, false, true]);
    const after = readJson(
      await app.inject({
        method: 'GET',
        url: `/api/v1/integrations/webhooks?organizationId=${fixture.orgs.a.id}`,
        headers: as('staffOfA'),
      }),
      webhookListSchema,
    );
    expect(after.webhooks[0]).toMatchObject({ enabled: false, consecutiveFailures: 5 });
    const bell = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as('staffOfA') }),
      notificationListSchema,
    );
    expect(bell.items.some((item) => item.kind === 'integration' && item.title.includes('turned off'))).toBe(true);
  });

  it('counts every post the receiver got, including one whose sender died before recording the answer', async () => {
    let posts = 0;
    const counter = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        posts += 1;
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/count`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/integrations/webhooks',
        headers: as('staffOfA'),
        payload: { organizationId: fixture.orgs.a.id, url, events: ['member.added'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const webhook = readJson(created, createdWebhookSchema);
      // The delivery row the listener writes, without its job: the test plays the queue's attempts itself.
      const event = {
        id: 'evt-counted',
        type: 'member.added' as const,
        organizationId: fixture.orgs.a.id,
        entityId: 'member-counted',
        occurredAt: new Date().toISOString(),
        data: {},
      };
      const [delivery] = await withTenant(database.db, system, (tx) =>
        tx
          .insert(webhookDeliveries)
          .values({ organizationId: event.organizationId, webhookId: webhook.id, eventId: event.id, eventType: event.type, event })
          .returning({ id: webhookDeliveries.id }),
      );
      const readDelivery = async () =>
        (
          await withTenant(database.db, system, (tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))
        )[0];

      // The first attempt's post reaches the receiver, then its process dies before the answer is recorded
      // (kill -9, or a job that expired and runs again): the fetch never returns to it.
      let posted = false;
      const diesAfterPosting: typeof fetch = async (input, init) => {
        await fetch(input, init);
        posted = true;
        return new Promise<Response>(() => {});
      };
      void deliverWebhook(database.db, delivery!.id, { allowPrivateTargets: true, fetcher: diesAfterPosting });
      await expect.poll(() => posted, { timeout: 10_000 }).toBe(true);
      expect(posts).toBe(1);
      expect(await readDelivery()).toMatchObject({ status: 'pending', attempts: 1, lastError: UNANSWERED_ATTEMPT });

      // The queue runs it again: a second post, and the log counts two.
      expect(await deliverWebhook(database.db, delivery!.id, { allowPrivateTargets: true })).toBe('succeeded');
      expect(posts).toBe(2);
      expect(await readDelivery()).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 204, lastError: null });
    } finally {
      await new Promise((resolve) => counter.close(resolve));
    }
  });
});
