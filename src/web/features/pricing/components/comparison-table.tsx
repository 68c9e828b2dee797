import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '../../../../shared/pricing-plans.ts';
import { cn } from '../../../lib/cn.ts';
import { FEATURED_PLAN_ID, FEATURE_GROUPS, type FeatureValue } from '../plan-features.ts';

function Cell({ value }: { value: FeatureValue }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto size-5 text-primary" aria-hidden />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto size-5 text-muted-foreground" aria-hidden />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <span>{value}</span>;
}

const stickyColumn = 'sticky left-0 z-10 w-36 min-w-36 bg-card text-left shadow-[1px_0_0_var(--color-border)] sm:w-64 sm:min-w-64';

/**
 * Every feature by plan, as a real table (caption, column and row headers, one row group per
 * topic). On a phone the feature column stays put while the plans scroll sideways; the scroll
 * area is focusable so keyboard users can scroll it too. It is `relative` so the visually hidden
 * cell labels (absolutely positioned) stay inside it instead of widening the page.
 */
export function ComparisonTable() {
  return (
    <div
      role="region"
      aria-labelledby="comparison-caption"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-border bg-card shadow-sm"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption id="comparison-caption" className="sr-only">
          Features of the Essential, Growth, Scale and Enterprise plans
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={cn(stickyColumn, 'px-4 py-4 align-bottom font-medium text-muted-foreground')}>
              Feature
            </th>
            {PLANS.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={cn('min-w-32 px-3 py-4 text-center align-bottom', plan.id === FEATURED_PLAN_ID && 'bg-primary/5')}
              >
                <span className="block text-base font-semibold">{plan.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        {FEATURE_GROUPS.map((group) => (
          <tbody key={group.title}>
            <tr className="border-b border-border bg-muted/60">
              <th scope="rowgroup" colSpan={PLANS.length + 1} className="px-4 py-2.5 text-left font-semibold">
                <span className="sticky left-4">{group.title}</span>
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.feature} className="border-b border-border last:border-b-0">
                <th scope="row" className={cn(stickyColumn, 'px-4 py-3 align-top font-medium')}>
                  {row.feature}
                  {row.note ? <span className="mt-0.5 block text-xs font-normal text-muted-foreground">{row.note}</span> : null}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan.id} className={cn('px-3 py-3 text-center align-top', plan.id === FEATURED_PLAN_ID && 'bg-primary/5')}>
                    <Cell value={row.values[plan.id]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr className="border-t border-border">
            <td className={cn(stickyColumn, 'px-4 py-4')}>
              <span className="sr-only">Start</span>
            </td>
            {PLANS.map((plan) => (
              <td key={plan.id} className={cn('px-3 py-4 text-center', plan.id === FEATURED_PLAN_ID && 'bg-primary/5')}>
                {plan.isSelfServe ? (
                  <Link
                    to={`/subscription?plan=${plan.id}`}
                    className="inline-flex rounded-md px-2 py-1.5 font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    Choose {plan.name}
                  </Link>
                ) : (
                  <a
                    href="/#contact"
                    className="inline-flex rounded-md px-2 py-1.5 font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    Book a consultation
                  </a>
                )}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
