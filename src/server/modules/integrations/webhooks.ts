import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  createWebhookInputSchema,
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
} from '../../../shared/schemas/integrations.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { assertPublicWebhookTarget } from './webhook-target.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/** Webhook subscriptions and their delivery log (docs/integrations.md); delivery itself: webhook-delivery.ts. */

function toWebhook(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.disabledAt === null,
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventType: row.eventType,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function createWebhook(
  tenant: Tenant,
  input: CreateWebhookInput,
  options: { allowPrivateTargets: boolean },
): Promise<Webhook & { secret: string | null }> {
  const parsed = createWebhookInputSchema.parse(input);
  if (!options.allowPrivateTargets) await assertPublicWebhookTarget(parsed.url);
  const organizationId = await actingOrganization(tenant, parsed.organizationId);
  const secret = parsed.kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        organizationId,
        kind: parsed.kind,
        url: parsed.url,
        description: parsed.description,
        events: [...new Set(parsed.events)],
        secret,
        createdBy: tenant.scope.userId,
      })
      .returning();
    if (!row) throw new Error('createWebhook: insert returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: row.id,
      after: { kind: row.kind, url: row.url, events: row.events },
    });
    return { ...toWebhook(row), secret };
  });
}

export async function listWebhooks(tenant: Tenant, organizationId?: string): Promise<Webhook[]> {
  const organization = await actingOrganization(tenant, organizationId);
  return tenant.transaction(async (tx) =>
    (await tx.select().from(webhooks).where(eq(webhooks.organizationId, organization)).orderBy(desc(webhooks.createdAt))).map(toWebhook),
  );
}

async function reachableWebhook(tenant: Tenant, tx: Parameters<Parameters<Tenant['transaction']>[0]>[0], webhookId: string) {
  const [row] = await tx
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), tenant.where(webhooks.organizationId)));
  tenant.assert(row?.organizationId, 'No such webhook.');
  return row as typeof webhooks.$inferSelect;
}

/** Turns a subscription on (clearing its failures) or off. */
export async function updateWebhook(tenant: Tenant, webhookId: string, input: { enabled: boolean }): Promise<Webhook> {
  return tenant.transaction(async (tx) => {
    const before = await reachableWebhook(tenant, tx, webhookId);
    const [row] = await tx
      .update(webhooks)
      .set(input.enabled ? { disabledAt: null, consecutiveFailures: 0 } : { disabledAt: new Date() })
      .where(eq(webhooks.id, webhookId))
      .returning();
    if (!row) throw new Error('updateWebhook: update returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: input.enabled ? 'webhook.enable' : 'webhook.disable',
      entityType: 'webhook',
      entityId: row.id,
      before: { enabled: before.disabledAt === null },
      after: { enabled: input.enabled },
    });
    return toWebhook(row);
  });
}

export async function listWebhookDeliveries(tenant: Tenant, webhookId: string): Promise<WebhookDelivery[]> {
  return tenant.transaction(async (tx) => {
    await reachableWebhook(tenant, tx, webhookId);
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(100);
    return rows.map(toDelivery);
  });
}

/** 'Redeliver': the same event again, through the queue, with fresh retries. */
export async function redeliverWebhookDelivery(
  tenant: Tenant,
  jobs: Jobs,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return tenant.transaction(async (tx) => {
    await reachableWebhook(tenant, tx, webhookId);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', lastError: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
      .returning();
    tenant.assert(row?.organizationId, 'No such delivery.');
    await jobs.enqueue(tx, 'webhook-delivery', { deliveryId: row.id });
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'webhook_delivery.redeliver',
      entityType: 'webhook_delivery',
      entityId: row.id,
      after: { webhookId, eventType: row.eventType },
    });
    return toDelivery(row);
  });
}
