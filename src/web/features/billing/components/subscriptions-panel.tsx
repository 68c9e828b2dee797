import { DisclosureButton } from '../../../components/ui/disclosure-button.tsx';
import { useId, useState } from 'react';
import { SUBSCRIPTION_STATUSES, type AdminSubscription, type SubscriptionStatus } from '../../../../shared/schemas/billing.ts';
import { PLAN_IDS, type PlanId } from '../../../../shared/constants.ts';
import { planById } from '../../../../shared/pricing-plans.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminSubscriptions } from '../api/admin-subscriptions.ts';

const day = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '—';
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const statusLabel = (status: SubscriptionStatus) => status.replaceAll('_', ' ');

function SubscriptionDetail({ subscription }: { subscription: AdminSubscription }) {
  const rows: [string, string][] = [
    ['Billing e-mail', subscription.billingEmail],
    ['Provider', subscription.provider],
    ['Created', day(subscription.createdAt)],
    ['Current period', `${day(subscription.currentPeriodStart)} – ${day(subscription.currentPeriodEnd)}`],
    ['Seats', subscription.seats === null ? 'Unlimited' : String(subscription.seats)],
  ];
  return (
    <div className="grid gap-4 border-t border-border p-4 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="font-semibold">Invoices</h4>
        {subscription.invoices.length === 0 ? (
          <p className="text-muted-foreground">No invoices yet.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {subscription.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap gap-2">
                <span className="font-medium">{invoice.number}</span>
                <span>{money(invoice.amountCents, invoice.currency)}</span>
                <span className="text-muted-foreground">issued {day(invoice.issuedAt)}</span>
                <Badge tone={invoice.status === 'paid' ? 'green' : invoice.status === 'open' ? 'yellow' : 'neutral'}>
                  {invoice.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function SubscriptionRow({ subscription }: { subscription: AdminSubscription }) {
  const [isOpen, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li>
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">{subscription.organizationName}</p>
          <p className="wrap-anywhere text-sm text-muted-foreground">
            {planById(subscription.plan).name} plan · {subscription.billingEmail} · since {day(subscription.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={subscription.status === 'active' ? 'green' : 'yellow'}>{statusLabel(subscription.status)}</Badge>
          <DisclosureButton isOpen={isOpen} name={subscription.organizationName} controls={detailId} onToggle={() => setOpen(!isOpen)} />
        </div>
      </div>
      <div id={detailId}>{isOpen ? <SubscriptionDetail subscription={subscription} /> : null}</div>
    </li>
  );
}

/** Subscriptions for administrators: filter by status, plan or text, and open one for its billing and invoices. */
export function SubscriptionsPanel() {
  const subscriptions = useAdminSubscriptions();
  const [status, setStatus] = useState<SubscriptionStatus | 'all'>('all');
  const [plan, setPlan] = useState<PlanId | 'all'>('all');
  const [text, setText] = useState('');
  if (subscriptions.isPending) return <Spinner label="Loading subscriptions" />;
  if (subscriptions.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Could not load subscriptions</AlertTitle>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void subscriptions.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const needle = text.trim().toLowerCase();
  const all = subscriptions.data.subscriptions;
  const shown = all.filter(
    (item) =>
      (status === 'all' || item.status === status) &&
      (plan === 'all' || item.plan === plan) &&
      (needle === '' || [item.organizationName, item.billingEmail].some((value) => value.toLowerCase().includes(needle))),
  );
  return (
    <section aria-labelledby="subscriptions-heading" className="grid gap-4">
      <h2 id="subscriptions-heading" className="text-xl font-semibold">
        Subscriptions
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="subscription-status">Status</Label>
          <NativeSelect
            id="subscription-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as SubscriptionStatus | 'all')}
          >
            <option value="all">All</option>
            {SUBSCRIPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="subscription-plan">Plan</Label>
          <NativeSelect id="subscription-plan" value={plan} onChange={(event) => setPlan(event.target.value as PlanId | 'all')}>
            <option value="all">All</option>
            {PLAN_IDS.map((value) => (
              <option key={value} value={value}>
                {planById(value).name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="subscription-search">Organisation or e-mail</Label>
          <Input id="subscription-search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {shown.length} of {all.length} subscriptions
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          No subscription matches.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Subscriptions">
          {shown.map((item) => (
            <SubscriptionRow key={item.id} subscription={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
