import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { RESPONSE_PROMISE_HOURS } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { PlanCards } from '../../features/pricing/components/plan-cards.tsx';
import { PricingFaqList } from '../../features/pricing/components/pricing-faq-list.tsx';
import { PRICING_FAQ } from '../../features/pricing/pricing-faq.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { faqJsonLd } from '../../layout/structured-data.ts';

export const meta = () => [...pageMeta('/pricing'), faqJsonLd(PRICING_FAQ)];

const included = [
  'Unlimited task requests',
  'AI agents working around the clock',
  'Human review of every deliverable',
  'AI compliance advisor in your workspace',
  `A reply within ${RESPONSE_PROMISE_HOURS} hours, every time`,
];

export default function PricingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-muted/60 to-background">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-16 sm:px-6 lg:px-8 lg:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Pricing</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            One flat monthly fee. Unlimited compliance tasks.
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-muted-foreground">
            No per-task quotes and no hourly billing. Plans differ in how many frameworks we run at once, how fast work comes back, and who
            reviews it.
          </p>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Included in every plan">
            {included.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <ShieldCheck className="size-4 text-primary" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="Plans and prices" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <PlanCards />
        <div className="mt-8 flex flex-col items-start justify-between gap-4 rounded-xl border border-border bg-muted/40 p-6 sm:flex-row sm:items-center">
          <p className="text-sm text-muted-foreground">
            Need the detail? Every feature of every plan, side by side — or estimate your return first.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to="/plan-comparison">
                Compare plans <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/roi-calculator">Calculate your ROI</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-faq-heading" className="border-t border-border bg-muted/30">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr] lg:px-8">
          <div>
            <h2 id="pricing-faq-heading" className="text-3xl font-bold tracking-tight">
              Pricing questions
            </h2>
            <p className="mt-4 text-muted-foreground">
              Something else? Read the{' '}
              <Link to="/faq" className="font-medium text-primary underline-offset-4 hover:underline">
                full FAQ
              </Link>{' '}
              or{' '}
              <a href="/#contact" className="font-medium text-primary underline-offset-4 hover:underline">
                ask us directly
              </a>
              .
            </p>
          </div>
          <PricingFaqList />
        </div>
      </section>
    </>
  );
}
