import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { planById } from '../../../shared/pricing-plans.ts';
import type {
  AdminSubscription,
  BillingProviderKind,
  InvoiceView,
  SubscribeInput,
  SubscriptionStatus,
  SubscriptionView,
} from '../../../shared/schemas/billing.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { profiles } from '../../db/schema/access.ts';
import { invoiceNumberSequence, invoices, subscriptions } from '../../db/schema/billing.ts';
import { organizationMembers, organizations } from '../../db/schema/organizations.ts';
import { grantRole } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { foundOrganization } from '../organizations/organization-records.ts';

/** The database, or a transaction on it. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/** Statuses that give a customer a working subscription; only these are returned to the user. */
export const LIVE_STATUSES = ['active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Manual invoices are payable by bank transfer within 30 days. */
export const MANUAL_PAYMENT_TERMS_DAYS = 30;

/** Same day next month, clamped to the month's last day (31 Jan → 28/29 Feb). */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    seats: row.seats,
    organizationId: row.organizationId,
  };
}

export function toInvoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
  };
}

export async function assertNoLiveSubscription(db: Executor, userId: string): Promise<void> {
  const [live] = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)))
    .limit(1);
  if (live) {
    throw new AppError('CONFLICT', `You already have an active ${planById(live.plan).name} subscription. Contact support to change plans.`);
  }
}

export interface CreateSubscriptionRecordsInput {
  userId: string;
  input: SubscribeInput;
  provider: BillingProviderKind;
  status: SubscriptionStatus;
  periodStart?: Date;
  periodEnd?: Date;
}

/**
 * The buyer runs their company's side of the account: a client who buys becomes their organization's
 * client manager (invites colleagues, sees billing, manages integrations: docs/tenancy.md). The grant
 * only adds a role, so a client an administrator already raised keeps what they hold; a staff account
 * keeps staff roles only (user roles are not per organization, and client_manager would be a
 * client's role on our own staff).
 */
async function makeBuyerClientManager(db: Executor, userId: string): Promise<void> {
  const [profile] = await db.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.userId, userId));
  if (profile?.userType === 'staff') return;
  await grantRole(db, { userId, role: 'client_manager' });
}

/**
 * The organisation, its owner membership (the buyer, made client manager) and the subscription, in
 * the caller's transaction.
 */
export async function createSubscriptionRecords(
  db: DbTransaction,
  { userId, input, provider, status, periodStart, periodEnd }: CreateSubscriptionRecordsInput,
): Promise<SubscriptionRow> {
  const organization = await foundOrganization(
    db,
    { name: input.company.name, website: input.company.website, size: input.company.size, country: input.company.country },
    userId,
  );
  await makeBuyerClientManager(db, userId);
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId,
      organizationId: organization.id,
      plan: input.plan,
      status,
      provider,
      seats: planById(input.plan).seats,
      currentPeriodStart: periodStart ?? null,
      currentPeriodEnd: periodEnd ?? null,
      billingName: input.billingContact.name,
      billingEmail: input.billingContact.email,
      billingPhone: input.billingContact.phone ?? null,
      billingAddress: input.billingContact.address,
      purchaseOrder: input.billingContact.purchaseOrder ?? null,
      notes: input.notes ?? null,
    })
    .returning();
  if (!subscription) throw new Error('createSubscriptionRecords: subscription insert returned nothing');
  // The buyer acts (the audit trail, docs/audit.md): one entry for the organisation and its subscription.
  await recordAudit(db, {
    actor: userId,
    organizationId: organization.id,
    action: 'subscription.create',
    entityType: 'subscription',
    entityId: subscription.id,
    after: { plan: subscription.plan, status: subscription.status, provider: subscription.provider, organizationName: input.company.name },
  });
  return subscription;
}

