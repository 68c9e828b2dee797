import { useLocation, useSearchParams } from 'react-router';
import { describeSeats, formatMonthlyPrice, planById } from '../../../../shared/pricing-plans.ts';
import type { SubscriptionView } from '../../../../shared/schemas/billing.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { useOwnSubscription } from '../api/own-subscription.ts';
import type { ActivatedState } from './subscription-form.tsx';

/** /subscription-success's account part for someone signed in: what was bought, from check-subscription. */

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

function Purchase({ subscription, invoice }: { subscription: SubscriptionView; invoice: ActivatedState | null }) {
  const plan = planById(subscription.plan);
  const rows: [string, string][] = [
    ['Plan', `${plan.name} — ${formatMonthlyPrice(plan)}`],
    ['Status', subscription.status === 'active' ? 'Active' : subscription.status.replace('_', ' ')],
    ['Seats', describeSeats({ seats: subscription.seats })],
    ['Current period', `${formatDate(subscription.currentPeriodStart)} – ${formatDate(subscription.currentPeriodEnd)}`],
  ];
  if (invoice) {
    rows.push(['First invoice', `${invoice.invoiceNumber}${invoice.invoiceDueAt ? `, due ${formatDate(invoice.invoiceDueAt)}` : ''}`]);
  }
  return (
    <section aria-labelledby="purchase-heading" className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h2 id="purchase-heading" className="text-xl font-semibold">
        What you bought
      </h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium" data-testid={`purchase-${term.toLowerCase().replaceAll(' ', '-')}`}>
              {detail}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PurchaseStatus() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const isStripeReturn = params.has('session_id');
  const own = useOwnSubscription(user?.id ?? null, { waitForActivation: isStripeReturn });
  const invoice = (location.state as ActivatedState | null) ?? null;

  if (isLoading || own.isPending) return <Spinner label="Loading your subscription" className="justify-start px-0" />;
  const subscription = own.data?.subscription;
  if (!subscription) {
    return (
      <p role="status" className="rounded-2xl border border-border bg-card p-6 text-sm text-muted-foreground">
        {isStripeReturn
          ? 'We are confirming your payment with Stripe. This page updates by itself, usually within a few seconds.'
          : 'We could not find an active subscription on this account yet.'}
      </p>
    );
  }
  return <Purchase subscription={subscription} invoice={invoice} />;
}
