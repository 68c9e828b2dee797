import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ComparisonTable } from '../../features/pricing/components/comparison-table.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = () => pageMeta('/plan-comparison');

export default function PlanComparisonPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <Link
        to="/pricing"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to pricing
      </Link>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Compare plans</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
        Every plan has the same platform, the same AI agents and the same review standard, with unlimited task requests. Higher plans run
        more frameworks at once, turn work around faster and put more people on your account.
      </p>
      <p className="mt-2 text-sm text-muted-foreground sm:hidden">Scroll the table sideways to see every plan.</p>
      <div className="mt-10">
        <ComparisonTable />
      </div>
    </section>
  );
}
