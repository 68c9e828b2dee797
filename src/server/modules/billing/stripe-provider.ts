import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { SelfServePlanId } from '../../../shared/pricing-plans.ts';
import { AppError } from '../../app-error.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import type { BillingProvider, CheckoutRequest, WebhookRequest } from './billing-provider.ts';
import { assertNoLiveSubscription, createSubscriptionRecords } from './billing.service.ts';
import { applyStripeEvent } from './stripe-webhook.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each self-serve plan. */
  priceIds: Record<SelfServePlanId, string>;
  /** API endpoint overrides (tests point the SDK at a local server). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Seconds a webhook signature stays valid (Stripe's default tolerance is 300). */
  toleranceSeconds?: number;
}

/**
 * Stripe Checkout: the subscription row is created `incomplete`, the buyer pays on Stripe's
 * hosted page, and the signed `checkout.session.completed` webhook activates it. Later
 * `customer.subscription.*` and `invoice.*` events keep status, period and invoices in step.
 */
export function stripeBillingProvider(options: StripeProviderOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(options.api ?? {}),
  });

  return {
    kind: 'stripe',
    async checkout({ db, userId, input, origin }: CheckoutRequest) {
      // No network call inside a transaction: create the pending row, then talk to Stripe.
      const subscription = await db.transaction(async (tx) => {
        await assertNoLiveSubscription(tx, userId);
        return createSubscriptionRecords(tx, { userId, input, provider: 'stripe', status: 'incomplete' });
      });
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: options.priceIds[input.plan], quantity: 1 }],
            customer_email: input.billingContact.email,
            client_reference_id: subscription.id,
            metadata: { subscriptionId: subscription.id, userId, plan: input.plan },
            subscription_data: { metadata: { subscriptionId: subscription.id, userId, plan: input.plan } },
            success_url: `${origin}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${origin}/subscription?plan=${input.plan}&canceled=1`,
          },
          { idempotencyKey: `checkout-${subscription.id}` },
        );
      } catch (error) {
        await db
          .update(subscriptions)
          .set({ status: 'incomplete_expired', updatedAt: new Date() })
          .where(eq(subscriptions.id, subscription.id));
        throw new AppError(
          'UNAVAILABLE',
          `The payment provider could not start checkout (${error instanceof Error ? error.message : 'unknown error'}). Please try again.`,
        );
      }
      if (!session.url) throw new AppError('UNAVAILABLE', 'The payment provider returned no checkout page.');
      await db
        .update(subscriptions)
        .set({ providerCheckoutId: session.id, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscription.id));
      return { kind: 'redirect' as const, url: session.url, subscriptionId: subscription.id };
    },

    async handleWebhook({ db, rawBody, signature, jobs }: WebhookRequest) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, options.toleranceSeconds);
      } catch {
        throw new AppError('BAD_REQUEST', 'Webhook signature verification failed.');
      }
      return applyStripeEvent({ db, jobs, stripe, event });
    },
  };
}
