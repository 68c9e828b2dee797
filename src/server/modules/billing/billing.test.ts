import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { invoices, subscriptions } from '../../db/schema/billing.ts';
import { organizationMembers, organizations } from '../../db/schema/organizations.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { addOneMonth } from './billing.service.ts';
import { growthOrder } from '../../../../tests/fixtures/billing-order.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { meAccessSchema } from '../../../shared/schemas/access.ts';
import {
  activatedCheckoutSchema,
  adminSubscriptionListSchema,
  checkSubscriptionResponseSchema,
  subscriptionSchema,
} from '../../../shared/schemas/billing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function app(): Promise<FastifyInstance> {
  const instance = await buildApp({ database });
  onTestFinished(() => instance.close());
  return instance;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 24 * 60 * 60 * 1000;
/** check-subscription for a user who has one. */
const activeSubscriptionSchema = checkSubscriptionResponseSchema.extend({ subscription: subscriptionSchema });

/** POST /api/v1/billing/checkout as the holder of `token` (the Growth order unless another is given). */
function checkout(server: FastifyInstance, token: string, payload: object = growthOrder) {
  return server.inject({ method: 'POST', url: '/api/v1/billing/checkout', headers: bearer(token), payload });
}

async function accessOf(server: FastifyInstance, token: string) {
  return readJson(await server.inject({ method: 'GET', url: '/api/v1/me/access', headers: bearer(token) }), meAccessSchema);
}

async function checkSubscription(server: FastifyInstance, token?: string) {
  return server.inject({
    method: 'POST',
    url: '/functions/v1/check-subscription',
    headers: token ? bearer(token) : {},
  });
}

describe('manual billing: POST /api/v1/billing/checkout', () => {
  it('creates the organisation, owner membership and an active subscription, keeps an invoice and mails the billing contact', async () => {
    const server = await app();
    const buyer = await createTestUser(server);
    const before = Date.now();
    const response = await checkout(server, buyer.accessToken);
    expect(response.statusCode).toBe(201);
    const body = readJson(response, activatedCheckoutSchema);
    expect(body.kind).toBe('activated');
    expect(body.subscription).toMatchObject({ plan: 'growth', status: 'active', seats: 15 });
    const start = new Date(body.subscription.currentPeriodStart ?? '');
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.subscription.currentPeriodEnd).toBe(addOneMonth(start).toISOString());
    expect(body.invoice).toMatchObject({ amountCents: 500_000, currency: 'usd', status: 'open' });
    expect(body.invoice.number).toMatch(new RegExp(`^INV-${start.getUTCFullYear()}-\\d{6}$`));
    expect(new Date(body.invoice.dueAt ?? '').getTime() - new Date(body.invoice.issuedAt).getTime()).toBe(30 * DAY_MS);

    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, body.subscription.id));
    expect(row).toMatchObject({
      userId: buyer.userId,
      provider: 'manual',
      billingName: 'Ada Lovelace',
      billingEmail: 'billing@acme.example',
      purchaseOrder: 'PO-7781',
      notes: 'SOC 2 Type I before our Q3 enterprise deal.',
    });
    const [organization] = await database.db.select().from(organizations).where(eq(organizations.id, row!.organizationId));
    expect(organization).toMatchObject({
      name: 'Acme Analytics GmbH',
      website: 'https://acme.example',
      size: '51-200',
      country: 'Germany',
    });
    const members = await database.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, row!.organizationId));
    expect(members.map((member) => [member.userId, member.role])).toEqual([[buyer.userId, 'owner']]);
    const invoiceRows = await database.db.select().from(invoices).where(eq(invoices.subscriptionId, row!.id));
    expect(invoiceRows.map((invoice) => invoice.number)).toEqual([body.invoice.number]);

    const mails = await database.db.select().from(outboundEmails).where(eq(outboundEmails.kind, 'billing.subscription-activated'));
    const mail = mails.find((candidate) => candidate.textBody.includes(body.invoice.number));
    expect(mail?.toAddress).toBe('billing@acme.example');
    expect(mail?.subject).toBe('Your ComplianceCore Growth subscription is active');

    const checked = await checkSubscription(server, buyer.accessToken);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ subscription: body.subscription });
  });

  it('makes a client buyer their organization’s client manager: they invite colleagues and manage integrations', async () => {
    const server = await app();
    const buyer = await createTestUser(server);
    expect((await accessOf(server, buyer.accessToken)).roles).toEqual(['client']);

    const order = await checkout(server, buyer.accessToken);
    const { subscription } = readJson(order, activatedCheckoutSchema);
    const access = await accessOf(server, buyer.accessToken);
    expect(access.roles).toEqual(expect.arrayContaining(['client', 'client_manager']));
    expect(access.userType).toBe('client');

    const organizationId = subscription.organizationId;
    const invited = await server.inject({
      method: 'POST',
      url: `/api/v1/organizations/${organizationId}/members`,
      headers: bearer(buyer.accessToken),
      payload: { email: 'colleague@acme.example' },
    });
    expect(invited.statusCode).toBe(201);
    const keys = await server.inject({
      method: 'GET',
      url: `/api/v1/integrations/api-keys?organizationId=${organizationId}`,
      headers: bearer(buyer.accessToken),
    });
    expect(keys.statusCode).toBe(200);
  });

  it('leaves a staff buyer’s roles as they were (client manager is a client’s role)', async () => {
    const server = await app();
    const staff = await createTestUser(server);
    await ensureProfile(database.db, { userId: staff.userId, userType: 'staff' });
    await grantRole(database.db, { userId: staff.userId, role: 'consultant' });
    const order = await checkout(server, staff.accessToken);
    expect(order.statusCode).toBe(201);
    expect((await accessOf(server, staff.accessToken)).roles).toEqual(['consultant']);
  });

  it('refuses a second live subscription for the same user with 409', async () => {
    const server = await app();
    const buyer = await createTestUser(server);
    const first = await checkout(server, buyer.accessToken);
    expect(first.statusCode).toBe(201);
    const second = await checkout(server, buyer.accessToken, { ...growthOrder, plan: 'scale' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'You already have an active Growth subscription. Contact support to change plans.' },
    });
  });

  it('lets only one of two simultaneous orders through', async () => {
    const server = await app();
    const buyer = await createTestUser(server);
    const statuses = (await Promise.all([checkout(server, buyer.accessToken), checkout(server, buyer.accessToken)]))
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([201, 409]);
    expect(await database.db.$count(subscriptions, eq(subscriptions.userId, buyer.userId))).toBe(1);
  });

  it('answers 401 without a token and 400 with the field problems for a bad order', async () => {
    const server = await app();
    const anonymous = await server.inject({ method: 'POST', url: '/api/v1/billing/checkout', payload: growthOrder });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await createTestUser(server);
    const bad = await server.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: bearer(buyer.accessToken),
      payload: {
        ...growthOrder,
        plan: 'enterprise',
        acceptTerms: false,
        billingContact: { ...growthOrder.billingContact, email: 'nope' },
      },
    });
    expect(bad.statusCode).toBe(400);
    const issues = readJson(bad, errorBodySchema).error;
    expect(issues.code).toBe('VALIDATION_FAILED');
    expect(issues.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.plan', message: 'Choose Essential, Growth or Scale' },
        { path: 'body.acceptTerms', message: 'Accept the terms of service to continue' },
        { path: 'body.billingContact.email', message: 'Please enter a valid email address' },
      ]),
    );
    expect(await database.db.$count(subscriptions, eq(subscriptions.userId, buyer.userId))).toBe(0);
  });
});

