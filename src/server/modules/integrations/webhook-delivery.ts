import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import { DOMAIN_EVENT_LABELS, type DomainEvent } from '../../../shared/schemas/domain-events.ts';
import { WEBHOOK_DISABLE_AFTER } from '../../../shared/schemas/integrations.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations.ts';
import type { DomainEventListener } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { notify } from '../notifications/notifications.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';
import { assertPublicWebhookTarget } from './webhook-target.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * Delivering domain events to subscriptions (docs/integrations.md). A listener writes one delivery row
 * per subscribed, enabled webhook and sends a 'webhook-delivery' job in the same transaction (idempotent on
 * the event id). The job POSTs the payload — signed JSON, or a Slack / Teams message — and throws on
 * anything but 2xx, so pg-boss retries it with backoff; out of retries, the dead letter counts a failure,
 * and WEBHOOK_DISABLE_AFTER failures in a row disable the subscription and notify whoever made it.
 * The log counts every post the receiver may have got: an attempt is recorded before the post is sent
 * and its outcome after, so a post whose sender died before recording the answer (kill -9, an expired
 * job run again) still counts, and reads as unanswered until the next attempt records its own.
 */

const system = { kind: 'all', userId: null } as const;
const TIMEOUT_MS = 10_000;

export function webhookListener(db: Db, jobs: Jobs): DomainEventListener {
  return {
    name: 'webhooks',
    types: '*',
    handle: async (event) => {
      await withTenant(db, system, async (tx) => {
        const subscribed = await tx
          .select({ id: webhooks.id })
          .from(webhooks)
          .where(
            and(
              eq(webhooks.organizationId, event.organizationId),
              isNull(webhooks.disabledAt),
              arrayContains(webhooks.events, [event.type]),
            ),
          );
        for (const webhook of subscribed) {
          const [delivery] = await tx
            .insert(webhookDeliveries)
            .values({ organizationId: event.organizationId, webhookId: webhook.id, eventId: event.id, eventType: event.type, event })
            .onConflictDoNothing()
            .returning({ id: webhookDeliveries.id });
          if (delivery) await jobs.enqueue(tx, 'webhook-delivery', { deliveryId: delivery.id });
        }
      });
    },
  };
}

function summary(event: DomainEvent): string {
  const facts = Object.entries(event.data)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
  return `${DOMAIN_EVENT_LABELS[event.type]}${facts ? ` (${facts})` : ''}`;
}

/** The body each kind of receiver expects. */
export function payloadFor(kind: 'webhook' | 'slack' | 'teams', event: DomainEvent): string {
  if (kind === 'slack') return JSON.stringify({ text: `*ComplianceCore* · ${summary(event)}` });
  if (kind === 'teams') {
    return JSON.stringify({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: DOMAIN_EVENT_LABELS[event.type],
      title: `ComplianceCore · ${DOMAIN_EVENT_LABELS[event.type]}`,
      text: summary(event),
    });
  }
  return JSON.stringify({
    id: event.id,
    type: event.type,
    organizationId: event.organizationId,
    entityId: event.entityId,
    occurredAt: event.occurredAt,
    data: event.data,
  });
}

export interface DeliveryOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: skip the public-address check (tests, a developer's local receiver). */
  allowPrivateTargets: boolean;
  fetcher?: typeof fetch;
}

/** What the log reads for an attempt that was sent and whose answer was never recorded (the sender died). */
export const UNANSWERED_ATTEMPT = 'Sent; no answer was recorded (the delivery stopped before the receiver answered).';

