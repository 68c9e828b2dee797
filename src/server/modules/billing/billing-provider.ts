import type { BillingProviderKind, CheckoutResponse, SubscribeInput } from '../../../shared/schemas/billing.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

/**
 * How a subscription gets paid for. `manual` activates at once and keeps an invoice for bank
 * transfer; `stripe` hands the buyer to Stripe Checkout and activates on its signed webhook.
 */
export interface CheckoutRequest {
  db: Db;
  userId: string;
  input: SubscribeInput;
  /** The site's public origin, for the links a provider sends the buyer back to. */
  origin: string;
  /** The confirmation mail's delivery job is sent in the activation's transaction. */
  jobs: Jobs;
}

export interface WebhookRequest {
  db: Db;
  rawBody: Buffer;
  signature: string | undefined;
  jobs: Jobs;
}

export interface WebhookOutcome {
  eventId: string;
  type: string;
  /** The event was delivered before and has already been applied. */
  duplicate: boolean;
}

export interface BillingProvider {
  kind: BillingProviderKind;
  checkout(request: CheckoutRequest): Promise<CheckoutResponse>;
  /** Verifies and applies a provider webhook; absent when the provider has none. */
  handleWebhook?(request: WebhookRequest): Promise<WebhookOutcome>;
}
