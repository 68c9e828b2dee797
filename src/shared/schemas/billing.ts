import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { emailPatternSchema } from '../rules/email-schema.ts';
import { PLAN_IDS, MAX_INPUT_LENGTH } from '../constants.ts';
import { SELF_SERVE_PLAN_IDS } from '../pricing-plans.ts';

/** Subscriptions, checkout and check-subscription: one schema for the form and the server. */

export const COMPANY_SIZES = ['1-50', '51-200', '201-500', '501-2000', '2000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'incomplete_expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PROVIDERS = ['manual', 'stripe'] as const;
export type BillingProviderKind = (typeof BILLING_PROVIDERS)[number];

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const subscribeInputSchema = z.object({
  plan: z.enum(SELF_SERVE_PLAN_IDS, { error: 'Choose Essential, Growth or Scale' }),
  company: z.object({
    name: text('Company name', 2, 200),
    website: z
      .string()
      .trim()
      .max(300, 'Website must be at most 300 characters')
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full address, like https://example.com' }).optional()),
    size: z.enum(COMPANY_SIZES, { error: 'Choose your company size' }),
    country: text('Country', 2, 100),
  }),
  billingContact: z.object({
    name: text('Billing contact name', 2, 200),
    email: z
      .string({ error: 'Billing e-mail is required' })
      .trim()
      .min(1, 'Billing e-mail is required')
      .max(EMAIL_MAX_LENGTH, `Billing e-mail must be at most ${EMAIL_MAX_LENGTH} characters`)
      .pipe(emailPatternSchema),
    phone: optionalText('Phone', 40),
    address: text('Billing address', 5, 500),
    purchaseOrder: optionalText('Purchase order number', 100),
  }),
  notes: optionalText('Notes', MAX_INPUT_LENGTH),
  // A boolean the form can start unticked; only `true` passes.
  acceptTerms: z
    .boolean({ error: 'Accept the terms of service to continue' })
    .refine((value) => value, 'Accept the terms of service to continue'),
});
/** What the form holds before validation (the terms box starts unticked). */
export type SubscribeFormValues = z.input<typeof subscribeInputSchema>;
export type SubscribeInput = z.output<typeof subscribeInputSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime({ offset: true }).nullable(),
  currentPeriodEnd: z.iso.datetime({ offset: true }).nullable(),
  seats: z.number().int().nullable(),
  organizationId: z.uuid(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

/** `POST /functions/v1/check-subscription`: the signed-in user's own subscription, or none. */
export const checkSubscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type CheckSubscriptionResponse = z.infer<typeof checkSubscriptionResponseSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'void', 'uncollectible']),
  issuedAt: z.iso.datetime({ offset: true }),
  dueAt: z.iso.datetime({ offset: true }).nullable(),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

/** Manual billing activates at once; Stripe sends the buyer to its hosted checkout first. */
export const activatedCheckoutSchema = z.object({ kind: z.literal('activated'), subscription: subscriptionSchema, invoice: invoiceSchema });
export const redirectCheckoutSchema = z.object({ kind: z.literal('redirect'), url: z.url(), subscriptionId: z.uuid() });
export const checkoutResponseSchema = z.discriminatedUnion('kind', [activatedCheckoutSchema, redirectCheckoutSchema]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** Staff view of every subscription (admin only). */
export const adminSubscriptionSchema = subscriptionSchema.extend({
  userId: z.uuid(),
  provider: z.enum(BILLING_PROVIDERS),
  organizationName: z.string(),
  billingEmail: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  invoices: z.array(invoiceSchema),
});
export const adminSubscriptionListSchema = z.object({ subscriptions: z.array(adminSubscriptionSchema) });
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
