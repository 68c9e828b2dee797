import { AppError } from '../../app-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueSubscriptionConfirmation } from './billing-mail.ts';
import type { BillingProvider, CheckoutRequest } from './billing-provider.ts';
import {
  MANUAL_PAYMENT_TERMS_DAYS,
  addDays,
  addOneMonth,
  assertNoLiveSubscription,
  createSubscriptionRecords,
  issueInvoice,
  monthlyAmountCents,
  toInvoiceView,
  toSubscriptionView,
} from './billing.service.ts';

/**
 * The default provider: no payment processor. The subscription is active at once, the first
 * month is invoiced (payable by transfer within 30 days) and staff follow up from the admin list.
 */
export function manualBillingProvider(): BillingProvider {
  return {
    kind: 'manual',
    async checkout({ db, userId, input, jobs }: CheckoutRequest) {
      const now = new Date();
      const periodEnd = addOneMonth(now);
      try {
        return await db.transaction(async (tx) => {
          await assertNoLiveSubscription(tx, userId);
          const subscription = await createSubscriptionRecords(tx, {
            userId,
            input,
            provider: 'manual',
            status: 'active',
            periodStart: now,
            periodEnd,
          });
          const invoice = await issueInvoice(tx, {
            subscription,
            amountCents: monthlyAmountCents(input.plan),
            status: 'open',
            issuedAt: now,
            periodStart: now,
            periodEnd,
            dueAt: addDays(now, MANUAL_PAYMENT_TERMS_DAYS),
          });
          await enqueueSubscriptionConfirmation(tx, jobs, subscription, invoice);
          return {
            kind: 'activated' as const,
            subscription: toSubscriptionView(subscription),
            invoice: toInvoiceView(invoice),
          };
        });
      } catch (error) {
        // Two tabs submitting at once: the one-live-subscription index lets only one through.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You already have an active subscription.');
        throw error;
      }
    },
  };
}