describe('POST /functions/v1/check-subscription', () => {
  it('returns null for a user without a subscription, never another user’s, and 401 without a valid token', async () => {
    const server = await app();
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const bought = await checkout(server, owner.accessToken);
    expect(bought.statusCode).toBe(201);

    const mine = await checkSubscription(server, owner.accessToken);
    expect(readJson(mine, activeSubscriptionSchema).subscription.id).toBe(readJson(bought, activatedCheckoutSchema).subscription.id);
    const theirs = await checkSubscription(server, other.accessToken);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ subscription: null });
    expect(theirs.headers['cache-control']).toBe('private, no-store');

    // Whatever the body says, only the token decides whose subscription is read.
    const smuggled = await server.inject({
      method: 'POST',
      url: '/functions/v1/check-subscription',
      headers: bearer(other.accessToken),
      payload: { userId: owner.userId, user_id: owner.userId },
    });
    expect(smuggled.json()).toEqual({ subscription: null });

    const none = await checkSubscription(server);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const forged = await checkSubscription(server, 'not-a-jwt');
    expect(forged.statusCode).toBe(401);
    const anonKey = await checkSubscription(server, server.authKeys.anonKey);
    expect(anonKey.statusCode).toBe(401);
  });

  it('accepts an empty body, as supabase-js functions.invoke may send one', async () => {
    const server = await app();
    const user = await createTestUser(server);
    const response = await server.inject({
      method: 'POST',
      url: '/functions/v1/check-subscription',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscription: null });
  });
});

describe('GET /api/v1/admin/billing/subscriptions', () => {
  it('lists subscriptions with their invoices for administrators only', async () => {
    const server = await app();
    const buyer = await createTestUser(server);
    const bought = await checkout(server, buyer.accessToken);
    const id = readJson(bought, activatedCheckoutSchema).subscription.id;

    const asClient = await server.inject({ method: 'GET', url: '/api/v1/admin/billing/subscriptions', headers: bearer(buyer.accessToken) });
    expect(asClient.statusCode).toBe(403);

    const staff = await createTestUser(server);
    await grantRole(database.db, { userId: staff.userId, role: 'administrator' });
    const asAdmin = await server.inject({ method: 'GET', url: '/api/v1/admin/billing/subscriptions', headers: bearer(staff.accessToken) });
    expect(asAdmin.statusCode).toBe(200);
    const listed = readJson(asAdmin, adminSubscriptionListSchema).subscriptions.find((subscription) => subscription.id === id);
    expect(listed).toMatchObject({ userId: buyer.userId, organizationName: 'Acme Analytics GmbH', provider: 'manual' });
    expect(listed?.invoices).toEqual([expect.objectContaining({ amountCents: 500_000, status: 'open' })]);
  });
});
