import { CircleCheck } from 'lucide-react';
import { SubscriptionSuccess } from '../../features/billing/components/subscription-success.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = () => pageMeta('/subscription-success');

export default function SubscriptionSuccessPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Your subscription is confirmed</h1>
      <p className="mt-4 max-w-2xl text-lg leading-8 text-muted-foreground">
        Thank you. Your workspace is ready, and a confirmation is on its way to your billing contact.
      </p>
      <div className="mt-10">
        <SubscriptionSuccess />
      </div>
    </section>
  );
}
