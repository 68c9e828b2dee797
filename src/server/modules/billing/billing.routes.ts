import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSubscriptionListSchema,
  checkSubscriptionResponseSchema,
  checkoutResponseSchema,
  subscribeInputSchema,
} from '../../../shared/schemas/billing.ts';
import { AppError } from '../../app-error.ts';
import type { Env } from '../../env.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { BillingProvider } from './billing-provider.ts';
import { findLiveSubscription, listSubscriptionsForStaff } from './billing.service.ts';
import { manualBillingProvider } from './manual-provider.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** The provider BILLING_PROVIDER names; a half-configured Stripe refuses to start. */
export async function billingProviderFromEnv(env: Env): Promise<BillingProvider> {
  if (env.BILLING_PROVIDER === 'manual') return manualBillingProvider();
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ESSENTIAL, STRIPE_PRICE_GROWTH, STRIPE_PRICE_SCALE } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_ESSENTIAL || !STRIPE_PRICE_GROWTH || !STRIPE_PRICE_SCALE) {
    throw new Error(
      'BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ESSENTIAL, STRIPE_PRICE_GROWTH and STRIPE_PRICE_SCALE.',
    );
  }
  // Stripe's SDK (~16 MB resident) loads only when Stripe is the provider.
  const { stripeBillingProvider } = await import('./stripe-provider.ts');
  return stripeBillingProvider({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    priceIds: { essential: STRIPE_PRICE_ESSENTIAL, growth: STRIPE_PRICE_GROWTH, scale: STRIPE_PRICE_SCALE },
  });
}

/**
 * Checkout (`POST /api/v1/billing/checkout`), the spec's `check-subscription` function, the
 * staff list of subscriptions and invoices, and the Stripe webhook.
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (4 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export async function registerBillingRoutes(app: FastifyInstance, options: { provider?: BillingProvider } = {}): Promise<void> {
  const provider = options.provider ?? (await billingProviderFromEnv(app.env));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v1/billing/checkout',
    {
      schema: {
        body: subscribeInputSchema,
        response: { 200: checkoutResponseSchema, 201: checkoutResponseSchema },
        tags: ['billing'],
        operationId: 'createSubscription',
        summary: 'Start a subscription: activated at once (manual billing) or a Stripe Checkout page to open',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'signedIn', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await provider.checkout({
        db: app.database.db,
        userId: user.userId,
        input: request.body,
        origin: app.publicOrigin(request),
        jobs: app.jobs,
      });
      return reply.status(result.kind === 'activated' ? 201 : 200).send(result);
    },
  );

  typed.get(
    '/api/v1/admin/billing/subscriptions',
    {
      schema: {
        response: { 200: adminSubscriptionListSchema },
        tags: ['billing'],
        operationId: 'listSubscriptions',
        summary: 'Every subscription with its organisation and invoices (administrators only)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'administer' },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { subscriptions: await listSubscriptionsForStaff(app.database.db) };
    },
  );

  await app.register(async (scope) => {
    // supabase-js `functions.invoke` may send an empty JSON body; treat it as `{}`.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body.trim() : '';
      if (!text) return done(null, {});
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        done(new AppError('BAD_REQUEST', 'The request body is not valid JSON.'), undefined);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/functions/v1/check-subscription',
      {
        schema: {
          response: { 200: checkSubscriptionResponseSchema },
          tags: ['billing'],
          operationId: 'getMySubscription',
          summary: "The signed-in user's own subscription, or null",
          security: [{ bearerAuth: [] }],
        },
        config: { access: 'signedIn', rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        reply.headers(noStore);
        return { subscription: await findLiveSubscription(app.database.db, user.userId) };
      },
    );
  });

  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent, so this route keeps the raw body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/billing/stripe/webhook',
      {
        schema: {
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          tags: ['billing'],
          operationId: 'receiveStripeWebhook',
          summary: 'Stripe webhook endpoint (verified with STRIPE_WEBHOOK_SECRET)',
        },
        // Public, and proven by Stripe's signature over the raw body instead.
        config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      },
      async (request) => {
        if (!provider.handleWebhook) throw new AppError('NOT_FOUND', 'Stripe billing is not configured on this server.');
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json.');
        const signature = request.headers['stripe-signature'];
        const outcome = await provider.handleWebhook({
          db: app.database.db,
          rawBody: request.body,
          signature: typeof signature === 'string' ? signature : undefined,
          jobs: app.jobs,
        });
        return { received: true as const, duplicate: outcome.duplicate };
      },
    );
  });
}
