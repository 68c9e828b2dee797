import { RESPONSE_PROMISE_HOURS } from '../../../shared/constants.ts';
import { describeSeats, formatMonthlyPrice, planById } from '../../../shared/pricing-plans.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import type { subscriptions } from '../../db/schema/billing.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The "your subscription is active" mail to the billing contact, queued in the caller's transaction. */
export async function enqueueSubscriptionConfirmation(
  tx: Db | DbTransaction,
  jobs: Jobs,
  subscription: SubscriptionRow,
  invoice?: { number: string; dueAt: Date | null },
): Promise<void> {
  const plan = planById(subscription.plan);
  const lines = [
    `Hello ${subscription.billingName},`,
    '',
    `Your ComplianceCore ${plan.name} subscription is active (${formatMonthlyPrice(plan)}, ${describeSeats(plan)}).`,
    subscription.currentPeriodEnd ? `The current period runs until ${dateFormat.format(subscription.currentPeriodEnd)}.` : '',
    invoice
      ? `Invoice ${invoice.number} is attached to your account${
          invoice.dueAt ? ` and is payable by bank transfer by ${dateFormat.format(invoice.dueAt)}` : ''
        }.`
      : '',
    '',
    'What happens next:',
    `1. Your onboarding lead contacts you within ${RESPONSE_PROMISE_HOURS} hours to schedule the kick-off call.`,
    '2. Sign in and invite your colleagues to the workspace.',
    '3. Submit your first task request: the agents start at once, and a reviewer checks every deliverable.',
    '',
    'ComplianceCore',
  ].filter((line, index, all) => line !== '' || all[index - 1] !== '');
  await enqueueEmail(tx, jobs, {
    kind: 'billing.subscription-activated',
    to: subscription.billingEmail,
    subject: `Your ComplianceCore ${plan.name} subscription is active`,
    text: lines.join('\n'),
  });
}
