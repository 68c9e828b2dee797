import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { SubscriptionStatus } from '../../../shared/schemas/billing.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { billingEvents, invoices, subscriptions } from '../../db/schema/billing.ts';
import { recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueSubscriptionConfirmation } from './billing-mail.ts';
import type { WebhookOutcome } from './billing-provider.ts';
import { type Executor, issueInvoice } from './billing.service.ts';

const STATUS_FROM_STRIPE: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
  canceled: 'canceled',
};

const INVOICE_STATUS_FROM_STRIPE: Record<string, (typeof invoices.$inferSelect)['status']> = {
  open: 'open',
  paid: 'paid',
  void: 'void',
  uncollectible: 'uncollectible',
};

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success;

/** Current period of a subscription: on its items since API version 2025-03-31. */
function periodOf(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return { start: fromUnix(item?.current_period_start), end: fromUnix(item?.current_period_end) };
}

async function completeCheckout(tx: DbTransaction, jobs: Jobs, session: Stripe.Checkout.Session, remote?: Stripe.Subscription) {
  const ourId = session.client_reference_id ?? session.metadata?.subscriptionId;
  if (!isUuid(ourId)) return;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, ourId));
  if (!row || row.provider !== 'stripe') return;
  const period = remote ? periodOf(remote) : { start: null, end: null };
  const status = remote ? (STATUS_FROM_STRIPE[remote.status] ?? 'incomplete') : 'active';
  const [updated] = await tx
    .update(subscriptions)
    .set({
      status,
      providerCheckoutId: session.id,
      providerSubscriptionId: idOf(session.subscription),
      providerCustomerId: idOf(session.customer),
      currentPeriodStart: period.start ?? row.currentPeriodStart,
      currentPeriodEnd: period.end ?? row.currentPeriodEnd,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  if (updated && status === 'active' && row.status !== 'active') await enqueueSubscriptionConfirmation(tx, jobs, updated);
  await recordSubscriptionChange(tx, row, 'subscription.checkout_complete', { status, providerSubscriptionId: idOf(session.subscription) });
}

/** Stripe's events are applied by the system (no signed-in actor) on the subscription's organization's trail. */
async function recordSubscriptionChange(tx: DbTransaction, row: typeof subscriptions.$inferSelect, action: string, after: unknown) {
  await recordAudit(tx, {
    ...SYSTEM_ORIGIN,
    organizationId: row.organizationId,
    action,
    entityType: 'subscription',
    entityId: row.id,
    before: { status: row.status },
    after,
  });
}

async function findByStripeSubscription(db: Executor, stripeId: string, ourId?: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      isUuid(ourId)
        ? or(eq(subscriptions.providerSubscriptionId, stripeId), eq(subscriptions.id, ourId))
        : eq(subscriptions.providerSubscriptionId, stripeId),
    )
    .limit(1);
  return row?.provider === 'stripe' ? row : undefined;
}

async function syncSubscription(tx: DbTransaction, remote: Stripe.Subscription) {
  const row = await findByStripeSubscription(tx, remote.id, remote.metadata.subscriptionId);
  if (!row) return;
  const status = STATUS_FROM_STRIPE[remote.status] ?? row.status;
  const period = periodOf(remote);
  await tx
    .update(subscriptions)
    .set({
      status,
      providerSubscriptionId: remote.id,
      currentPeriodStart: period.start ?? row.currentPeriodStart,
      currentPeriodEnd: period.end ?? row.currentPeriodEnd,
      canceledAt: status === 'canceled' ? (fromUnix(remote.canceled_at) ?? new Date()) : null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id));
  await recordSubscriptionChange(tx, row, 'subscription.sync', { status, currentPeriodEnd: period.end });
}

async function syncInvoice(tx: DbTransaction, remote: Stripe.Invoice) {
  const stripeSubscriptionId = idOf(remote.parent?.subscription_details?.subscription);
  const status = INVOICE_STATUS_FROM_STRIPE[remote.status ?? ''];
  if (!stripeSubscriptionId || !status || !remote.id) return;
  const row = await findByStripeSubscription(tx, stripeSubscriptionId);
  if (!row) return;
  const paidAt = fromUnix(remote.status_transitions.paid_at);
  const [existing] = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, remote.id));
  await recordSubscriptionChange(tx, row, 'subscription.invoice_sync', { invoice: remote.id, invoiceStatus: status });
  if (existing) {
    await tx.update(invoices).set({ status, paidAt, updatedAt: new Date() }).where(eq(invoices.id, existing.id));
    return;
  }
  await issueInvoice(tx, {
    subscription: row,
    amountCents: remote.amount_due,
    currency: remote.currency,
    status,
    issuedAt: fromUnix(remote.created) ?? new Date(),
    periodStart: fromUnix(remote.period_start),
    periodEnd: fromUnix(remote.period_end),
    dueAt: fromUnix(remote.due_date),
    paidAt,
    number: remote.number,
    providerInvoiceId: remote.id,
  });
}

/**
 * Applies one verified event exactly once: the event id is recorded in the same transaction as
 * its effects, so a redelivery is acknowledged without being applied twice.
 */
export async function applyStripeEvent({
  db,
  jobs,
  stripe,
  event,
}: {
  db: Db;
  jobs: Jobs;
  stripe: Stripe;
  event: Stripe.Event;
}): Promise<WebhookOutcome> {
  // Anything fetched from Stripe is fetched before the transaction opens.
  let remoteSubscription: Stripe.Subscription | undefined;
  if (event.type === 'checkout.session.completed') {
    const subscriptionId = idOf(event.data.object.subscription);
    if (subscriptionId) remoteSubscription = await stripe.subscriptions.retrieve(subscriptionId);
  }
  const duplicate = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return true;
    switch (event.type) {
      case 'checkout.session.completed':
        await completeCheckout(tx, jobs, event.data.object, remoteSubscription);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await syncSubscription(tx, event.data.object);
        break;
      case 'invoice.finalized':
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible':
        await syncInvoice(tx, event.data.object);
        break;
      default:
        break; // acknowledged, not needed
    }
    return false;
  });
  return { eventId: event.id, type: event.type, duplicate };
}
