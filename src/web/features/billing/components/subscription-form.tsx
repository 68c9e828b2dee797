import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type FieldPath, type UseFormRegister, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { SelfServePlanId } from '../../../../shared/pricing-plans.ts';
import { type SubscribeFormValues, type SubscribeInput, subscribeInputSchema } from '../../../../shared/schemas/billing.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { subscriptionKeys } from '../api/own-subscription.ts';
import { OrderSummary } from './order-summary.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { BillingFields, CompanyFields } from './subscription-fields.tsx';

export interface ActivatedState {
  invoiceNumber: string;
  invoiceDueAt: string | null;
}

/** The form's fields in the page's order: a refusal from the server lands on its field. */
const SUBSCRIBE_FIELDS: readonly FieldPath<SubscribeFormValues>[] = [
  'plan',
  'company.name',
  'company.website',
  'company.size',
  'company.country',
  'billingContact.name',
  'billingContact.email',
  'billingContact.phone',
  'billingContact.purchaseOrder',
  'billingContact.address',
  'notes',
  'acceptTerms',
];

/** Free words for the kick-off: deadlines, auditors, frameworks that matter most. */
function NotesField({ register, error, disabled }: { register: UseFormRegister<SubscribeFormValues>; error?: string; disabled: boolean }) {
  return (
    <FormField
      id="subscription-notes"
      label="Anything we should know before the kick-off?"
      description="Deadlines, auditors you already work with, frameworks you care about most."
      error={error}
    >
      <Textarea
        {...fieldControlProps('subscription-notes', {
          error: error,
          description: 'Deadlines, auditors you already work with, frameworks you care about most.',
        })}
        rows={3}
        disabled={disabled}
        {...register('notes')}
      />
    </FormField>
  );
}

/** Accepting the terms of service (opened in a new tab) on behalf of the company. */
function AcceptTerms({ register, error, disabled }: { register: UseFormRegister<SubscribeFormValues>; error?: string; disabled: boolean }) {
  return (
    <div className="grid gap-2">
      <label htmlFor="accept-terms" className="flex items-start gap-3 text-sm">
        <input
          id="accept-terms"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          disabled={disabled}
          {...register('acceptTerms')}
        />
        <span>
          I accept the{' '}
          <a href="/terms" target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
            terms of service<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          on behalf of my company.
        </span>
      </label>
      {error ? (
        <p id="accept-terms-error" className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Plan, company, billing contact and terms, validated with the schema the server uses. Manual
 * billing activates at once and lands on /subscription-success; Stripe opens its checkout page.
 */
export function SubscriptionForm({
  initialPlan,
  userId,
  userEmail,
}: {
  initialPlan: SelfServePlanId;
  userId: string;
  userEmail: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useStartCheckout();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SubscribeFormValues, unknown, SubscribeInput>({
    resolver: zodResolver(subscribeInputSchema),
    defaultValues: {
      plan: initialPlan,
      company: { name: '', website: '', size: undefined, country: '' },
      billingContact: { name: '', email: userEmail ?? '', phone: '', address: '', purchaseOrder: '' },
      notes: '',
      acceptTerms: false,
    },
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => setValue('plan', initialPlan), [initialPlan, setValue]);
  const plan = watch('plan');
  const isBusy = isSubmitting || checkout.isPending;
  const problem = checkout.error instanceof ApiError ? checkout.error : null;

  const onSubmit = async (input: SubscribeInput) => {
    try {
      const result = await checkout.mutateAsync(input);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.own(userId) });
      if (result.kind === 'redirect') {
        window.location.assign(result.url);
        return;
      }
      const state: ActivatedState = { invoiceNumber: result.invoice.number, invoiceDueAt: result.invoice.dueAt };
      void navigate(`/subscription-success?subscription=${result.subscription.id}`, { state });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        setServerFormErrors({ setError, setFocus }, error, SUBSCRIBE_FIELDS, error.message);
      }
      if (!(error instanceof ApiError) || error.code !== 'CONFLICT') {
        toast({
          title: 'Subscription not started',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        });
      }
      summaryRef.current?.focus();
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:items-start"
      aria-label="Start your subscription"
    >
      <div className="grid gap-10">
        <PlanPicker register={register} error={errors.plan?.message} />
        <CompanyFields register={register} errors={errors} disabled={isBusy} />
        <BillingFields register={register} errors={errors} disabled={isBusy} />
        <NotesField register={register} error={errors.notes?.message} disabled={isBusy} />
      </div>
      <div className="grid gap-4 lg:sticky lg:top-24">
        <div ref={summaryRef} tabIndex={-1} className="grid gap-4 outline-none">
          {problem?.code === 'CONFLICT' ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>You already have a subscription</AlertTitle>
              <p className="mt-1">{problem.message}</p>
            </Alert>
          ) : null}
        </div>
        <OrderSummary plan={plan} />
        <AcceptTerms register={register} error={errors.acceptTerms?.message} disabled={isBusy} />
        <Button type="submit" size="lg" disabled={isBusy} className="w-full">
          {isBusy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Lock aria-hidden />}
          {isBusy ? 'Starting your subscription…' : 'Start subscription'}
        </Button>
      </div>
    </form>
  );
}
