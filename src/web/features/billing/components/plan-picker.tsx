import type { UseFormRegister } from 'react-hook-form';
import { PLANS, describeFrameworks, describeSeats, describeTurnaround, formatMonthlyPrice } from '../../../../shared/pricing-plans.ts';
import type { SubscribeFormValues } from '../../../../shared/schemas/billing.ts';
import { cn } from '../../../lib/cn.ts';

/** The self-serve plans as a radio group (a fieldset with a legend; arrow keys move between them). */
export function PlanPicker({ register, error }: { register: UseFormRegister<SubscribeFormValues>; error?: string }) {
  const plans = PLANS.filter((plan) => plan.isSelfServe);
  return (
    <fieldset aria-describedby={error ? 'plan-error' : undefined}>
      <legend className="text-lg font-semibold">Plan</legend>
      <div className="mt-4 grid gap-3 md:grid-cols-3">
        {plans.map((plan) => (
          <label
            key={plan.id}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-xl border border-border bg-card p-4 shadow-xs transition-colors',
              'hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold">{plan.name}</span>
              <input type="radio" value={plan.id} className="size-4 accent-[var(--color-primary)]" {...register('plan')} />
            </span>
            <span className="mt-1 text-sm font-medium">{formatMonthlyPrice(plan)}</span>
            <span className="mt-2 text-xs leading-5 text-muted-foreground">
              {describeFrameworks(plan)} · {describeTurnaround(plan).toLowerCase()} turnaround · {describeSeats(plan).toLowerCase()}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="plan-error" className="mt-2 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground">
        Need several entities, custom controls or negotiated terms?{' '}
        <a href="/#contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Book a consultation about Enterprise
        </a>
        .
      </p>
    </fieldset>
  );
}
