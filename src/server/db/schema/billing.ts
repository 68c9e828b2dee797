import { sql } from 'drizzle-orm';
import { index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '../../../shared/constants.ts';
import { BILLING_PROVIDERS, SUBSCRIPTION_STATUSES } from '../../../shared/schemas/billing.ts';
import { organizations } from './organizations.ts';

/**
 * Billing. A subscription belongs to the organisation (schema/organizations.ts) and to the user who
 * bought it (product.md §3: user_id).
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    plan: text('plan', { enum: PLAN_IDS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    seats: integer('seats'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    billingName: text('billing_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    billingPhone: text('billing_phone'),
    billingAddress: text('billing_address').notNull(),
    purchaseOrder: text('purchase_order'),
    notes: text('notes'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCheckoutId: text('provider_checkout_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId, table.createdAt),
    index('subscriptions_organization_idx').on(table.organizationId),
    uniqueIndex('subscriptions_provider_subscription_key').on(table.providerSubscriptionId),
    uniqueIndex('subscriptions_provider_checkout_key').on(table.providerCheckoutId),
    // One live subscription per buyer; a new one needs the old one canceled first.
    uniqueIndex('subscriptions_one_live_per_user')
      .on(table.userId)
      .where(sql`${table.status} in ('active', 'past_due')`),
  ],
);

export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;

/** `INV-2026-000042`: numbers come from this sequence so they never repeat or collide. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    providerInvoiceId: text('provider_invoice_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invoices_number_key').on(table.number),
    uniqueIndex('invoices_provider_invoice_key').on(table.providerInvoiceId),
    index('invoices_subscription_idx').on(table.subscriptionId),
  ],
);

/** Webhook events already applied, so a redelivered event is acknowledged and ignored. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