/** One attempt: records it, throws when the receiver did not take it (the queue retries). */
export async function deliverWebhook(
  db: Db,
  deliveryId: string,
  { allowPrivateTargets, fetcher = fetch }: DeliveryOptions,
): Promise<'succeeded' | 'skipped'> {
  const found = await withTenant(db, system, async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, webhook: webhooks })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, deliveryId));
    return row;
  });
  if (!found || found.delivery.status === 'succeeded' || found.webhook.disabledAt) return 'skipped';
  const { webhook, delivery } = found;
  const body = payloadFor(webhook.kind, delivery.event);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'ComplianceCore-Webhooks/1' };
  if (webhook.kind === 'webhook' && webhook.secret) {
    headers[SIGNATURE_HEADER] = signWebhook(webhook.secret, body);
    headers['ComplianceCore-Event'] = delivery.eventType;
    headers['ComplianceCore-Delivery'] = delivery.id;
  }
  let status: number | null = null;
  let error: string | null = null;
  let sent = false;
  try {
    // Resolved and checked right before connecting: the host may point elsewhere since the webhook was made.
    if (!allowPrivateTargets) await assertPublicWebhookTarget(webhook.url);
    // Counted before the post leaves: whatever happens to this process after, the log has the attempt.
    await startDeliveryAttempt(db, deliveryId);
    sent = true;
    const response = await fetcher(webhook.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    status = response.status;
    if (!response.ok) error = `The receiver answered ${response.status}.`;
  } catch (cause) {
    error = cause instanceof Error ? cause.message : 'The receiver could not be reached.';
  }
  await recordDeliveryOutcome(db, deliveryId, { status, error, counted: sent });
  if (error) throw new Error(`webhook delivery ${deliveryId}: ${error}`);
  await withTenant(db, system, (tx) => tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id)));
  return 'succeeded';
}

/** An attempt about to post: counted, and unanswered until its outcome is recorded. */
async function startDeliveryAttempt(db: Db, deliveryId: string): Promise<void> {
  await withTenant(db, system, (tx) =>
    tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, responseStatus: null, lastError: UNANSWERED_ATTEMPT })
      .where(eq(webhookDeliveries.id, deliveryId)),
  );
}

/** An attempt's outcome: the receiver's answer or the error; `counted` false for an attempt refused before its post. */
async function recordDeliveryOutcome(
  db: Db,
  deliveryId: string,
  outcome: { status: number | null; error: string | null; counted: boolean },
): Promise<void> {
  const { status, error, counted } = outcome;
  await withTenant(db, system, (tx) =>
    tx
      .update(webhookDeliveries)
      .set({
        ...(counted ? {} : { attempts: sql`${webhookDeliveries.attempts} + 1` }),
        responseStatus: status,
        lastError: error,
        ...(error ? {} : { status: 'succeeded' as const, deliveredAt: new Date() }),
      })
      .where(eq(webhookDeliveries.id, deliveryId)),
  );
}

/** Out of retries: the delivery failed; enough failures in a row disable the subscription and tell its maker. */
export async function failWebhookDelivery(db: Db, jobs: Jobs, deliveryId: string): Promise<{ disabled: boolean }> {
  return withTenant(db, system, async (tx) => {
    const [delivery] = await tx.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, deliveryId)).returning();
    if (!delivery) return { disabled: false };
    const [webhook] = await tx
      .update(webhooks)
      .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
      .where(eq(webhooks.id, delivery.webhookId))
      .returning();
    if (!webhook || webhook.disabledAt || webhook.consecutiveFailures < WEBHOOK_DISABLE_AFTER) return { disabled: false };
    await tx.update(webhooks).set({ disabledAt: new Date() }).where(eq(webhooks.id, webhook.id));
    await notify(tx, jobs, {
      organizationId: webhook.organizationId,
      userIds: [webhook.createdBy],
      kind: 'integration',
      title: `A webhook was turned off after ${webhook.consecutiveFailures} failed deliveries`,
      body: `${webhook.url} did not accept ${webhook.consecutiveFailures} deliveries in a row (last: ${delivery.lastError ?? 'no answer'}). Fix the receiver, turn the webhook on again and redeliver what it missed.`,
      link: workspaceHref.integrations(),
      sourceKey: `webhook-disabled:${webhook.id}:${delivery.id}`,
    });
    return { disabled: true };
  });
}

export async function startWebhookDeliveryWorker(jobs: JobQueue, db: Db, options: DeliveryOptions): Promise<void> {
  await jobs.work('webhook-delivery', { localConcurrency: 2 }, async (job) => {
    await deliverWebhook(db, job.data.deliveryId, options);
  });
  await jobs.workDeadLetters('webhook-delivery', async (job) => {
    await failWebhookDelivery(db, jobs, job.data.deliveryId);
  });
}
