import { Link, type MetaArgs } from 'react-router';
import { SubscriptionScreen } from '../../features/billing/components/subscription-screen.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

/** /subscription and /subscribe render this module; the alias's canonical link points here. */
export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function SubscriptionPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Subscribe</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Start your subscription</h1>
      <p className="mt-4 max-w-2xl text-lg leading-8 text-muted-foreground">
        Choose a plan, tell us about your company and who receives invoices, and your workspace is ready the same day.{' '}
        <Link to="/plan-comparison" className="font-medium text-primary underline-offset-4 hover:underline">
          Compare plans
        </Link>{' '}
        first if you are unsure.
      </p>
      <div className="mt-10">
        <SubscriptionScreen />
      </div>
    </section>
  );
}
