import { ArrowRight, CalendarCheck, ClipboardList, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import { describeSeats, formatMonthlyPrice, planById } from '../../../../shared/pricing-plans.ts';
import type { SubscriptionView } from '../../../../shared/schemas/billing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { signInPathFor } from '../../auth/route-guard.tsx';
import { useOwnSubscription } from '../api/own-subscription.ts';
import type { ActivatedState } from './subscription-form.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

const NEXT_STEPS = [
  {
    icon: CalendarCheck,
    title: 'Kick-off call',
    text: `Your onboarding lead e-mails you within ${RESPONSE_PROMISE_HOURS} hours to book a 45-minute kick-off: scope, systems, deadlines and who approves what.`,
  },
  {
    icon: UserPlus,
    title: 'Invite your team',
    text: 'Add the colleagues who own engineering, HR and IT evidence, so requests reach the right person.',
  },
  {
    icon: ClipboardList,
    title: 'Submit your first task request',
    text: 'Start with the gap assessment or anything already on your desk. Agents begin at once; a reviewer checks every deliverable.',
  },
];

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

function PurchaseStatus() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const isStripeReturn = params.has('session_id');
  const own = useOwnSubscription(user?.id ?? null, { waitForActivation: isStripeReturn });
  const invoice = (location.state as ActivatedState | null) ?? null;

  if (isLoading || (user && own.isPending)) return <Spinner label="Loading your subscription" className="justify-start px-0" />;
  if (!user) {
    return (
      <p className="rounded-2xl border border-border bg-card p-6 text-sm text-muted-foreground">
        <Link to={signInPathFor('/subscription-success')} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        to see the details of your subscription.
      </p>
    );
  }
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

/** /subscription-success: what was bought (from check-subscription) and what happens next. */
export function SubscriptionSuccess() {
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1fr] lg:items-start">
      {isHydrated ? <PurchaseStatus /> : <Spinner label="Loading your subscription" className="justify-start px-0" />}
      <section aria-labelledby="next-steps-heading">
        <h2 id="next-steps-heading" className="text-xl font-semibold">
          What happens next
        </h2>
        <ol className="mt-4 grid gap-5">
          {NEXT_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">
                  {index + 1}. {title}
                </h3>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/dashboard-compliancecore">
              Go to your dashboard <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/task-requests">Submit a task request</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