export async function nextInvoiceNumber(db: Executor, issuedAt: Date): Promise<string> {
  // Both drivers answer `{ rows }`; drizzle's shared type does not know which driver it has.
  const result = (await db.execute(sql`select nextval(${sql.raw(`'${invoiceNumberSequence.seqName}'`)}) as value`)) as {
    rows: { value: string | number }[];
  };
  const value = Number(result.rows[0]?.value);
  if (!Number.isSafeInteger(value)) throw new Error('nextInvoiceNumber: the sequence returned nothing');
  return `INV-${issuedAt.getUTCFullYear()}-${String(value).padStart(6, '0')}`;
}

export interface IssueInvoiceInput {
  subscription: Pick<SubscriptionRow, 'id' | 'organizationId'>;
  amountCents: number;
  currency?: string;
  status: InvoiceRow['status'];
  issuedAt?: Date;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  dueAt?: Date | null;
  paidAt?: Date | null;
  /** The provider's own number, when it has one (Stripe); ours otherwise. */
  number?: string | null;
  providerInvoiceId?: string | null;
}

export async function issueInvoice(db: Executor, input: IssueInvoiceInput): Promise<InvoiceRow> {
  const issuedAt = input.issuedAt ?? new Date();
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: input.number ?? (await nextInvoiceNumber(db, issuedAt)),
      subscriptionId: input.subscription.id,
      organizationId: input.subscription.organizationId,
      amountCents: input.amountCents,
      currency: input.currency ?? 'usd',
      status: input.status,
      issuedAt,
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      dueAt: input.dueAt ?? null,
      paidAt: input.paidAt ?? null,
      providerInvoiceId: input.providerInvoiceId ?? null,
    })
    .returning();
  if (!invoice) throw new Error('issueInvoice: insert returned nothing');
  return invoice;
}

/**
 * The live subscription the user works under (product.md §7 check-subscription, 'Use plan'): a
 * subscription belongs to the organization, not to the buyer (docs/tenancy.md), so it is the user's own
 * or that of an organization they are a member of (an invited colleague's). The user's own comes first;
 * never that of an organization the user does not belong to.
 */
export async function findLiveSubscription(db: Db, userId: string): Promise<SubscriptionView | null> {
  const memberOf = db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, LIVE_STATUSES),
        or(eq(subscriptions.userId, userId), inArray(subscriptions.organizationId, memberOf)),
      ),
    )
    .orderBy(sql`${subscriptions.userId} = ${userId} desc`, desc(subscriptions.createdAt))
    .limit(1);
  return row ? toSubscriptionView(row) : null;
}

/** Every subscription with its organisation and invoices, newest first, for staff. */
export async function listSubscriptionsForStaff(db: Db, limit = 200): Promise<AdminSubscription[]> {
  const rows = await db
    .select({ subscription: subscriptions, organizationName: organizations.name })
    .from(subscriptions)
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit);
  const ids = rows.map((row) => row.subscription.id);
  const invoiceRows = ids.length
    ? await db.select().from(invoices).where(inArray(invoices.subscriptionId, ids)).orderBy(desc(invoices.issuedAt))
    : [];
  return rows.map(({ subscription, organizationName }) => ({
    ...toSubscriptionView(subscription),
    userId: subscription.userId,
    provider: subscription.provider,
    organizationName,
    billingEmail: subscription.billingEmail,
    createdAt: subscription.createdAt.toISOString(),
    invoices: invoiceRows.filter((invoice) => invoice.subscriptionId === subscription.id).map(toInvoiceView),
  }));
}

export function monthlyAmountCents(plan: SubscribeInput['plan']): number {
  const price = planById(plan).monthlyPriceUsd;
  if (price === null) throw new AppError('BAD_REQUEST', 'This plan is priced in a consultation.');
  return price * 100;
}

/** The organization is being erased (offboarding): its subscriptions go first, in the caller's transaction. */
export async function deleteOrganizationSubscriptions(db: Executor, organizationId: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.organizationId, organizationId));
}
